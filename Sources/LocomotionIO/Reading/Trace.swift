import Locomotion
import LocomotionDSP

/// A whole accelerometer trace in memory: the batch form of a ``TraceSource``.
public struct Trace: Sendable {
    /// The path it was read from (`"-"` for standard input), for messages.
    public var file: String
    /// The samples in increasing time, acceleration in g.
    public var samples: [AccelerometerSample]
    /// Ground-truth activities parallel to ``samples`` when the file has a
    /// `label` column (an empty field reads as `MotionActivity.unknown`).
    public var labels: [MotionActivity]?
    /// Rows skipped by lenient reading (at most `TraceReader/maximumStoredWarnings`).
    public var warnings: [InputWarning]
    /// The number of rows skipped by lenient reading.
    public var skippedRowCount: Int

    /// Creates a trace from samples in g and optional parallel labels.
    public init(file: String, samples: [AccelerometerSample], labels: [MotionActivity]? = nil,
                warnings: [InputWarning] = [], skippedRowCount: Int? = nil) {
        precondition(labels == nil || labels!.count == samples.count, "labels must parallel samples")
        self.file = file
        self.samples = samples
        self.labels = labels
        self.warnings = warnings
        self.skippedRowCount = skippedRowCount ?? warnings.count
    }

    /// Reads a whole trace (or standard input for `"-"`) into memory by
    /// streaming it through ``TraceInput`` (parsed on every core).
    ///
    /// - Parameters:
    ///   - path: The trace CSV, or `"-"` for standard input.
    ///   - options: Units, lenient mode and checks, as for `TraceReader`.
    ///   - rowsRead: Called after each row with the number of rows read so far (for a progress display;
    ///     keep it cheap).
    /// - Throws: ``InputError`` naming the file, line and column of the first
    ///   problem (strict mode), or when nothing could be read.
    /// - Complexity: O(n) time and memory.
    public static func read(path: String, options: TraceReadingOptions = .init(),
                            rowsRead: (Int) -> Void = { _ in }) throws(InputError) -> Trace {
        var reader = try TraceInput(path: path, options: options)
        var samples: [AccelerometerSample] = []
        var labels: [MotionActivity]? = reader.hasLabels ? [] : nil
        while let row = try reader.next() {
            samples.append(row.sample)
            labels?.append(row.label ?? .unknown)
            rowsRead(samples.count)
        }
        return Trace(file: path, samples: samples, labels: labels,
                     warnings: reader.warnings, skippedRowCount: reader.skippedRowCount)
    }
}

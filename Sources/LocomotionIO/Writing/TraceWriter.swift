import Locomotion
import LocomotionDSP

/// Writes an accelerometer trace as CSV (`timestamp,x,y,z[,label]`, what
/// `TraceReader` reads) or as JSON Lines (one object per sample, what `JSONLinesTraceReader` reads), exactly
/// round-tripping every value either way (``TraceInput`` opens both).
///
/// ```swift
/// var writer = try TraceWriter(path: "walk.csv", includesLabels: true)
/// for sample in samples { try writer.write(sample, label: .walking) }
/// try writer.finish()
/// ```
///
/// Values are written in the shortest text that reads back bit for bit;
/// output is buffered (256 KiB) so a row costs no system call. The file is
/// written under a temporary name beside `path` and appears under `path` only
/// when ``finish()`` succeeds: a writer dropped unfinished, or one whose write
/// failed, leaves `path` as it was. A writer owns an open file; copies share it,
/// so use one copy and call ``finish()``.
public struct TraceWriter {
    /// The encoding being written.
    package let format: TraceFileFormat
    /// True when rows carry a `label` column.
    package let includesLabels: Bool
    private let sink: OutputFile
    private var finished = false

    /// Opens `path` (a temporary file beside it until ``finish()``) and writes
    /// the CSV header; `"-"` writes to standard output.
    public init(path: String, format: TraceFileFormat = .csv, includesLabels: Bool = false) throws(OutputError) {
        self.format = format
        self.includesLabels = includesLabels
        sink = try OutputFile(path: path, bufferSize: 1 << 18)
        if format == .csv {
            sink.buffer.append(contentsOf: (includesLabels ? "timestamp,x,y,z,label\n" : "timestamp,x,y,z\n").utf8)
        }
    }

    /// Appends one sample (acceleration in g). `label` is written when the
    /// writer includes labels (nil as an empty field, or JSON `null`).
    ///
    /// - Throws: ``OutputError`` when a value is not finite (the format has no
    ///   such values) or writing fails.
    /// - Complexity: O(1).
    public mutating func write(_ sample: AccelerometerSample, label: MotionActivity? = nil) throws(OutputError) {
        guard sample.time.isFinite && sample.acceleration.isFinite else {
            throw OutputError(file: sink.path, problem: "cannot write a sample with a non-finite value at time \(sample.time)")
        }
        TraceWriter.encode(sample, label: includesLabels ? label : nil, labelColumn: includesLabels,
                           format: format, into: &sink.buffer)
        try sink.flushIfFull()
    }

    /// Writes out what is buffered, closes the file and renames it to `path`.
    /// Call once at the end; nothing appears under `path` before.
    ///
    /// - Throws: ``OutputError`` when writing, closing or renaming fails (then
    ///   `path` is left as it was).
    public mutating func finish() throws(OutputError) {
        guard !finished else { return }
        finished = true
        try sink.commit()
    }

    /// Writes a whole trace (with its labels when it has them) to `path`.
    public static func write(_ trace: Trace, to path: String, format: TraceFileFormat = .csv) throws(OutputError) {
        var writer = try TraceWriter(path: path, format: format, includesLabels: trace.labels != nil)
        for (index, sample) in trace.samples.enumerated() {
            try writer.write(sample, label: trace.labels?[index])
        }
        try writer.finish()
    }

    /// The encoded text of one row, appended to `buffer`.
    @inline(__always)
    static func encode(_ sample: AccelerometerSample, label: MotionActivity?, labelColumn: Bool,
                       format: TraceFileFormat, into buffer: inout [UInt8]) {
        switch format {
        case .csv:
            DecimalFormatter.append(sample.time, to: &buffer)
            buffer.append(UInt8(ascii: ","))
            DecimalFormatter.append(sample.acceleration.x, to: &buffer)
            buffer.append(UInt8(ascii: ","))
            DecimalFormatter.append(sample.acceleration.y, to: &buffer)
            buffer.append(UInt8(ascii: ","))
            DecimalFormatter.append(sample.acceleration.z, to: &buffer)
            if labelColumn {
                buffer.append(UInt8(ascii: ","))
                if let label { buffer.append(contentsOf: label.rawValue.utf8) }
            }
        case .jsonLines:
            buffer.append(contentsOf: #"{"timestamp":"#.utf8)
            DecimalFormatter.append(sample.time, to: &buffer)
            buffer.append(contentsOf: #","x":"#.utf8)
            DecimalFormatter.append(sample.acceleration.x, to: &buffer)
            buffer.append(contentsOf: #","y":"#.utf8)
            DecimalFormatter.append(sample.acceleration.y, to: &buffer)
            buffer.append(contentsOf: #","z":"#.utf8)
            DecimalFormatter.append(sample.acceleration.z, to: &buffer)
            if labelColumn {
                if let label {
                    buffer.append(contentsOf: #","label":""#.utf8)
                    buffer.append(contentsOf: label.rawValue.utf8)
                    buffer.append(UInt8(ascii: "\""))
                } else {
                    buffer.append(contentsOf: #","label":null"#.utf8)
                }
            }
            buffer.append(UInt8(ascii: "}"))
        }
        buffer.append(UInt8(ascii: "\n"))
    }
}

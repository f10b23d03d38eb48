import LocomotionDSP

/// A recording's inputs in the recording order (``MotionInput``): samples (and their labels) appended one at a time,
/// the location fixes given whole, handed out one input at a time by ``next()``.
///
/// Append a sample with ``append(_:label:)``, then call ``next()`` until it returns nil: it hands out every fix due
/// by the sample's time (each before the first sample not earlier than it, at equal times the fix first), then,
/// with activity from labels, the update of the sample's label when it differs from the previous sample's, then the
/// sample. After the last sample, ``endSamples()`` and ``next()`` hand out the fixes left.
///
/// **The fix rule**, the one every consumer follows (the engine applies it to what an app pushes):
/// - Fixes are taken in the order given. A fix earlier than the latest fix before it is no evidence
///   (``MotionInput/outOfOrderFix(_:)``, handed out at its place): the classifier and the gate never see it, the
///   odometer counts it as out of order — never sorted into place, never an error (``outOfOrderFixCount``).
///   A fix at the same time as the one before is evidence; the odometer counts it as a
///   duplicate.
/// - A fix without a time (NaN) counts only in the odometer's undated tally (``MotionInput/untimedFix(_:)``).
/// - At each of the segment starts a new track segment begins (``MotionInput/segmentBreak``), unless segments are
///   joined.
///
/// ```swift
/// var inputs = RecordedInputs(fixes: fixes)
/// for sample in samples {
///     inputs.append(sample)
///     while let input = inputs.next() { try engine.push(input, emit: handle) }
/// }
/// inputs.endSamples()
/// while let input = inputs.next() { try engine.push(input, emit: handle) }
/// ```
///
/// - Complexity: O(1) amortised per input; the fixes are held in memory (they are few: one a second while moving).
public struct RecordedInputs: Sendable {
    /// Where the inputs stood on the first fix out of order (package: the command-line tool's warning names it).
    package struct OutOfOrderFix: Sendable, Hashable {
        /// The fix's position among the fixes (0-based, counting every fix).
        package var index: Int
        /// Its time (s).
        package var time: Double
        /// The time of the latest fix before it (s).
        package var previous: Double
    }

    private var fixes: LocationFixFeed
    private var labels: ActivityLabelStream?
    private var sample: AccelerometerSample?
    private var update: ActivityUpdate?
    private var samplesEnded = false

    /// The inputs of a recording with `fixes` (in their recorded order), new track segments starting at the fix
    /// indices `segmentStarts` (ascending) unless `joinsSegments`, and, when `labelConfidence` is given, activity
    /// from the samples' labels: an update with that confidence and the rule ``ActivityRule/label`` at the first
    /// sample and at every change of label (an unlabelled sample reads as ``MotionActivity/unknown``).
    public init(fixes: [LocationFix] = [], segmentStarts: [Int] = [], joinsSegments: Bool = false,
                activityFromLabels labelConfidence: ActivityConfidence? = nil) {
        self.fixes = LocationFixFeed(fixes, segmentStarts: segmentStarts, joinsSegments: joinsSegments)
        labels = labelConfidence.map { ActivityLabelStream(confidence: $0) }
    }

    /// Takes the next sample (time order; `label` is used with activity from labels): ``next()`` now hands out the
    /// fixes due by its time, its label's update and the sample.
    /// - Precondition: ``next()`` has returned nil since the last sample, and ``endSamples()`` was not called.
    /// - Complexity: O(1).
    public mutating func append(_ sample: AccelerometerSample, label: MotionActivity? = nil) {
        precondition(self.sample == nil && !samplesEnded, "RecordedInputs: append a sample once next() returned nil")
        self.sample = sample
        if labels != nil { labels!.push(label, at: sample.time) { update = $0 } }
    }

    /// The samples have ended: ``next()`` now hands out every fix left.
    public mutating func endSamples() {
        samplesEnded = true
    }

    /// The next input due, or nil when everything due has been handed out.
    /// - Complexity: O(1) amortised.
    public mutating func next() -> MotionInput? {
        if let sample {
            if let item = fixes.next(through: sample.time) { return Self.input(item) }
            if let update {
                self.update = nil
                return .activity(update)
            }
            self.sample = nil
            return .sample(sample)
        }
        guard samplesEnded, let item = fixes.next(through: .infinity) else { return nil }
        return Self.input(item)
    }

    /// True when the activity comes from the samples' labels.
    package var takesActivityFromLabels: Bool { labels != nil }

    /// True when every fix has been handed out.
    package var hasHandedOutEveryFix: Bool { fixes.isFinished }
    /// Fixes handed out so far that were out of order.
    public var outOfOrderFixCount: Int { fixes.outOfOrderCount }
    /// The first of them, nil while there is none.
    package var firstOutOfOrderFix: OutOfOrderFix? {
        fixes.firstOutOfOrder.map { OutOfOrderFix(index: $0.index, time: $0.time, previous: $0.previous) }
    }

    private static func input(_ item: LocationFixFeed.Item) -> MotionInput {
        switch item {
        case .evidence(let fix): .fix(fix)
        case .outOfOrder(let fix): .outOfOrderFix(fix)
        case .untimed(let fix): .untimedFix(fix)
        case .segmentBreak: .segmentBreak
        }
    }
}

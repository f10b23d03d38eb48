import Locomotion
import LocomotionDSP
import LocomotionIO

/// `locomotion replay` one trace row at a time: the inputs of ``GatingReplay/run(samples:fixes:source:configuration:)``
/// in the same order (fixes up to a sample, then its activity update, then its heartbeat), with the
/// summary's per-sample figures counted on the way, so that memory does not grow with the trace.
///
/// What is kept grows with what happens, not with the samples: gate events, activity updates, mode
/// segments and (with labels) truth segments. The recorded-sample count of ``ReplaySummary`` needs
/// each sample's mode segment, which is final once the gate has moved past the sample: every later
/// event is dated at or after the gate's time (``RecordingGate`` never dates a decision before its
/// latest input), so a sample is counted when the next one has been processed and the last one at
/// ``finish()``, with the same sweep as `ReplaySummary`. O(1) per sample.
struct StreamingReplay {
    /// What ``finish()`` returns: what `GatingReplay` and `GatingReplay.truthSegments` give for the whole trace.
    struct Result {
        var events: [GatingEvent]
        var segments: [GatingSegment]
        var updates: [ActivityUpdate]
        var truth: [ActivitySegment]?
        var sampleCount: Int
        var recordedSampleCount: Int
    }

    private var gate: RecordingGate
    private var classifier: ActivityClassifier?
    private let labelConfidence: ActivityConfidence
    private var previousLabel: MotionActivity?
    private let fixes: [LocationFix]
    private var fixIndex = 0

    private var events: [GatingEvent] = []
    private var updates: [ActivityUpdate] = []
    private var segmenter = GatingSegmenter()
    private var segmentedEventCount = 0
    private var segments: [GatingSegment] = []
    /// The segment the segmenter holds open (its end unknown), refreshed as events come.
    private var openSegment: GatingSegment?

    private var pendingTime: Double?
    private var sampleCount = 0
    private var recordedSampleCount = 0
    private var sweepIndex = 0

    private var truth: TruthSegmentBuilder?

    /// - Parameters:
    ///   - labelConfidence: non-nil to use the trace's labels as the activity stream (`--activity-from-labels`),
    ///     nil for the classifier with `classifierConfiguration`.
    ///   - collectsTruth: build the truth segments from the rows' labels (the trace has a label column).
    ///   - truthHold: the longest a label holds without a sample (`GatingReplay.truthSegments`' `maximumHold`).
    init(fixes: [LocationFix], labelConfidence: ActivityConfidence?, classifierConfiguration: ActivityClassifier.Configuration,
         configuration: GatingConfiguration, collectsTruth: Bool) {
        gate = RecordingGate(configuration: configuration)
        classifier = labelConfidence == nil ? ActivityClassifier(configuration: classifierConfiguration) : nil
        self.labelConfidence = labelConfidence ?? .medium
        self.fixes = fixes
        truth = collectsTruth ? TruthSegmentBuilder(maximumHold: configuration.gapLimit) : nil
    }

    /// Takes the next row (time-ordered). O(1) amortised.
    /// - Throws: ``GatingError`` for out-of-order or invalid fixes.
    mutating func push(_ row: TraceRow) throws(GatingError) {
        let sample = row.sample
        let label = row.label ?? .unknown
        while fixIndex < fixes.count && fixes[fixIndex].time <= sample.time {
            classifier?.push(fixes[fixIndex])
            try gate.process(fixes[fixIndex], into: &events)
            fixIndex += 1
        }
        if classifier != nil {
            // An empty result does not allocate; the classifier emits rarely.
            for update in classifier!.push(sample) {
                try gate.process(update, into: &events)
                updates.append(update)
            }
        } else if label != previousLabel {
            let update = ActivityUpdate(start: sample.time, activity: label, confidence: labelConfidence,
                                        explanation: ActivityExplanation(rule: "label"))
            try gate.process(update, into: &events)
            updates.append(update)
            previousLabel = label
        }
        try gate.advance(to: sample.time, into: &events)
        segmentNewEvents()
        // The gate is now at this sample's time, so the previous sample's segment is settled.
        if let previous = pendingTime { countSettled(previous) }
        pendingTime = sample.time
        truth?.add(time: sample.time, label: label)
    }

    /// Closes the last segment at the last sample and counts it. O(segments) for the result.
    mutating func finish() -> Result {
        segmentNewEvents()
        let end = pendingTime ?? 0
        if let last = segmenter.finish(at: end) { segments.append(last) }
        if let time = pendingTime {
            // The batch sweep of ReplaySummary: segments are half-open except the last.
            sampleCount += 1
            while sweepIndex < segments.count && segments[sweepIndex].end <= time && sweepIndex < segments.count - 1 { sweepIndex += 1 }
            if sweepIndex < segments.count {
                let segment = segments[sweepIndex]
                if segment.mode == .highAccuracy && time >= segment.start && time <= segment.end { recordedSampleCount += 1 }
            }
        }
        return Result(events: events, segments: segments, updates: updates, truth: truth?.segments,
                      sampleCount: sampleCount, recordedSampleCount: recordedSampleCount)
    }

    /// Feeds the segmenter the events it has not seen.
    private mutating func segmentNewEvents() {
        guard segmentedEventCount < events.count else { return }
        for event in events[segmentedEventCount...] {
            if let closed = segmenter.push(event) { segments.append(closed) }
        }
        segmentedEventCount = events.count
        var peek = segmenter
        openSegment = peek.finish(at: .infinity)
    }

    /// Counts a sample before the gate's time: its segment is a closed one, or the open one (which ends later).
    private mutating func countSettled(_ time: Double) {
        sampleCount += 1
        while sweepIndex < segments.count && segments[sweepIndex].end <= time { sweepIndex += 1 }
        guard let segment = sweepIndex < segments.count ? segments[sweepIndex] : openSegment else { return }
        if segment.mode == .highAccuracy && time >= segment.start { recordedSampleCount += 1 }
    }
}

/// `GatingReplay.truthSegments` one labelled sample at a time: each label holds from its sample to the
/// next one, for at most `maximumHold` seconds; runs of one label are merged.
struct TruthSegmentBuilder {
    let maximumHold: Double
    private(set) var segments: [ActivitySegment] = []
    private var previousTime: Double?
    private var previousLabel: MotionActivity?

    init(maximumHold: Double) {
        self.maximumHold = maximumHold
    }

    mutating func add(time: Double, label: MotionActivity) {
        if let start = previousTime, let label = previousLabel {
            let stop = min(time, start + maximumHold)
            if stop > start {
                if var last = segments.last, last.activity == label, last.end == start {
                    last.end = stop
                    segments[segments.count - 1] = last
                } else {
                    segments.append(ActivitySegment(start: start, end: stop, activity: label, confidence: .high))
                }
            }
        }
        previousTime = time
        previousLabel = label
    }
}

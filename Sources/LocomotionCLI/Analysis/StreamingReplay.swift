import Locomotion
import LocomotionDSP
import LocomotionIO
import LocomotionEvaluation

/// `locomotion replay` one trace row at a time: the library's `GatingReplayer` (what `GatingReplay.run`
/// pushes over a buffer), with the mode segments, the truth segments and the summary's per-sample figures
/// built on the way, so that memory does not grow with the trace.
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

    private var replayer: GatingReplayer

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
    private var truthSegments: [ActivitySegment] = []

    /// - Parameters:
    ///   - labelConfidence: non-nil to use the trace's labels as the activity stream (`--activity-from-labels`),
    ///     nil for the classifier with `classifierConfiguration`.
    ///   - collectsTruth: build the truth segments from the rows' labels (the trace has a label column).
    init(fixes: [LocationFix], labelConfidence: ActivityConfidence?, classifierConfiguration: ActivityClassifier.Configuration,
         configuration: GatingConfiguration, collectsTruth: Bool) {
        replayer = GatingReplayer(
            fixes: fixes, source: labelConfidence == nil ? .classifier(classifierConfiguration) : .external,
            labelConfidence: labelConfidence ?? .medium, configuration: configuration)
        truth = collectsTruth ? TruthSegmentBuilder(maximumHold: configuration.gapLimit) : nil
    }

    /// Takes the next row (time-ordered). O(1) amortised.
    /// - Throws: ``GatingError`` for out-of-order or invalid fixes.
    mutating func push(_ row: TraceRow) throws(GatingError) {
        let sample = row.sample
        // The stages are parts of `self`: what they emit waits in local buffers (rare; empty ones do not allocate).
        var newEvents: [GatingEvent] = [], newUpdates: [ActivityUpdate] = []
        try replayer.push(sample, label: row.label) { event in
            switch event {
            case .activity(let update): newUpdates.append(update)
            case .gating(let event): newEvents.append(event)
            }
        }
        events += newEvents
        updates += newUpdates
        segmentNewEvents()
        // The gate is now at this sample's time, so the previous sample's segment is settled.
        if let previous = pendingTime { countSettled(previous) }
        pendingTime = sample.time
        var closed: [ActivitySegment] = []
        truth?.push(row.label ?? .unknown, at: sample.time) { closed.append($0) }
        truthSegments += closed
    }

    /// Closes the last segment at the last sample and counts it. O(segments) for the result.
    mutating func finish() -> Result {
        segmentNewEvents()
        let end = pendingTime ?? 0
        var last: GatingSegment?
        segmenter.finish(at: end) { last = $0 }
        if let last { segments.append(last) }
        if let time = pendingTime {
            // The batch sweep of ReplaySummary: segments are half-open except the last.
            sampleCount += 1
            while sweepIndex < segments.count && segments[sweepIndex].end <= time && sweepIndex < segments.count - 1 { sweepIndex += 1 }
            if sweepIndex < segments.count {
                let segment = segments[sweepIndex]
                if segment.mode == .highAccuracy && time >= segment.start && time <= segment.end { recordedSampleCount += 1 }
            }
        }
        var closed: [ActivitySegment] = []
        truth?.finish { closed.append($0) }
        truthSegments += closed
        return Result(events: events, segments: segments, updates: updates, truth: truth.map { _ in truthSegments },
                      sampleCount: sampleCount, recordedSampleCount: recordedSampleCount)
    }

    /// Feeds the segmenter the events it has not seen.
    private mutating func segmentNewEvents() {
        guard segmentedEventCount < events.count else { return }
        var closed: [GatingSegment] = []
        for event in events[segmentedEventCount...] { segmenter.push(event) { closed.append($0) } }
        segments += closed
        segmentedEventCount = events.count
        var peek = segmenter
        var open: GatingSegment?
        peek.finish(at: .infinity) { open = $0 }
        openSegment = open
    }

    /// Counts a sample before the gate's time: its segment is a closed one, or the open one (which ends later).
    private mutating func countSettled(_ time: Double) {
        sampleCount += 1
        while sweepIndex < segments.count && segments[sweepIndex].end <= time { sweepIndex += 1 }
        guard let segment = sweepIndex < segments.count ? segments[sweepIndex] : openSegment else { return }
        if segment.mode == .highAccuracy && time >= segment.start { recordedSampleCount += 1 }
    }
}

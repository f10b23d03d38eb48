import Locomotion

/// What a replay of a recorded trace reports, collected as a `MotionEngine` runs it: the gate's events and mode
/// segments, the activity updates the gate received, the ground-truth segments of a labelled trace (those of
/// ``TruthSegmentBuilder/segments(times:labels:maximumHold:)``), and the ``ReplaySummary``, in memory that grows with
/// what happens (events, segments), not with the samples. ``ReplayCollector`` keeps one in step with an engine.
///
/// A stage of the streaming contract: ``push(sampleAt:label:)`` each sample as it is read,
/// ``push(_:)`` each event of the engine, ``advance(to:)`` to the engine's latest processed sample after each
/// input (the summary's recorded-sample count needs each sample's mode segment, which is final once the gate has
/// moved past the sample: no later event is dated before the gate's time), ``finish(at:)`` at the last sample.
/// - Complexity: O(1) amortised per sample and per event.
package struct ReplayRecorder: Sendable {
    /// The gate's events, in order.
    package private(set) var events: [RecordingGate.Event] = []
    /// The mode segments closed so far; after ``finish(at:)`` every segment, the last closed at the last sample.
    package private(set) var segments: [RecordingGate.Segment] = []
    /// The activity updates the gate received, in order.
    package private(set) var updates: [ActivityUpdate] = []
    /// The ground-truth segments of the labels (nil when not collected); complete after ``finish(at:)``.
    package private(set) var truth: [ActivitySegment]?
    /// The odometer's latest tally of each day that saw a fix (its `.distance` events), oldest first; empty without
    /// fixes.
    package private(set) var distanceTallies: [DailyDistance] = []

    private var segmenter = RecordingGate.Segmenter()
    /// The segment the segmenter holds open (its end unknown).
    private var openSegment: RecordingGate.Segment?
    private var truthBuilder: TruthSegmentBuilder?
    private var counter = RecordedSampleCounter()
    /// Sample times read but not yet counted: `pending[pendingStart...]`.
    private var pending: [Double] = []
    private var pendingStart = 0
    /// The first sample's time: the summary spans the samples, not fixes fed to the gate before them.
    private var firstSampleTime: Double?

    /// A recorder; `truthHold` (s) collects the ground-truth segments of the samples' labels, each label holding
    /// for at most that long (``TruthSegmentBuilder``; the gate's gap limit for `locomotion replay`), nil does not.
    package init(truthHold: Double?) {
        truthBuilder = truthHold.map { TruthSegmentBuilder(maximumHold: $0) }
        truth = truthHold.map { _ in [] }
    }

    /// Samples counted, and of those the samples in high-accuracy time (complete after ``finish(at:)``).
    package var sampleCount: Int { counter.sampleCount }
    package var recordedSampleCount: Int { counter.recordedCount }

    /// Takes the next sample read (time in s, time-ordered) and its ground-truth label (nil: unlabelled).
    /// - Complexity: O(1) amortised.
    package mutating func push(sampleAt time: Double, label: MotionActivity?) {
        if firstSampleTime == nil { firstSampleTime = time }
        pending.append(time)
        guard truthBuilder != nil else { return }
        var closed: ActivitySegment?
        truthBuilder!.push(label ?? .unknown, at: time) { closed = $0 }
        if let closed { truth!.append(closed) }
    }

    /// Takes an event of the engine: gate events and activity updates are kept, the rest ignored.
    /// - Complexity: O(1) amortised.
    package mutating func push(_ event: MotionEvent) {
        switch event {
        case .recording(let gating):
            events.append(gating)
            var closed: RecordingGate.Segment?
            segmenter.push(gating) { closed = $0 }
            if let closed {
                segments.append(closed)
                counter.append(closed)
            }
            var peek = segmenter
            openSegment = nil
            peek.finish(at: .infinity) { openSegment = $0 }
        case .activity(let update):
            updates.append(update)
        case .distance(let update):
            for tally in update.earlierTallies + [update.tally] {
                if let index = distanceTallies.lastIndex(where: { $0.day == tally.day }) {
                    distanceTallies[index] = tally
                } else {
                    distanceTallies.append(tally)
                }
            }
        default:
            break
        }
    }

    /// The gate has taken every input up to `time` (s; the engine's `MotionEngine.lastSampleTime`): counts the
    /// samples before it.
    /// - Complexity: O(samples counted).
    package mutating func advance(to time: Double) {
        while pendingStart < pending.count && pending[pendingStart] < time {
            counter.countSettled(at: pending[pendingStart], open: openSegment)
            pendingStart += 1
        }
        if pendingStart == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingStart = 0
        } else if pendingStart >= 1024 {
            pending.removeFirst(pendingStart)
            pendingStart = 0
        }
    }

    /// The input ended at `end` (s, the last sample): closes the last segment there, counts the samples left and
    /// closes the truth segments.
    /// - Complexity: O(samples left).
    package mutating func finish(at end: Double) {
        segmenter.finish(at: end) { last in
            segments.append(last)
            counter.append(last)
        }
        openSegment = nil
        for time in pending[pendingStart...] { counter.countFinal(at: time) }
        pending.removeAll()
        pendingStart = 0
        if truthBuilder != nil {
            var closed: [ActivitySegment] = []
            truthBuilder!.finish { closed.append($0) }
            truth! += closed
        }
    }

    /// The summary of the replay (after ``finish(at:)``): ``ReplaySummary`` of the segments, the truth and the
    /// updates, with the samples counted here (every row read, received or not) and, for a closed-loop replay,
    /// what its collector received (`closedLoop`). Its span is the samples' (first to last sample, as
    /// ``ReplaySummary`` defines it): the part of a segment before the first sample — fixes fed to the gate before
    /// the trace begins — is left out.
    package func summary(configuration: RecordingGate.Configuration, onsetAllowance: Double = 30,
                        closedLoop: ClosedLoopCounts? = nil) -> ReplaySummary {
        var spanned = segments
        if let firstSampleTime {
            spanned = segments.compactMap { segment in
                guard segment.end > firstSampleTime else { return nil }
                var clipped = segment
                clipped.start = max(segment.start, firstSampleTime)
                return clipped
            }
        }
        var summary = ReplaySummary(segments: spanned, sampleTimes: EmptyCollection<Double>(), truth: truth,
                                    configuration: configuration, onsetAllowance: onsetAllowance, updates: updates)
        summary.samples = counter.sampleCount
        summary.recordedSamples = counter.recordedCount
        summary.recordedSampleShare = summary.samples > 0 ? Double(summary.recordedSamples) / Double(summary.samples) : 0
        summary.closedLoop = closedLoop
        if !distanceTallies.isEmpty {
            summary.distance = ReplayDistance(tallies: distanceTallies)
        }
        return summary
    }
}

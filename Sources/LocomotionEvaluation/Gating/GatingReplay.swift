import Locomotion
import LocomotionDSP

/// A recorded trace run through an activity stream and a `RecordingGate`
/// the way a collector would have run them live: samples, fixes and activity
/// updates in time order, the gate advanced to every sample's time.
public struct GatingReplay: Sendable {
    /// Every gate event, in order.
    public var events: [RecordingGate.Event]
    /// The mode segments (from the first to the last sample).
    public var segments: [RecordingGate.Segment]
    /// The activity updates the gate received, in order.
    public var updates: [ActivityUpdate]

    /// Replays `samples` (time-ordered) with `fixes` (time-ordered) through a
    /// gate with `configuration`: a ``GatingReplayer`` pushed over the buffer.
    /// The activity comes from `source`: the classifier (end to end), or
    /// (`ActivitySource.external`) `labels`, parallel to the samples, each change an update with
    /// `labelConfidence` (the gate alone).
    ///
    /// Order at equal times: fixes, then the activity update, then the
    /// sample's heartbeat. Updates of the activity source are fed to the gate
    /// as soon as they exist, as a live collector would.
    /// - Precondition: with `ActivitySource.external`, `labels` has one label per sample.
    /// - Complexity: O(n + f) for n samples and f fixes.
    /// - Throws: `RecordingGateError` for invalid fixes (a position or accuracy out of range); fixes out of order are no
    ///   evidence (`LocationFixFeed`).
    public static func run(
        samples: [AccelerometerSample], labels: [MotionActivity] = [], fixes: [LocationFix],
        source: ActivitySource, labelConfidence: ActivityConfidence = .medium, configuration: RecordingGate.Configuration
    ) throws(RecordingGateError) -> GatingReplay {
        var events: [RecordingGate.Event] = []
        var updates: [ActivityUpdate] = []
        let collect = { (event: GatingReplayer.Event) in
            switch event {
            case .activity(let update): updates.append(update)
            case .gating(let event): events.append(event)
            }
        }
        var replayer = GatingReplayer(fixes: fixes, source: source, labelConfidence: labelConfidence,
                                      configuration: configuration)
        if case .external = source {
            precondition(labels.count == samples.count, "labels must parallel samples")
            for (sample, label) in zip(samples, labels) { try replayer.push(sample, label: label, emit: collect) }
        } else {
            for sample in samples { try replayer.push(sample, label: nil, emit: collect) }
        }
        let end = samples.last?.time ?? 0
        return GatingReplay(events: events, segments: RecordingGate.Segmenter.segments(of: events, end: end), updates: updates)
    }

    /// Ground-truth segments from per-sample labels: each label holds from its
    /// sample to the next sample, but for at most `maximumHold` seconds (so a
    /// gap in the recording is not labelled; the default is the gate's default
    /// gap limit, 60 s). Runs of one label are merged: ``TruthSegmentBuilder`` over the trace.
    /// - Complexity: O(n).
    public static func truthSegments<Times: Sequence>(times: Times, labels: [MotionActivity], maximumHold: Double = 60) -> [ActivitySegment]
    where Times.Element == Double {
        var builder = TruthSegmentBuilder(maximumHold: maximumHold)
        var segments: [ActivitySegment] = []
        for (time, label) in zip(times, labels) { builder.push(label, at: time) { segments.append($0) } }
        builder.finish { segments.append($0) }
        return segments
    }
}

import Locomotion
import LocomotionDSP

/// An independent oracle for what a recording gate decides over a recorded trace: an `ActivityClassifier` (or the
/// labels) and a `RecordingGate` fed by hand in the recording order — each fix in time order before the first sample
/// not earlier than it (fixes that go back in time or have no time are no evidence and are left out), then the
/// sample's activity updates, then the sample as the gate's heartbeat. Written plainly, without `MotionEngine` or
/// `RecordedInputs`, so that tests of those have something of their own to compare with.
public enum GateOracle {
    /// What the gate decided.
    public struct Replay: Sendable {
        /// Every gate event, in order.
        public var events: [RecordingGate.Event]
        /// The activity updates the gate received, in order.
        public var updates: [ActivityUpdate]
        /// The mode segments, first to last sample.
        public var segments: [RecordingGate.Segment]
    }

    /// Replays `samples` with `fixes` through a gate with `configuration`; the activity comes from a classifier with
    /// `classifier` (lagged, as a phone decides), or, when that is nil, from `labels` (parallel to the samples), an
    /// update with `labelConfidence` at each change.
    public static func run(samples: [AccelerometerSample], labels: [MotionActivity] = [], fixes: [LocationFix],
                           classifier: ActivityClassifier.Configuration? = .init(),
                           labelConfidence: ActivityConfidence = .medium,
                           configuration: RecordingGate.Configuration) throws(RecordingGateError) -> Replay {
        precondition(classifier != nil || labels.count == samples.count, "labels must parallel samples")
        var gate = RecordingGate(configuration: configuration)
        var activity = classifier.map { ActivityClassifier(configuration: $0) }
        var events: [RecordingGate.Event] = []
        var updates: [ActivityUpdate] = []
        var nextFix = 0
        var latestFix = -Double.infinity
        var previousLabel: MotionActivity?
        for (index, sample) in samples.enumerated() {
            while nextFix < fixes.count, fixes[nextFix].time.isNaN || fixes[nextFix].time < latestFix
                    || fixes[nextFix].time <= sample.time {
                let fix = fixes[nextFix]
                nextFix += 1
                guard !fix.time.isNaN, fix.time >= latestFix else { continue }
                latestFix = fix.time
                activity?.push(fix)
                try gate.push(fix) { events.append($0) }
            }
            var sampleUpdates: [ActivityUpdate] = []
            if activity != nil {
                activity!.push(sample) { sampleUpdates.append($0) }
            } else if labels[index] != previousLabel {
                previousLabel = labels[index]
                sampleUpdates.append(ActivityUpdate(start: sample.time, activity: labels[index], confidence: labelConfidence,
                                                    explanation: ActivityExplanation(rule: .label)))
            }
            for update in sampleUpdates {
                updates.append(update)
                try gate.push(update) { events.append($0) }
            }
            try gate.advance(to: sample.time) { events.append($0) }
        }
        let end = samples.last?.time ?? 0
        return Replay(events: events, updates: updates, segments: RecordingGate.Segmenter.segments(of: events, end: end))
    }
}

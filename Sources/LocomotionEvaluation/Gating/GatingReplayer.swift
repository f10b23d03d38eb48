import Locomotion
import LocomotionDSP

/// ``GatingReplay`` one sample at a time: an activity stream and a `RecordingGate` fed in the order a live
/// collector would have fed them, so that a trace can be replayed in constant memory (the gate's events and the
/// activity updates are the only output, and they grow with what happens, not with the samples).
///
/// Order at equal times: fixes up to the sample, then the activity update, then the sample's heartbeat.
/// ``GatingReplay/run(samples:fixes:source:configuration:)`` is this replayer pushed over a whole buffer.
public struct GatingReplayer: Sendable {
    /// Where the activity updates come from, sample by sample.
    public enum ActivitySource: Sendable {
        /// The label passed with each sample: an update at every label change, with this confidence.
        case labels(confidence: ActivityConfidence)
        /// An `ActivityClassifier` fed the samples and fixes.
        case classifier(ActivityClassifier.Configuration)
    }

    /// The gate, advanced to the latest sample's time.
    public private(set) var gate: RecordingGate
    private var classifier: ActivityClassifier?
    private let labelConfidence: ActivityConfidence
    private var previousLabel: MotionActivity?
    private let fixes: [LocationFix]
    private var fixIndex = 0

    /// A replayer of `fixes` (time-ordered) with activity from `source`, through a gate with `configuration`.
    public init(fixes: [LocationFix], source: ActivitySource, configuration: GatingConfiguration) {
        gate = RecordingGate(configuration: configuration)
        self.fixes = fixes
        switch source {
        case .labels(let confidence):
            classifier = nil
            labelConfidence = confidence
        case .classifier(let classifierConfiguration):
            classifier = ActivityClassifier(configuration: classifierConfiguration)
            labelConfidence = .medium
        }
    }

    /// Takes the next sample (time-ordered) with its label (used by ``ActivitySource/labels(confidence:)``;
    /// `nil` is `unknown`), appending the gate's events to `events` and the activity updates given to the
    /// gate to `updates`. O(1) amortised.
    /// - Throws: `GatingError` for out-of-order or invalid fixes.
    public mutating func push(_ sample: AccelerometerSample, label: MotionActivity?,
                              events: inout [GatingEvent], updates: inout [ActivityUpdate]) throws(GatingError) {
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
        } else {
            let label = label ?? .unknown
            if label != previousLabel {
                let update = ActivityUpdate(start: sample.time, activity: label, confidence: labelConfidence,
                                            explanation: ActivityExplanation(rule: "label"))
                try gate.process(update, into: &events)
                updates.append(update)
                previousLabel = label
            }
        }
        try gate.advance(to: sample.time, into: &events)
    }
}

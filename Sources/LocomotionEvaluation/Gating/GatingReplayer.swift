import Locomotion
import LocomotionDSP

/// ``GatingReplay`` one sample at a time: an activity stream and a `RecordingGate` fed in the order a live
/// collector would have fed them, so that a trace can be replayed in constant memory (the gate's events and the
/// activity updates are the only output, and they grow with what happens, not with the samples).
///
/// Order at equal times: fixes up to the sample (``LocationFixFeed``), then the activity update, then the sample's
/// heartbeat. A stage of
/// the streaming contract: ``push(_:label:emit:)`` each sample; it holds nothing back.
/// ``GatingReplay/run(samples:labels:fixes:source:labelConfidence:configuration:)`` is this replayer pushed over a whole buffer.
public struct GatingReplayer: Sendable {
    /// What the replayer emits: the activity updates it gives the gate, and the gate's events.
    public enum Event: Sendable, Hashable {
        /// An activity update, given to the gate next.
        case activity(ActivityUpdate)
        /// An event of the gate.
        case gating(RecordingGate.Event)
    }

    /// The gate, advanced to the latest sample's time.
    public private(set) var gate: RecordingGate
    private var classifier: ActivityClassifier?
    private var labels: ActivityLabelStream
    private var fixes: LocationFixFeed

    /// A replayer of `fixes` (in recorded order, fed by the one rule of `LocationFixFeed`: a fix earlier than the
    /// one before it, or without a time, is no evidence) through a gate with `configuration`, with activity from `source`: an
    /// `ActivityClassifier` (`ActivitySource.classifier(_:)`), or the label passed with each sample
    /// (`ActivitySource.external`: an update at every change of the label, with `labelConfidence`).
    public init(fixes: [LocationFix], source: ActivitySource, labelConfidence: ActivityConfidence = .medium,
                configuration: RecordingGate.Configuration) {
        gate = RecordingGate(configuration: configuration)
        self.fixes = LocationFixFeed(fixes)
        labels = ActivityLabelStream(confidence: labelConfidence)
        switch source {
        case .external:
            classifier = nil
        case .classifier(let classifierConfiguration):
            classifier = ActivityClassifier(configuration: classifierConfiguration)
        }
    }

    /// Takes the next sample (time-ordered) with its label (used with `ActivitySource.external`;
    /// `nil` is `unknown`) and calls `emit` with each activity update given to the gate, followed by the gate's
    /// events it caused, then the events of the sample's heartbeat.
    /// - Complexity: O(1) amortised.
    /// - Throws: `RecordingGateError` for invalid fixes (a position or accuracy out of range).
    public mutating func push(_ sample: AccelerometerSample, label: MotionActivity?,
                              emit: (Event) -> Void) throws(RecordingGateError) {
        func gating(_ event: RecordingGate.Event) { emit(.gating(event)) }
        while let item = fixes.next(through: sample.time) {
            // Fixes out of order or without a time are no evidence (the one rule of `LocationFixFeed`).
            guard case .evidence(let fix) = item else { continue }
            classifier?.push(fix)
            try gate.push(fix, emit: gating)
        }
        if classifier != nil {
            // The classifier is part of `self`: its updates wait in a buffer (it emits rarely; an empty one does not
            // allocate) until it has returned.
            var updates: [ActivityUpdate] = []
            classifier!.push(sample) { updates.append($0) }
            for update in updates {
                emit(.activity(update))
                try gate.push(update, emit: gating)
            }
        } else {
            var update: ActivityUpdate?
            labels.push(label, at: sample.time) { update = $0 }
            if let update {
                emit(.activity(update))
                try gate.push(update, emit: gating)
            }
        }
        try gate.advance(to: sample.time, emit: gating)
    }
}

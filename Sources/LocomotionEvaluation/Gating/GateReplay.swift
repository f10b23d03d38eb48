import Foundation
@_spi(Tuning) import Locomotion
import LocomotionDSP

/// A recorded trace replayed through a `MotionEngine` — its steps off, its classifier streaming as on a phone
/// (`Smoothing.lagged`) or its activity from the labels — the way `locomotion replay` replays it: the inputs in
/// the recording order (`RecordedInputs`), through a ``ReplayCollector`` that hands the engine everything (the open
/// loop) or only what a collector applying the engine's profiles would have received (the closed loop,
/// ``ClosedLoopSensors``). Ground truth, sample counts and the summary come from the collector's ``ReplayRecorder``,
/// fed every sample of the recording, received or not.
package struct GateReplay: Sendable {
    /// What the replay reported: the gate's events, its mode segments, the activity updates and the truth.
    package let recorder: ReplayRecorder
    /// What the collector received (nil in the open loop).
    package let counts: ClosedLoopCounts?
    /// The gate's configuration (for the summary).
    package let configuration: RecordingGate.Configuration

    /// The gate's events, in order.
    package var events: [RecordingGate.Event] { recorder.events }
    /// The mode segments, first to last sample.
    package var segments: [RecordingGate.Segment] { recorder.segments }
    /// The activity updates the gate received, in order.
    package var updates: [ActivityUpdate] { recorder.updates }

    /// The replay's ``ReplaySummary`` (``ReplayRecorder/summary(configuration:onsetAllowance:closedLoop:)``).
    package func summary(onsetAllowance: Double = 30) -> ReplaySummary {
        recorder.summary(configuration: configuration, onsetAllowance: onsetAllowance, closedLoop: counts)
    }

    /// Replays `samples` (time-ordered) with `fixes` (in their recorded order) through an engine with
    /// `configuration` (steps off). `labels`, parallel to the samples, give the ground truth (each label holding for
    /// at most the gate's gap limit) and, with `activityFromLabels`, the activity: an update with that confidence
    /// at every change of label (the engine's activity source is then external: the gate alone). `followsProfiles`
    /// closes the loop; false (the default) is the open loop.
    /// - Precondition: `labels` is nil or has one label per sample; with `activityFromLabels`, labels are given.
    /// - Throws: `MotionEngineError` for an input the engine refuses (a position or accuracy out of range).
    /// - Complexity: O(n + f) for n samples and f fixes; memory grows with the events, not the samples.
    package static func run(
        samples: [AccelerometerSample], labels: [MotionActivity]? = nil, fixes: [LocationFix] = [],
        configuration: MotionEngine.Configuration = .init(), activityFromLabels: ActivityConfidence? = nil,
        followsProfiles: Bool = false
    ) throws(MotionEngineError) -> GateReplay {
        precondition(labels.map { $0.count == samples.count } ?? true, "labels must parallel samples")
        precondition(activityFromLabels == nil || labels != nil, "activity from labels needs labels")
        var configuration = configuration
        configuration.countsSteps = false
        if activityFromLabels != nil { configuration.activitySource = .external }
        var engine = MotionEngine(configuration: configuration, timeZone: TimeZone(identifier: "UTC")!)
        var collector = ReplayCollector(truthHold: labels == nil ? nil : configuration.gate.gapLimit,
                                        closedLoop: followsProfiles ? configuration.gate : nil)
        var inputs = RecordedInputs(fixes: fixes, activityFromLabels: activityFromLabels)
        for (index, sample) in samples.enumerated() {
            let label = labels?[index]
            collector.read(sampleAt: sample.time, label: label)
            inputs.append(sample, label: label)
            while let input = inputs.next() { try collector.deliver(input, to: &engine) }
        }
        engine.finish { collector.observe($0) }
        collector.finish(at: samples.last?.time ?? 0)
        return GateReplay(recorder: collector.recorder, counts: collector.sensors?.counts, configuration: configuration.gate)
    }
}

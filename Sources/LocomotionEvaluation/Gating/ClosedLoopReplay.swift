import Foundation
import Locomotion
import LocomotionDSP

/// A recorded trace run through a `MotionEngine` (its classifier streaming as on a phone, `Smoothing.lagged`) the
/// way `locomotion replay` runs it: in the closed loop (``ClosedLoopSensors``) the engine receives only what a
/// collector applying its profiles would have received — the accelerometer thinned to the low-power profile's rate
/// or off, fixes through the profile's distance filter — and time passes through `MotionEngine.advance(to:emit:)`
/// while the accelerometer is off; in the open loop every sample and fix.
///
/// The order of inputs is the replay's: the fixes up to a sample's time, then the sample (or, not received, the
/// advance to its time). Ground truth, sample counts and the summary come from a ``ReplayRecorder`` fed every row of
/// the recording, received or not.
public struct ClosedLoopReplay: Sendable {
    /// What the replay reported: the gate's events, its mode segments, the activity updates and the truth.
    public let recorder: ReplayRecorder
    /// What the collector received (nil in the open loop).
    public let counts: ClosedLoopCounts?
    /// The gate's configuration (for the summary).
    public let configuration: RecordingGate.Configuration

    /// The mode segments, first to last sample.
    public var segments: [RecordingGate.Segment] { recorder.segments }

    /// The replay's ``ReplaySummary`` (``ReplayRecorder/summary(configuration:onsetAllowance:closedLoop:)``).
    public func summary(onsetAllowance: Double = 30) -> ReplaySummary {
        recorder.summary(configuration: configuration, onsetAllowance: onsetAllowance, closedLoop: counts)
    }

    /// Replays `samples` (time-ordered) with `fixes` (time-ordered) through an engine with `configuration`;
    /// `labels`, parallel to the samples, give the ground truth (each label holding for at most the gate's gap
    /// limit). `followsProfiles` closes the loop; false is the open loop.
    /// - Precondition: `labels` is nil or has one label per sample.
    /// - Throws: `MotionEngineError` for an input the engine refuses.
    /// - Complexity: O(n + f) for n samples and f fixes; memory grows with the events, not the samples.
    public static func run(
        samples: [AccelerometerSample], labels: [MotionActivity]? = nil, fixes: [LocationFix] = [],
        configuration: MotionEngine.Configuration = .init(), followsProfiles: Bool = true
    ) throws(MotionEngineError) -> ClosedLoopReplay {
        precondition(labels.map { $0.count == samples.count } ?? true, "labels must parallel samples")
        var engine = MotionEngine(configuration: configuration, timeZone: TimeZone(identifier: "UTC")!)
        var sensors = followsProfiles ? ClosedLoopSensors(configuration: configuration.gating) : nil
        var recorder = ReplayRecorder(truthHold: labels == nil ? nil : configuration.gating.gapLimit)
        let handle = { (event: MotionEvent) in
            recorder.push(event)
            sensors?.observe(event)
        }
        var fixIndex = 0
        for (index, sample) in samples.enumerated() {
            let time = sample.time
            while fixIndex < fixes.count && fixes[fixIndex].time <= time {
                let fix = fixes[fixIndex]
                fixIndex += 1
                if sensors?.receives(fix) ?? true { try engine.push(fix, emit: handle) }
            }
            recorder.push(sampleAt: time, label: labels?[index])
            if sensors?.receives(sampleAt: time) ?? true {
                try engine.push(sample, emit: handle)
                if let processed = engine.lastSampleTime { recorder.advance(to: processed) }
            } else if sensors?.isAccelerometerOff == true {
                try engine.advance(to: time, emit: handle)
                recorder.advance(to: time)
            }
        }
        engine.finish(emit: handle)
        recorder.finish(at: samples.last?.time ?? 0)
        return ClosedLoopReplay(recorder: recorder, counts: sensors?.counts, configuration: configuration.gating)
    }
}

import Locomotion

/// The collector a replay imagines, between a recording's inputs and a `MotionEngine`: it hands the engine every
/// input (the open loop) or only what a collector applying the engine's profiles would have received (the closed
/// loop: ``ClosedLoopSensors`` — the accelerometer thinned to the low-power profile's rate or off, time advancing
/// while it is off; fixes through the profile's distance filter), and keeps a ``ReplayRecorder`` in step with the
/// engine. ``GateReplay`` and `locomotion replay` are this collector over the inputs of `RecordedInputs`.
///
/// A stage of the streaming contract: ``read(sampleAt:label:)`` each sample of the recording, then
/// ``deliver(_:to:)`` each of its inputs in the recording order; ``observe(_:)`` the engine's events that come from
/// elsewhere (its `finish`); ``finish(at:)`` at the last sample.
/// - Complexity: O(1) amortised per input, plus the engine's.
package struct ReplayCollector: Sendable {
    /// What the replay reports.
    package private(set) var recorder: ReplayRecorder
    /// What the collector receives, in the closed loop (nil in the open loop).
    package private(set) var sensors: ClosedLoopSensors?

    /// A collector whose recorder collects the ground truth of the labels when `truthHold` (s, the longest a label
    /// holds) is given, and that closes the loop on a gate with the configuration `closedLoop` when that is given.
    package init(truthHold: Double?, closedLoop: RecordingGate.Configuration? = nil) {
        recorder = ReplayRecorder(truthHold: truthHold)
        sensors = closedLoop.map { ClosedLoopSensors(configuration: $0) }
    }

    /// Takes the next sample of the recording (time s, in order) and its label, received or not.
    /// - Complexity: O(1) amortised.
    package mutating func read(sampleAt time: Double, label: MotionActivity?) {
        recorder.push(sampleAt: time, label: label)
    }

    /// Hands `input` to `engine` as the collector receives it (everything in the open loop); the engine's events
    /// go to the recorder and to the sensors, which apply the profiles they carry from the next input on.
    /// - Throws: `MotionEngineError` when the engine refuses the input.
    /// - Complexity: O(1) amortised, plus the engine's.
    package mutating func deliver(_ input: MotionInput, to engine: inout MotionEngine) throws(MotionEngineError) {
        switch input {
        case .sample(let sample):
            if sensors?.receives(sampleAt: sample.time) ?? true {
                try engine.push(input) { observe($0) }
                if let processed = engine.lastSampleTime { recorder.advance(to: processed) }
            } else if sensors!.isAccelerometerOff {
                // Time passes while no sample comes, so that the gate's timers run out.
                try engine.advance(to: sample.time) { observe($0) }
                recorder.advance(to: sample.time)
            }
        case .fix(let fix), .outOfOrderFix(let fix), .untimedFix(let fix):
            guard sensors?.receives(fix) ?? true else { return }
            try engine.push(input) { observe($0) }
        case .segmentBreak, .activity:
            try engine.push(input) { observe($0) }
        }
    }

    /// Takes an event of the engine that no ``deliver(_:to:)`` passed on (those of `MotionEngine.finish(emit:)`).
    /// - Complexity: O(1) amortised.
    package mutating func observe(_ event: MotionEvent) {
        recorder.push(event)
        sensors?.observe(event)
    }

    /// The recording ended at `end` (s, its last sample): ``ReplayRecorder/finish(at:)``.
    package mutating func finish(at end: Double) {
        recorder.finish(at: end)
    }

    /// The replay's ``ReplaySummary`` (after ``finish(at:)``), with what the collector received in the closed loop.
    package func summary(configuration: RecordingGate.Configuration, onsetAllowance: Double = 30) -> ReplaySummary {
        recorder.summary(configuration: configuration, onsetAllowance: onsetAllowance, closedLoop: sensors?.counts)
    }
}

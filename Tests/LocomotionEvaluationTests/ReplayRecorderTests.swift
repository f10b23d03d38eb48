import Testing
@_spi(Tuning) import Locomotion
import LocomotionDSP
import LocomotionEvaluation
import LocomotionTestSupport

/// The streamed replay (what `locomotion replay` collects as its engine runs: `GateReplay`) gives what the batch
/// computation gives for the whole trace (`GateOracle`, `TruthSegmentBuilder.segments`, `ReplaySummary` over every
/// sample time): the same events, segments, updates and truth, and the summary's per-sample counts — on random labelled traces with jitter, pauses and gaps longer than the gate's gap limit.
@Suite struct ReplayRecorderTests {
    /// A trace of `count` samples: a label held for random stretches, time steps of 20 ms ± jitter, now and then a
    /// pause of a few seconds or a gap of minutes.
    static func trace(seed: UInt64, count: Int) -> (samples: [AccelerometerSample], labels: [MotionActivity]) {
        var random = SplitMix64(seed: seed)
        var samples: [AccelerometerSample] = [], labels: [MotionActivity] = []
        var time = 1_700_000_000.0, label = MotionActivity.stationary, left = 0
        let activities: [MotionActivity] = [.stationary, .walking, .running, .cycling, .automotive, .unknown]
        for _ in 0..<count {
            if left == 0 {
                label = activities[random.integer(in: 0...activities.count - 1)]
                left = random.integer(in: 50...4000)
            }
            left -= 1
            switch random.integer(in: 0...999) {
            case 0: time += random.uniform(in: 61...400)        // a gap
            case 1...3: time += random.uniform(in: 1...20)      // a pause
            default: time += 0.02 + random.uniform(in: -0.004...0.004)
            }
            samples.append(AccelerometerSample(time: time, x: 0, y: 0, z: -1))
            labels.append(label)
        }
        return (samples, labels)
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func streamedEqualsBatch(seed: UInt64) throws {
        let (samples, labels) = Self.trace(seed: seed, count: 40_000)
        let configuration = RecordingGate.Configuration(policy: seed % 2 == 0 ? .onFoot : .anyMovement)
        let confidence: ActivityConfidence = seed % 3 == 0 ? .high : .medium
        // The batch: the independent oracle (the gate fed the labels by hand), its segments, the truth of the whole
        // trace and the summary's sweep over every sample time.
        let batch = try GateOracle.run(samples: samples, labels: labels, fixes: [], classifier: nil,
                                       labelConfidence: confidence, configuration: configuration)
        let truth = TruthSegmentBuilder.segments(times: samples.map(\.time), labels: labels, maximumHold: configuration.gapLimit)
        let summary = ReplaySummary(segments: batch.segments, sampleTimes: samples.map(\.time), truth: truth,
                                    configuration: configuration, updates: batch.updates)

        // Streamed: the engine (the gate alone on the labels) through the replay's collector and its recorder, which
        // count each sample once the engine has moved past it.
        var engineConfiguration = MotionEngine.Configuration()
        engineConfiguration.gate = configuration
        let replay = try GateReplay.run(samples: samples, labels: labels, configuration: engineConfiguration,
                                        activityFromLabels: confidence)
        let recorder = replay.recorder

        #expect(recorder.events == batch.events)
        #expect(recorder.segments == batch.segments)
        #expect(recorder.updates == batch.updates)
        #expect(recorder.truth == truth)
        let streamed = replay.summary()
        #expect(streamed == summary)
        #expect(streamed.recordedSamples > 0 && streamed.recordedSamples < streamed.samples, "a vacuous comparison")
        #expect(batch.segments.contains { $0.isGap }, "the trace has gaps")
    }
}

import Testing
@_spi(Tuning) import Locomotion
import LocomotionDSP

@Suite("ActivityClassifier mechanics (synthetic signals)")
struct ActivityClassifierTests {
    /// The activities of the segments, in order.
    private func activities(_ segments: [ActivitySegment]) -> [MotionActivity] { segments.map(\.activity) }

    /// Seconds of `activity` in the segments.
    private func seconds(of activity: MotionActivity, in segments: [ActivitySegment]) -> Double {
        segments.filter { $0.activity == activity }.reduce(0) { $0 + $1.duration }
    }

    @Test func stillSignalIsStationary() {
        var motion = SyntheticMotion(seed: 1)
        let segments = ActivityClassifier.segments(of: motion.still(from: 100, duration: 60))
        #expect(activities(segments).last == .stationary)
        #expect(seconds(of: .stationary, in: segments) > 55)
        #expect(segments.first?.start == 100)
    }

    @Test(arguments: [20.0, 50.0, 100.0])
    func gaitAt1_8HzIsWalking(rate: Double) {
        var motion = SyntheticMotion(seed: 2)
        let segments = ActivityClassifier.segments(of: motion.gait(from: 0, duration: 60, cadence: 1.8, amplitude: 0.25, rate: rate))
        #expect(activities(segments) == [.walking], "at \(rate) Hz: \(segments)")
    }

    @Test func fastHardGaitIsRunning() {
        var motion = SyntheticMotion(seed: 3)
        let segments = ActivityClassifier.segments(of: motion.gait(from: 0, duration: 60, cadence: 2.7, amplitude: 0.7))
        #expect(activities(segments) == [.running], "\(segments)")
    }

    @Test func aperiodicVibrationIsAutomotive() {
        var motion = SyntheticMotion(seed: 4)
        let segments = ActivityClassifier.segments(of: motion.vibration(from: 0, duration: 120, level: 0.06))
        #expect(activities(segments).last == .automotive, "\(segments)")
        #expect(seconds(of: .automotive, in: segments) > 110)
    }

    @Test func gapEndsTheSegmentAndReportsUnknown() {
        var motion = SyntheticMotion(seed: 5)
        let before = motion.gait(from: 0, duration: 30, cadence: 1.8, amplitude: 0.25)
        let after = motion.gait(from: 40, duration: 30, cadence: 1.8, amplitude: 0.25)
        let segments = ActivityClassifier.segments(of: before + after)
        #expect(activities(segments) == [.walking, .unknown, .walking], "\(segments)")
        let gap = segments[1]
        #expect(gap.start == before.last!.time)
        #expect(gap.end >= 40 && gap.end <= 41)
        let updates = ActivityClassifier.updates(of: before + after)
        #expect(updates.contains { $0.activity == .unknown && $0.explanation.rule == .gap })
    }

    @Test func backwardsTimeIsTreatedLikeAGap() {
        var motion = SyntheticMotion(seed: 6)
        var samples = motion.still(from: 0, duration: 20)
        samples += motion.still(from: 10, duration: 20)  // time jumps back by 10 s
        let updates = ActivityClassifier.updates(of: samples)
        #expect(updates.contains { $0.explanation.rule == .gap })
    }

    @Test func shortBurstIsAbsorbed() {
        var motion = SyntheticMotion(seed: 7)
        let samples = motion.still(from: 0, duration: 30)
            + motion.vibration(from: 30, duration: 1.5, level: 0.3)
            + motion.still(from: 31.5, duration: 30)
        let segments = ActivityClassifier.segments(of: samples)
        #expect(activities(segments) == [.stationary], "\(segments)")
    }

    @Test func realChangeIsReportedAndBackDated() {
        var motion = SyntheticMotion(seed: 8)
        let samples = motion.still(from: 0, duration: 30) + motion.gait(from: 30, duration: 30, cadence: 1.8, amplitude: 0.25)
        let segments = ActivityClassifier.segments(of: samples)
        #expect(activities(segments) == [.stationary, .walking], "\(segments)")
        // The boundary lies within a window's half-length of the true change at 30 s.
        #expect(abs(segments[1].start - 30) <= 3, "\(segments)")
    }

    @Test func tooShortInputIsUnknown() {
        var motion = SyntheticMotion(seed: 9)
        let segments = ActivityClassifier.segments(of: motion.gait(from: 0, duration: 3, cadence: 1.8, amplitude: 0.25))
        #expect(activities(segments) == [.unknown])
    }

    @Test(arguments: [ActivityClassifier.Smoothing.lagged, .full])
    func streamingEqualsBatch(smoothing: ActivityClassifier.Smoothing) {
        var motion = SyntheticMotion(seed: 10)
        let samples = motion.still(from: 0, duration: 40) + motion.gait(from: 40, duration: 40, cadence: 2.0, amplitude: 0.3)
            + motion.vibration(from: 82, duration: 60, level: 0.05) + motion.gait(from: 142, duration: 20, cadence: 2.8, amplitude: 0.8)
        var classifier = ActivityClassifier(smoothing: smoothing)
        var segmenter = ActivitySegmenter()
        var streamed: [ActivitySegment] = []
        var updates: [ActivityUpdate] = []
        for sample in samples {
            classifier.push(sample) { update in
                updates.append(update)
                segmenter.push(update) { streamed.append($0) }
            }
        }
        classifier.finish { update in
            updates.append(update)
            segmenter.push(update) { streamed.append($0) }
        }
        segmenter.finish(at: samples.last!.time) { streamed.append($0) }
        #expect(streamed == ActivityClassifier.segments(of: samples, smoothing: smoothing))
        #expect(updates == ActivityClassifier.updates(of: samples, smoothing: smoothing))
        #expect(Set(streamed.map(\.activity)).isSuperset(of: [.stationary, .walking, .automotive, .running]), "\(streamed)")
        // Start times never decrease and consecutive updates differ.
        for (a, b) in zip(updates, updates.dropFirst()) {
            #expect(a.start <= b.start)
            #expect(a.activity != b.activity)
        }
    }

    /// With a lag that covers the model's horizon on this input, streaming decides what full smoothing decides:
    /// the same activities from the same times (the explanations say how much later evidence each decision saw,
    /// so they differ).
    @Test func laggedDecisionsAreTheFullSmoothingOnes() {
        var motion = SyntheticMotion(seed: 10)
        let samples = motion.still(from: 0, duration: 40) + motion.gait(from: 40, duration: 40, cadence: 2.0, amplitude: 0.3)
            + motion.still(from: 80, duration: 20) + motion.vibration(from: 100, duration: 60, level: 0.05)
            + motion.still(from: 160, duration: 30)
        let lagged = ActivityClassifier.updates(of: samples, smoothing: .lagged)
        let full = ActivityClassifier.updates(of: samples, smoothing: .full)
        #expect(lagged.map { [$0.start, Double($0.activity.hashValue)] } == full.map { [$0.start, Double($0.activity.hashValue)] },
                "\(lagged)\n\(full)")
        #expect(full.map(\.activity) == [.unknown, .stationary, .walking, .stationary, .automotive, .stationary], "\(full)")
    }

    /// Every update arrives at most `lag + windowDuration` seconds after its start (measured at the sample that
    /// completed it), as the DocC of `ActivityClassifier` says.
    @Test func laggedUpdatesArriveWithinTheStatedLag() {
        var motion = SyntheticMotion(seed: 20)
        var samples: [AccelerometerSample] = []
        var t = 0.0
        for index in 0..<12 {
            let duration = 15 + Double((index * 37) % 50)
            switch index % 4 {
            case 0: samples += motion.still(from: t, duration: duration)
            case 1: samples += motion.gait(from: t, duration: duration, cadence: 1.8, amplitude: 0.3)
            case 2: samples += motion.still(from: t, duration: 6)
            default: samples += motion.vibration(from: t, duration: duration, level: 0.05)
            }
            t = samples.last!.time + 0.02
        }
        let c = ActivityClassifier.Configuration()
        let bound = c.temporal.lag + c.windowDuration + 0.05
        var classifier = ActivityClassifier()
        var worst = 0.0
        for sample in samples {
            classifier.push(sample) { update in
                if update.explanation.rule != .warmUp { worst = max(worst, sample.time - update.start) }
            }
        }
        #expect(worst <= bound, "worst delay \(worst) s")
        #expect(worst > 3, "decisions wait for later evidence")
    }

    @Test func asyncSequenceYieldsTheBatchUpdates() async {
        var motion = SyntheticMotion(seed: 11)
        let samples = motion.still(from: 0, duration: 30) + motion.gait(from: 30, duration: 30, cadence: 1.8, amplitude: 0.25)
        let stream = AsyncStream<AccelerometerSample> { continuation in
            for sample in samples { continuation.yield(sample) }
            continuation.finish()
        }
        var received: [ActivityUpdate] = []
        for await update in ActivityClassifier().updates(for: stream) { received.append(update) }
        #expect(received == ActivityClassifier.updates(of: samples, smoothing: .lagged))
        #expect(received.count >= 3)
    }

    @Test func everyUpdateIsExplained() throws {
        var motion = SyntheticMotion(seed: 12)
        let samples = motion.still(from: 0, duration: 30) + motion.gait(from: 30, duration: 30, cadence: 1.8, amplitude: 0.25)
        let updates = ActivityClassifier.updates(of: samples)
        for update in updates {
            #expect(!update.explanation.rule.rawValue.isEmpty)
        }
        let walking = try #require(updates.first(where: { $0.activity == .walking }))
        #expect(walking.explanation.rule == .gaitWalking)
        let stepFrequency = try #require(walking.explanation.features["step_frequency_hz"])
        #expect(abs(stepFrequency - 1.8) < 0.25, "\(walking.explanation.features)")
    }

    /// The temporal model explains a change by the window rule that supports it **and** the transition that allowed
    /// it: "automotive from 30 s: vibration-no-gait for N s after 30 s stationary" (streaming and batch alike).
    @Test(arguments: [ActivityClassifier.Smoothing.lagged, .full])
    func updatesNameTheRuleAndTheTransition(smoothing: ActivityClassifier.Smoothing) throws {
        var motion = SyntheticMotion(seed: 16)
        let samples = motion.still(from: 0, duration: 30) + motion.vibration(from: 30, duration: 60, level: 0.05)
            + motion.still(from: 90, duration: 30)
        let updates = ActivityClassifier.updates(of: samples, smoothing: smoothing)
        #expect(updates.map(\.activity) == [.unknown, .stationary, .automotive, .stationary], "\(updates)")
        let ride = try #require(updates.first { $0.activity == .automotive })
        #expect(ride.explanation.rule == .vibrationNoGait)
        #expect(ride.explanation.transition == "stationary→automotive")
        let previous = try #require(ride.explanation.features["previous_s"])
        #expect(abs(previous - 30) <= 3, "\(ride.explanation.features)")
        // The evidence seen for it covers at least the ride's minimum duration (15 s), at most what came later.
        let support = try #require(ride.explanation.features["support_s"])
        let lookahead = try #require(ride.explanation.features["lookahead_s"])
        #expect(support >= 15 && support <= lookahead + 1e-9, "\(ride.explanation.features)")
        #expect(ride.description.hasPrefix("automotive from \(ride.start) s: vibration-no-gait for \(Int(support.rounded())) s after "))
        #expect(ride.description.hasSuffix(" s stationary"), "\(ride.description)")
        let stop = try #require(updates.last)
        #expect(stop.explanation.transition == "automotive→stationary" && stop.explanation.rule == .still)
        // The rule-only model names rules, never transitions.
        var rules = ActivityClassifier.Configuration()
        rules.model = .rules
        let ruleUpdates = ActivityClassifier.updates(of: samples, configuration: rules, smoothing: smoothing)
        #expect(ruleUpdates.contains { $0.activity == .automotive && $0.explanation.rule == .vibrationNoGait })
        #expect(ruleUpdates.allSatisfy { $0.explanation.transition == nil })
    }

    @Test func activitiesInARangeAreClipped() {
        var motion = SyntheticMotion(seed: 13)
        let samples = motion.still(from: 0, duration: 30) + motion.gait(from: 30, duration: 30, cadence: 1.8, amplitude: 0.25)
        let range = ActivityClassifier.activities(from: 20, to: 50, in: samples)
        #expect(range.first?.start == 20)
        #expect(range.last?.end == 50)
        #expect(range.map(\.activity) == [.stationary, .walking])
    }

    @Test func speedFusion() {
        var motion = SyntheticMotion(seed: 14)
        let samples = motion.vibration(from: 0, duration: 60, level: 0.04)
        func fixes(speed: Double) -> [LocationFix] {
            stride(from: 0.0, to: 60, by: 1).map { LocationFix(time: $0, latitude: 0, longitude: 0, horizontalAccuracy: 5, speed: speed) }
        }
        let fast = ActivityClassifier.updates(of: samples, fixes: fixes(speed: 15))
        #expect(fast.last?.activity == .automotive)
        #expect(fast.last?.explanation.rule == .speedVehicle)
        let bicycle = ActivityClassifier.updates(of: samples, fixes: fixes(speed: 4.5))
        #expect(bicycle.last?.activity == .cycling, "\(bicycle.map(\.activity))")
        // A gait overrides bicycle speed: running at 4.5 m/s stays running.
        let running = ActivityClassifier.updates(of: motion.gait(from: 0, duration: 60, cadence: 2.8, amplitude: 0.8),
                                                 fixes: fixes(speed: 4.5))
        #expect(running.last?.activity == .running)
        // Inaccurate fixes are ignored.
        let inaccurate = stride(from: 0.0, to: 60, by: 1).map {
            LocationFix(time: $0, latitude: 0, longitude: 0, horizontalAccuracy: 500, speed: 4.5)
        }
        #expect(ActivityClassifier.updates(of: samples, fixes: inaccurate).last?.activity == .automotive)
    }

    @Test func nonFiniteSamplesAreIgnored() {
        var motion = SyntheticMotion(seed: 15)
        var samples = motion.still(from: 0, duration: 30)
        let clean = samples
        samples.insert(AccelerometerSample(time: 10.001, x: .nan, y: 0, z: 1), at: 500)
        #expect(ActivityClassifier.segments(of: samples).last?.activity == .stationary)
        // A NaN or an infinity in any of the four values: the sample is dropped, nothing else changes.
        var dirty = clean
        var index = 100
        for bad in [Double.nan, .infinity, -.infinity] {
            for field in 0..<4 {
                var values = [dirty[index].time + 0.001, 0, 0, 1]
                values[field] = bad
                dirty.insert(AccelerometerSample(time: values[0], x: values[1], y: values[2], z: values[3]), at: index + 1)
                index += 60
            }
        }
        #expect(dirty.count == clean.count + 12)
        #expect(ActivityClassifier.updates(of: dirty) == ActivityClassifier.updates(of: clean))
        // A finite sample of zeros and negative zeros is taken.
        var lone = ActivityClassifier()
        lone.push(AccelerometerSample(time: -0.0, x: -0.0, y: -0.0, z: -0.0)) { _ in }
        #expect(lone.lastSampleTime == 0)
    }
}

import Testing
import Locomotion
import LocomotionDSP

/// Phones that deliver fewer samples than a step rhythm needs (3–6 Hz, irregular): the classifier decides on the
/// energy of the input samples and says `unknown` when there are too few of them (synthetic mechanics only).
@Suite("ActivityClassifier at low input rates (synthetic signals)")
struct ActivityLowRateTests {
    private func seconds(of activity: MotionActivity, in segments: [ActivitySegment]) -> Double {
        segments.filter { $0.activity == activity }.reduce(0) { $0 + $1.duration }
    }

    private func rules(_ samples: [AccelerometerSample]) -> Set<ActivityRule> {
        Set(ActivityClassifier.updates(of: samples).map(\.explanation.rule))
    }

    @Test(arguments: [3.0, 4.0])  // below the default rhythmMinimumInputRate (5 /s)
    func sparseGaitIsWalkingByItsEnergy(rate: Double) {
        var motion = SyntheticMotion(seed: 11)
        let samples = motion.gait(from: 0, duration: 120, cadence: 1.8, amplitude: 0.3, rate: rate)
        let segments = ActivityClassifier.segments(of: samples)
        #expect(seconds(of: .walking, in: segments) > 100, "at \(rate) Hz: \(segments)")
        #expect(rules(samples).contains(.lowRateEnergyWalking))
    }

    @Test func sparseVibrationIsAutomotiveNotWalking() {
        var motion = SyntheticMotion(seed: 12)
        let samples = motion.vibration(from: 0, duration: 120, level: 0.06, rate: 4)
        let segments = ActivityClassifier.segments(of: samples)
        #expect(seconds(of: .walking, in: segments) == 0, "\(segments)")
        #expect(seconds(of: .automotive, in: segments) > 90, "\(segments)")
    }

    @Test func sparseStillnessIsStationary() {
        var motion = SyntheticMotion(seed: 13)
        let segments = ActivityClassifier.segments(of: motion.still(from: 0, duration: 60, rate: 3))
        #expect(seconds(of: .stationary, in: segments) > 50, "\(segments)")
    }

    @Test func tooFewSamplesAreUnknown() {
        // One sample every 2 s (bridged as a sparse logger's silences, but 2–3 per window is too few to judge
        // anything; `minimumInputRate` is 4 per 5 s window).
        var motion = SyntheticMotion(seed: 14)
        let samples = motion.gait(from: 0, duration: 60, cadence: 1.8, amplitude: 0.3, rate: 0.5)
        let segments = ActivityClassifier.segments(of: samples)
        #expect(segments.allSatisfy { $0.activity == .unknown }, "\(segments)")
    }

    @Test func inputRateAndDeviationAreExplained() throws {
        var motion = SyntheticMotion(seed: 15)
        let updates = ActivityClassifier.updates(of: motion.gait(from: 0, duration: 60, cadence: 1.8, amplitude: 0.3, rate: 4))
        let walking = try #require(updates.first { $0.activity == .walking })
        let rate = try #require(walking.explanation.features["input_rate_hz"])
        #expect(rate > 3 && rate < 5)
        #expect(try #require(walking.explanation.features["input_deviation_g"]) > 0.15)
    }

    /// Drops every 7th to 9th sample out of a stream, leaving silences of ~1.5–2.5 s (a sparse logger's habit).
    private func withDropOuts(_ samples: [AccelerometerSample], every period: Int, length: Int) -> [AccelerometerSample] {
        samples.enumerated().filter { $0.offset % period >= length }.map(\.element)
    }

    @Test func sparseLoggerDropOutsAreBridgedButDensePhoneGapsAreNot() {
        var motion = SyntheticMotion(seed: 16)
        // 4 Hz with 1.5–2 s silences every ~5 s: bridged (no `gap` updates), walking found.
        let sparse = withDropOuts(motion.gait(from: 0, duration: 120, cadence: 1.8, amplitude: 0.3, rate: 4),
                                  every: 20, length: 7)
        let sparseUpdates = ActivityClassifier.updates(of: sparse)
        #expect(!sparseUpdates.contains { $0.explanation.rule == .gap }, "\(sparseUpdates)")
        #expect(seconds(of: .walking, in: ActivityClassifier.segments(of: sparse)) > 80)
        // 50 Hz with the same silences: every one is a gap, as the trace format says (> 1 s).
        // (Runs of ~18 s: long enough for walking to be reported between the gaps, so each gap is an update.)
        let dense = withDropOuts(motion.gait(from: 200, duration: 100, cadence: 1.8, amplitude: 0.3, rate: 50),
                                 every: 1000, length: 75)
        #expect(ActivityClassifier.updates(of: dense).filter { $0.explanation.rule == .gap }.count >= 4)
    }

    /// The rule-only model: a sparse phone in a car, a ride, a drop-out, then a bumpy stretch whose input energy
    /// reaches walking's. After a short gap the ride stays the context (bumps are not steps); after a gap longer
    /// than `vehicleContextMaximumGap` (the person may have left the vehicle unseen) the energy rule decides again.
    /// Either way the gap is reported `unknown` and ends the segment.
    @Test(arguments: [(gap: 10.0, walkingAllowed: false), (gap: 120.0, walkingAllowed: true)])
    func vehicleContextSurvivesShortGaps(gap: Double, walkingAllowed: Bool) throws {
        var configuration = ActivityClassifier.Configuration()
        configuration.model = .rules
        var motion = SyntheticMotion(seed: 18)
        let ride = motion.vibration(from: 0, duration: 60, level: 0.06, rate: 4)
        let resume = try #require(ride.last).time + gap
        let samples = ride + motion.vibration(from: resume, duration: 60, level: 0.4, rate: 4)
        let updates = ActivityClassifier.updates(of: samples, configuration: configuration)
        #expect(updates.contains { $0.explanation.rule == .gap && $0.activity == .unknown && $0.start < resume })
        let segments = ActivityClassifier.segments(of: samples, configuration: configuration)
        #expect(!segments.contains { $0.activity != .unknown && $0.start < resume && $0.end > resume - gap + 1 },
                "nothing but unknown across the gap: \(segments)")
        #expect(seconds(of: .automotive, in: segments) > 30, "\(segments)")
        let walking = seconds(of: .walking, in: segments)
        #expect(walkingAllowed ? walking > 20 : walking == 0, "gap \(gap) s: \(segments)")
        var classifier = ActivityClassifier(configuration: configuration)
        var streamed: [ActivityUpdate] = []
        for sample in samples { classifier.push(sample) { streamed.append($0) } }
        #expect(streamed == updates)
    }

    /// The temporal model: a ride, a drop-out, a short walk, the ride again. Leaving a vehicle takes a stop, so the
    /// model never reports the walk straight after the ride: a stop or an unknown stretch (the drop-out itself, or
    /// a hop whose change happened unseen) always comes between.
    @Test(arguments: [2.0, 120.0])
    func aRideEndsOnlyThroughAStop(gap: Double) throws {
        var motion = SyntheticMotion(seed: 19)
        let ride = motion.vibration(from: 0, duration: 120, level: 0.06, rate: 20)
        let resume = try #require(ride.last).time + gap
        let walk = motion.gait(from: resume, duration: 40, cadence: 1.8, amplitude: 0.3, rate: 20)
        let samples = ride + walk + motion.vibration(from: resume + 40.05, duration: 60, level: 0.06, rate: 20)
        let segments = ActivityClassifier.segments(of: samples).filter { $0.duration > 0 }
        #expect(seconds(of: .walking, in: segments) > 20, "\(segments)")
        #expect(seconds(of: .automotive, in: segments) > 100, "\(segments)")
        for (a, b) in zip(segments, segments.dropFirst()) {
            #expect(!(a.activity == .automotive && b.activity == .walking) && !(a.activity == .walking && b.activity == .automotive),
                    "\(segments)")
        }
        // The walk is reported after the drop-out, not before it.
        let walkStart = try #require(segments.first { $0.activity == .walking }).start
        #expect(walkStart >= resume - 0.1, "\(segments)")
    }

    @Test func streamingEqualsBatchAtLowRates() {
        var motion = SyntheticMotion(seed: 17)
        let samples = withDropOuts(motion.still(from: 0, duration: 60, rate: 3), every: 15, length: 4)
            + withDropOuts(motion.gait(from: 61, duration: 90, cadence: 1.7, amplitude: 0.3, rate: 4), every: 20, length: 6)
            + motion.vibration(from: 160, duration: 90, level: 0.06, rate: 5)
            + motion.gait(from: 255, duration: 40, cadence: 1.8, amplitude: 0.3, rate: 1)
        var classifier = ActivityClassifier()
        var updates: [ActivityUpdate] = []
        for sample in samples { classifier.push(sample) { updates.append($0) } }
        classifier.finish { updates.append($0) }
        #expect(updates == ActivityClassifier.updates(of: samples, smoothing: .lagged))
        let activities = Set(ActivityClassifier.segments(of: samples).map(\.activity))
        #expect(activities.isSuperset(of: [.stationary, .walking, .automotive, .unknown]), "\(activities)")
    }
}

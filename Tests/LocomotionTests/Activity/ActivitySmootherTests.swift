import Testing
@_spi(Tuning) @testable import Locomotion

/// The rule-only model's smoothing on scripted window decisions (one per hop of 1 s): an activity is reported once
/// its windows have persisted for its minimum duration, back-dated to where it began; brief interruptions are
/// tolerated, longer ones start over; the confidence is the windows' median.
@Suite struct ActivitySmootherTests {
    static var configuration: ActivityClassifier.Configuration {
        var c = ActivityClassifier.Configuration()
        c.hopDuration = 1
        c.interruptionTolerance = 2
        c.minimumDuration.walking = 4
        c.minimumDuration.stationary = 3
        return c
    }

    static let features = ActivityFeatures(mean: 1, deviation: 0.1, dominantFrequency: 2, dominantPower: 0.5,
                                           spectralEntropy: 0.5, lowBandPower: 0, highBandPower: 0, periodicity: 0.5,
                                           period: 0.5, tilt: 0, stepFrequency: 2)

    /// Feeds one decision per second from `start` on; returns the updates, each with the index of the window that
    /// completed it.
    static func run(_ decisions: [(MotionActivity, ActivityConfidence)], start: Double = 100,
                    smoother: inout ActivitySmoother) -> [(index: Int, update: ActivityUpdate)] {
        var updates: [(Int, ActivityUpdate)] = []
        for (index, (activity, confidence)) in decisions.enumerated() {
            let rule: ActivityRule = activity == .walking ? .gaitWalking : .still
            smoother.add(WindowDecision(activity: activity, confidence: confidence, rule: rule), features: features,
                         start: start + Double(index)) { updates.append((index, $0)) }
        }
        return updates
    }

    static func walking(_ count: Int, _ confidence: ActivityConfidence = .high) -> [(MotionActivity, ActivityConfidence)] {
        Array(repeating: (.walking, confidence), count: count)
    }

    static func still(_ count: Int) -> [(MotionActivity, ActivityConfidence)] {
        Array(repeating: (.stationary, .high), count: count)
    }

    @Test("reported when it has persisted for its minimum duration, not a window before, back-dated to its start")
    func minimumDuration() throws {
        var smoother = ActivitySmoother(configuration: Self.configuration)
        let updates = Self.run(Self.walking(3), smoother: &smoother)
        #expect(updates.isEmpty && smoother.pendingStart == 100)
        let more = Self.run(Self.walking(1), start: 103, smoother: &smoother)
        #expect(more.count == 1)
        let update = try #require(more.first?.update)
        #expect(update.activity == .walking && update.start == 100)
        #expect(update.explanation.rule == .gaitWalking && update.explanation.features["persisted_s"] == 4)
        #expect(smoother.pendingStart == nil && smoother.reported == update)
        // The activity already reported is not reported again.
        #expect(Self.run(Self.walking(10), start: 104, smoother: &smoother).isEmpty)
    }

    @Test("an interruption up to the tolerance is absorbed; a longer one starts over")
    func interruptions() throws {
        var smoother = ActivitySmoother(configuration: Self.configuration)
        // 2 s still inside a walk: tolerated, and not counted as walking.
        let tolerated = Self.run(Self.walking(2) + Self.still(2) + Self.walking(2), smoother: &smoother)
        #expect(tolerated.map(\.index) == [5])
        #expect(tolerated.first?.update.start == 100)

        var restarted = ActivitySmoother(configuration: Self.configuration)
        // A third still second breaks the tolerance: the walk is dropped, and stillness becomes the candidate from
        // that window on (the two tolerated windows do not count for it), reported 3 s later.
        let updates = Self.run(Self.walking(2) + Self.still(5), smoother: &restarted)
        #expect(updates.map(\.update.activity) == [.stationary])
        #expect(updates.first?.index == 6 && updates.first?.update.start == 104)
        #expect(restarted.pendingStart == nil)
    }

    @Test("a later activity never starts before the one reported")
    func startsAreClamped() throws {
        var smoother = ActivitySmoother(configuration: Self.configuration)
        _ = Self.run(Self.still(3), smoother: &smoother)
        smoother.force(ActivityUpdate(start: 200, activity: .unknown, confidence: .low, explanation: .init(rule: .gap))) { _ in }
        let updates = Self.run(Self.walking(4), start: 150, smoother: &smoother)
        #expect(updates.first?.update.start == 200)
    }

    @Test("the confidence is the median of the windows' confidences")
    func medianConfidence() {
        for (decisions, expected) in [
            // A tie goes to the higher confidence.
            (Self.walking(2, .low) + Self.walking(2, .high), ActivityConfidence.high),
            (Self.walking(3, .low) + Self.walking(1, .high), .low),
            (Self.walking(1, .low) + Self.walking(2, .medium) + Self.walking(1, .high), .medium),
            (Self.walking(1, .medium) + Self.walking(3, .high), .high),
        ] {
            var smoother = ActivitySmoother(configuration: Self.configuration)
            let updates = Self.run(decisions, smoother: &smoother)
            #expect(updates.map(\.update.confidence) == [expected], "\(decisions.map(\.1))")
        }
    }

    @Test("force reports at once and drops the candidate; forcing the activity already reported says nothing")
    func force() {
        var smoother = ActivitySmoother(configuration: Self.configuration)
        _ = Self.run(Self.walking(2), smoother: &smoother)
        var forced: [ActivityUpdate] = []
        let gap = ActivityUpdate(start: 102, activity: .unknown, confidence: .low, explanation: .init(rule: .gap))
        smoother.force(gap) { forced.append($0) }
        #expect(forced == [gap] && smoother.pendingStart == nil)
        smoother.force(ActivityUpdate(start: 103, activity: .unknown, confidence: .low)) { forced.append($0) }
        #expect(forced.count == 1)
        // The walk before the gap does not count towards the one after it.
        #expect(Self.run(Self.walking(3), start: 103, smoother: &smoother).isEmpty)
    }
}

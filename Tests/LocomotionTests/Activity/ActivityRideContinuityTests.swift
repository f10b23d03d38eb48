import Testing
@testable import Locomotion

/// The temporal model on scripted window decisions (one a second): a bicycle ride survives what rides contain — a
/// wait at a light, freewheeling — and ends through a dismount (steps) or a stop, never straight into a vehicle.
@Suite struct ActivityRideContinuityTests {
    static let features = ActivityFeatures(mean: 1, deviation: 0.15, dominantFrequency: 0.8, dominantPower: 0.5,
                                           spectralEntropy: 0.5, lowBandPower: 0, highBandPower: 0, periodicity: 0.5,
                                           period: 1.25, tilt: 0, stepFrequency: 1.6)

    typealias Script = [(MotionActivity, ActivityConfidence, ActivityRule, Int)]

    /// The activity reported at each second of `script` (full smoothing).
    static func activities(_ script: Script) -> [MotionActivity] {
        var smoother = ActivityTemporalSmoother(configuration: .init(), smoothing: .full)
        var updates: [ActivityUpdate] = []
        var second = 0.0
        for (activity, confidence, rule, count) in script {
            for _ in 0..<count {
                smoother.add(WindowDecision(activity: activity, confidence: confidence, rule: rule), features: features,
                             start: second) { updates.append($0) }
                second += 1
            }
        }
        smoother.flush { updates.append($0) }
        return (0..<Int(second)).map { s in
            updates.last { $0.start <= Double(s) + 0.5 }?.activity ?? .unknown
        }
    }

    static let pedalling = (MotionActivity.cycling, ActivityConfidence.medium, ActivityRule.pedalling)

    /// A still window supports the ride at `quietRideShare` of a medium one: a wait shorter than
    /// 2 × `switchCost` / (1 − share) = 64 s of such windows stays in the ride.
    @Test func aWaitAtALightStaysInsideTheRide() {
        let seconds = Self.activities([(Self.pedalling.0, Self.pedalling.1, Self.pedalling.2, 120),
                                       (.stationary, .medium, .still, 60),
                                       (Self.pedalling.0, Self.pedalling.1, Self.pedalling.2, 120)])
        #expect(seconds.allSatisfy { $0 == .cycling })
    }

    @Test func aLongStopEndsTheRide() {
        let seconds = Self.activities([(Self.pedalling.0, Self.pedalling.1, Self.pedalling.2, 120),
                                       (.stationary, .high, .still, 300),
                                       (Self.pedalling.0, Self.pedalling.1, Self.pedalling.2, 120)])
        #expect(seconds[200] == .stationary)
        #expect(seconds[0] == .cycling && seconds.last == .cycling)
    }

    /// Freewheeling: the legs still, the road shaking the phone — the windows say vibration without gait
    /// (automotive), which a ride on a bicycle cannot turn into without a stop.
    @Test func freewheelingDownhillStaysInsideTheRide() {
        let seconds = Self.activities([(Self.pedalling.0, Self.pedalling.1, Self.pedalling.2, 120),
                                       (.automotive, .medium, .vibrationNoGait, 40),
                                       (Self.pedalling.0, Self.pedalling.1, Self.pedalling.2, 120)])
        #expect(seconds.allSatisfy { $0 == .cycling })
    }

    @Test func aDismountIsAWalk() {
        let seconds = Self.activities([(Self.pedalling.0, Self.pedalling.1, Self.pedalling.2, 120),
                                       (.walking, .high, .gaitWalking, 60)])
        #expect(seconds[100] == .cycling && seconds[150] == .walking)
        // Straight from the ride to the walk: no stop needed to get off a bicycle.
        #expect(!seconds.contains(.stationary) && !seconds.contains(.unknown))
    }
}

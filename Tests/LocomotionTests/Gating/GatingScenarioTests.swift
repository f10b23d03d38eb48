import Foundation
import Testing
@testable import Locomotion

/// Scripted day-life sequences through the gate, with the decisions a
/// collector should make in each.
@Suite struct GatingScenarioTests {
    static let start = 1_700_000_000.0

    /// Still 60 s, walk 5 min, red light 2 min, walk 5 min, still 10 min.
    static func trafficLight(withFixes: Bool) -> GatingScript {
        var script = GatingScript(start: start)
        script.withFixes = withFixes
        script.hold(.stationary, for: 60, jitter: 2)
        script.hold(.walking, for: 300, velocity: 1.4)
        script.hold(.stationary, for: 120, jitter: 2)
        script.hold(.walking, for: 300, velocity: 1.4)
        script.hold(.stationary, for: 600, jitter: 2)
        return script
    }

    @Test(arguments: [false, true])
    func trafficLightKeepsRecording(withFixes: Bool) throws {
        let (events, segments) = try Self.trafficLight(withFixes: withFixes).run()
        let t0 = Self.start
        // One recording from the dwell after the first step to the stop
        // timeout after the last: the red light does not end the walk.
        #expect(segments.map(\.mode) == [.lowPower, .highAccuracy, .lowPower])
        #expect(segments[1].start == t0 + 60 + 15)
        #expect(segments[1].reason.code == "dwell:walking")
        #expect(segments[2].start == t0 + 780 + 300)
        #expect(segments[2].reason.code == "stop-timeout:stationary")
        #expect(segments.mode(at: t0 + 420) == .highAccuracy)
        if withFixes {
            // Fresh fixes at the light: recording resumes only once the walker
            // has moved beyond 30 m plus the fixes' combined uncertainty.
            let resumed = try #require(events.first { $0.reason.rule == .resumed })
            #expect(resumed.reason.trigger == .fix)
            #expect(try #require(resumed.reason.distance) > 30 + (200.0).squareRoot())
            #expect(events.contains { $0.reason.rule == .noDisplacement })
        } else {
            let resumed = try #require(events.first { $0.reason.rule == .resumed })
            #expect(resumed.time == t0 + 480)
            #expect(resumed.reason.trigger == .activity)
        }
    }

    /// Still 60 s, walk 5 min, bus 15 min, walk 5 min, still 10 min.
    static func bus() -> GatingScript {
        var script = GatingScript(start: start)
        script.hold(.stationary, for: 60)
        script.hold(.walking, for: 300)
        script.hold(.automotive, for: 900)
        script.hold(.walking, for: 300)
        script.hold(.stationary, for: 600)
        return script
    }

    @Test(arguments: [RecordingGate.Policy.onFoot, .onFootAndCycling])
    func busIsNotRecordedOnFoot(policy: RecordingGate.Policy) throws {
        let (_, segments) = try Self.bus().run(.init(policy: policy))
        let t0 = Self.start
        #expect(segments.map(\.mode) == [.lowPower, .highAccuracy, .lowPower, .highAccuracy, .lowPower])
        #expect(segments[2].start == t0 + 360 + 60)
        #expect(segments[2].reason.code == "switch-timeout:automotive")
        #expect(segments[3].start == t0 + 1260 + 15)
        #expect(segments.mode(at: t0 + 900) == .lowPower)
    }

    @Test func busIsRecordedUnderAnyMovement() throws {
        let (_, segments) = try Self.bus().run(.init(policy: .anyMovement))
        #expect(segments.map(\.mode) == [.lowPower, .highAccuracy, .lowPower])
        #expect(segments[1].start == Self.start + 75)
        #expect(segments[1].end == Self.start + 1560 + 300)
    }

    @Test func aMomentaryVehicleReportDuringAPauseDoesNotEndTheWalk() throws {
        // Walk, the classifier says "vehicle" for 5 s as the walker stops at a
        // light for 2 minutes, then walking again: the switch timer needs an
        // uninterrupted minute of vehicle, so the stop timer governs the pause.
        var script = GatingScript(start: Self.start)
        script.hold(.walking, for: 120, confidence: .high)
        script.hold(.automotive, for: 5)
        script.hold(.stationary, for: 120)
        script.hold(.walking, for: 120)
        let (_, segments) = try script.run()
        #expect(segments.map(\.mode) == [.highAccuracy])
    }

    /// Eight hours at a desk; every 20 minutes the phone is picked up: a few
    /// seconds the classifier calls walking (low or medium confidence) or
    /// unknown, then stationary again.
    static func desk() -> GatingScript {
        var script = GatingScript(start: start)
        script.tick = 5
        for pickup in 0..<24 {
            script.hold(.stationary, for: 1190)
            switch pickup % 3 {
            case 0: script.hold(.walking, for: 5, confidence: .low)
            case 1: script.hold(.walking, for: 10, confidence: .medium)
            default: script.hold(.unknown, for: 10, confidence: .low)
            }
        }
        return script
    }

    @Test func deskDayStaysLowPower() throws {
        let (events, segments) = try Self.desk().run()
        #expect(segments.count == 1)
        #expect(segments.allSatisfy { $0.mode == .lowPower })
        // The pick-ups were seen (armed and disarmed), not ignored.
        #expect(events.filter { $0.reason.rule == .arming }.count == 16)
        #expect(events.filter { $0.reason.rule == .disarmed }.count == 16)
    }

    /// Pacing in a room: bouts of confident walking with short pauses, fixes
    /// every 5 s jittering 3 m around one place.
    static func pacing(pauses: Bool, velocity: Double = 0) -> GatingScript {
        var script = GatingScript(start: start)
        script.withFixes = true
        script.fixAccuracy = 8
        script.hold(.stationary, for: 120, jitter: 3)
        for _ in 0..<60 {
            script.hold(.walking, for: 20, confidence: .high, velocity: velocity, jitter: 3)
            if pauses { script.hold(.stationary, for: 10, velocity: 0, jitter: 3) }
        }
        return script
    }

    @Test(arguments: [true, false])
    func pacingDoesNotRecordForever(pauses: Bool) throws {
        let script = Self.pacing(pauses: pauses)
        let (events, segments) = try script.run()
        let high = segments.time(in: .highAccuracy)
        // At most one stop timeout (plus the pause before it) of recording,
        // then low power for the rest of the half hour or more.
        #expect(high <= 300 + 30)
        #expect(segments.last?.mode == .lowPower)
        #expect(segments.modeChanges == 2)
        let stop = try #require(events.first { $0.changesMode && $0.mode == .lowPower && $0.reason.rule != .initial })
        #expect(stop.reason.rule == (pauses ? .stopTimeout : .confined))
    }

    @Test func walkingAwayWithPausesKeepsRecording() throws {
        // The same rhythm, but moving 1.4 m/s while walking: a real walk.
        let (_, segments) = try Self.pacing(pauses: true, velocity: 1.4).run()
        #expect(segments.map(\.mode) == [.lowPower, .highAccuracy])
    }

    @Test func pacingThenLeavingResumesOnDeparture() throws {
        var script = Self.pacing(pauses: true)
        script.hold(.walking, for: 120, confidence: .high, velocity: 1.4)
        let (events, segments) = try script.run()
        #expect(segments.map(\.mode) == [.lowPower, .highAccuracy, .lowPower, .highAccuracy])
        let departure = try #require(events.last { $0.changesMode })
        #expect(departure.reason.rule == .departure)
        #expect(departure.time - (script.time - 120) < 60)
    }

    @Test func unknownLastingTheStopTimeoutStopsRecording() throws {
        var script = GatingScript(start: Self.start)
        script.hold(.walking, for: 120, confidence: .high)
        script.hold(.unknown, for: 600, confidence: .low)
        let (_, segments) = try script.run()
        #expect(segments.map(\.mode) == [.highAccuracy, .lowPower])
        #expect(segments[1].reason.code == "stop-timeout:unknown")
        #expect(segments[1].start == Self.start + 120 + 300)
    }

    @Test func unknownCancelsTheDwell() throws {
        var script = GatingScript(start: Self.start)
        script.updateInterval = 5
        script.hold(.walking, for: 10)
        script.hold(.unknown, for: 5)
        script.hold(.walking, for: 10)
        script.hold(.stationary, for: 60)
        let (events, segments) = try script.run()
        #expect(segments.allSatisfy { $0.mode == .lowPower })
        #expect(events.filter { $0.reason.rule == .disarmed }.count == 2)
    }

    @Test func departureWakesUpUnlessRidingAnUnrecordedVehicle() throws {
        for (activity, wakes) in [(MotionActivity.stationary, true), (.automotive, false)] {
            var script = GatingScript(start: Self.start)
            script.withFixes = true
            script.hold(.stationary, for: 60, jitter: 5)
            // The classifier keeps reporting `activity` while fixes move away at 5 m/s.
            script.hold(activity, for: 120, velocity: 5)
            let (events, _) = try script.run()
            let departure = events.first { $0.reason.rule == .departure }
            #expect((departure != nil) == wakes, "\(activity)")
            if let departure {
                // 100 m radius plus the combined uncertainty of two 10 m fixes.
                #expect(try #require(departure.reason.distance) > 100 + (200.0).squareRoot())
                #expect(departure.mode == .highAccuracy)
            }
        }
    }

    @Test func profilesAreReportedWithEachMode() throws {
        let custom = RecordingProfile(locationAccuracy: 5, distanceFilter: 3, accelerometerRate: 100)
        let config = RecordingGate.Configuration(highAccuracyProfile: custom)
        let (events, _) = try Self.trafficLight(withFixes: false).run(config)
        for event in events {
            #expect(event.profile == (event.mode == .highAccuracy ? custom : .lowPower))
        }
        #expect(RecordingProfile.lowPower.distanceFilter == RecordingProfile.maximalDistanceFilter)
    }

    @Test func customPolicyIsAValue() throws {
        let policy = RecordingGate.Policy(name: "cycling-only", recordedActivities: [.cycling, .stationary])
        #expect(policy.recordedActivities == [.cycling])
        var script = GatingScript(start: Self.start)
        script.hold(.walking, for: 120)
        script.hold(.cycling, for: 600)
        script.hold(.stationary, for: 600)
        let (_, segments) = try script.run(.init(policy: policy))
        #expect(segments.map(\.mode) == [.lowPower, .highAccuracy, .lowPower])
        #expect(segments[1].reason.code == "dwell:cycling")
        let decoded = try JSONDecoder().decode(RecordingGate.Policy.self, from: JSONEncoder().encode(policy))
        #expect(decoded == policy)
    }
}

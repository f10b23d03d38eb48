import Foundation
import Testing
import Locomotion
import LocomotionDSP
import LocomotionEvaluation

/// The rules of `ClosedLoopSensors`: which rows and fixes a collector applying the engine's profiles receives.
@Suite struct ClosedLoopSensorsTests {
    static let full = RecordingProfile.highAccuracy
    static func lowPower(rate: Double) -> RecordingProfile {
        var profile = RecordingProfile.lowPower
        profile.accelerometerRate = rate
        return profile
    }

    /// A mode switch to `profile` at `time`, as the engine reports it.
    static func switchEvent(to profile: RecordingProfile, at time: Double) -> MotionEvent {
        let mode: RecordingMode = profile == full ? .highAccuracy : .lowPower
        return .recording(RecordingGate.Event(time: time, phase: mode == .highAccuracy ? .recording : .idle, mode: mode,
                                      profile: profile, changesMode: true,
                                      reason: RecordingGate.Reason(rule: mode == .highAccuracy ? .dwell : .stopTimeout, trigger: .timer)))
    }

    /// Times of a `rate` Hz row stream from `start` for `seconds`, with ±20 % jitter from a fixed pattern.
    static func rows(rate: Double, from start: Double = 0, seconds: Double) -> [Double] {
        let count = Int(seconds * rate)
        return (0..<count).map { index -> Double in
            let jitter = 0.2 * sin(Double(index) * 1.7)
            return start + (Double(index) + jitter) / rate
        }
    }

    @Test func fullRateReceivesEveryRowAndFix() {
        var sensors = ClosedLoopSensors(profile: Self.full, fullRate: 50)
        let received = Self.rows(rate: 200, seconds: 5).map { sensors.receives(sampleAt: $0) }
        #expect(received.allSatisfy { $0 })
        #expect(!sensors.isAccelerometerOff)
        #expect(sensors.counts.samplesReceived == 1000 && sensors.counts.samplesNotReceived == 0)
    }

    @Test(arguments: [1.0, 2, 5, 10, 20])
    func aLowRateReceivesThatManyRowsASecondFromAFasterRecording(rate: Double) {
        var sensors = ClosedLoopSensors(profile: Self.lowPower(rate: rate), fullRate: 50)
        let received = Self.rows(rate: 100, seconds: 60).filter { sensors.receives(sampleAt: $0) }
        // One row per tick of the rate's clock: as many as ticks, each interval about a period.
        #expect(abs(Double(received.count) - 60 * rate) <= 1, "\(received.count)")
        let intervals = zip(received, received.dropFirst()).map { $1 - $0 }
        #expect(intervals.allSatisfy { $0 > 0.5 / rate && $0 < 1.5 / rate + 0.02 }, "\(intervals.min()!) … \(intervals.max()!)")
    }

    @Test func aRecordingSparserThanTheRateIsReceivedWhole() {
        var sensors = ClosedLoopSensors(profile: Self.lowPower(rate: 10), fullRate: 50)
        let received = Self.rows(rate: 4, seconds: 30).map { sensors.receives(sampleAt: $0) }
        #expect(received.allSatisfy { $0 })
    }

    @Test func theAccelerometerOffReceivesNothing() {
        var sensors = ClosedLoopSensors(profile: Self.lowPower(rate: 0), fullRate: 50)
        let received = Self.rows(rate: 50, seconds: 10).map { sensors.receives(sampleAt: $0) }
        #expect(!received.contains(true))
        #expect(sensors.isAccelerometerOff)
        #expect(sensors.counts.samplesNotReceived == 500)
    }

    /// A profile applies from the next row on, whatever the event's own time: the app reconfigures between callbacks.
    @Test func aProfileAppliesFromTheNextRow() {
        var sensors = ClosedLoopSensors(profile: Self.full, fullRate: 50)
        let times = Self.rows(rate: 50, seconds: 20)
        var received: [Bool] = []
        for (index, time) in times.enumerated() {
            received.append(sensors.receives(sampleAt: time))
            if index == 499 { sensors.observe(Self.switchEvent(to: Self.lowPower(rate: 0), at: times[200])) }
        }
        #expect(received[..<500].allSatisfy { $0 })
        #expect(received[500...].allSatisfy { !$0 })
        // Back to full rate: every row again from the one after the switch.
        sensors.observe(Self.switchEvent(to: Self.full, at: 30))
        let back = Self.rows(rate: 50, from: 30, seconds: 2).map { sensors.receives(sampleAt: $0) }
        #expect(back.allSatisfy { $0 })
        #expect(!sensors.isAccelerometerOff)
    }

    /// Events that do not switch the mode change nothing.
    @Test func eventsWithoutASwitchKeepTheProfile() {
        var sensors = ClosedLoopSensors(profile: Self.lowPower(rate: 0), fullRate: 50)
        sensors.observe(.step(time: 1))
        var event = Self.switchEvent(to: Self.full, at: 1)
        if case .recording(var gating) = event { gating.changesMode = false; event = .recording(gating) }
        sensors.observe(event)
        let received = sensors.receives(sampleAt: 2)
        #expect(!received)
    }

    static func fix(at time: Double, metresNorth: Double) -> LocationFix {
        LocationFix(time: time, latitude: 47 + metresNorth / 111_200, longitude: 8.5, horizontalAccuracy: 5)
    }

    @Test func fixesFollowTheDistanceFilter() {
        var sensors = ClosedLoopSensors(profile: Self.full, fullRate: 50)   // 10 m filter
        // A walker's fixes every second at 1.4 m/s: the first, then one at least 10 m on from the last received.
        let walk = (0...60).map { Self.fix(at: Double($0), metresNorth: 1.4 * Double($0)) }
        let received = walk.filter { sensors.receives($0) }
        #expect(received.first == walk.first)
        let steps = zip(received, received.dropFirst()).map { Geodesic.distance(from: $0, to: $1) }
        #expect(steps.allSatisfy { $0 >= 10 && $0 < 11.5 }, "\(steps)")
        #expect(sensors.counts.fixesReceived == received.count && sensors.counts.fixesNotReceived == walk.count - received.count)
        // Low power's maximal filter: the first fix after the switch, then none however far.
        sensors.observe(Self.switchEvent(to: Self.lowPower(rate: 10), at: 61))
        let drive = (62...600).map { Self.fix(at: Double($0), metresNorth: 100 + 20 * Double($0)) }
        let driven = drive.filter { sensors.receives($0) }
        #expect(driven == [drive[0]])
    }

    @Test func aFixWithoutAValidPositionIsLeftToTheEngine() {
        var sensors = ClosedLoopSensors(profile: Self.lowPower(rate: 0), fullRate: 50)
        let first = sensors.receives(Self.fix(at: 0, metresNorth: 0))
        let invalid = sensors.receives(LocationFix(time: 1, latitude: 95, longitude: 8.5))
        #expect(first && invalid)
    }

    @Test func aFreshEngineStartsTheCollectorInLowPower() {
        let sensors = ClosedLoopSensors(configuration: RecordingGate.Configuration())
        #expect(sensors.profile == RecordingGate.Configuration().lowPowerProfile)
        #expect(sensors.fullRate == RecordingProfile.highAccuracy.accelerometerRate)
    }
}

import Foundation
import LocomotionDSP
import Testing
@_spi(Tuning) @testable import Locomotion

/// The engine's carry events: those of a ``CarryDetector`` fed the same samples, nothing else changed by them, and
/// snapshots written before they existed still read.
@Suite struct MotionEngineCarryTests {
    static let zone = TimeZone(identifier: "Europe/Zurich")!

    static func events(of samples: [AccelerometerSample], _ fixes: [LocationFix] = [], detectsCarry: Bool = true) throws
        -> ([MotionEvent], MotionEngine) {
        var configuration = MotionEngine.Configuration()
        configuration.detectsCarry = detectsCarry
        var engine = MotionEngine(configuration: configuration, timeZone: zone)
        var events: [MotionEvent] = []
        try engine.process(samples: samples, fixes: fixes) { events.append($0) }
        engine.finish { events.append($0) }
        return (events, engine)
    }

    static func carryUpdates(_ events: [MotionEvent]) -> [CarryUpdate] {
        events.compactMap { if case .carry(let update) = $0 { update } else { nil } }
    }

    /// Carried (breathing), put down for two minutes, picked up: with a gap in the middle of the still part.
    static var handledPhone: [AccelerometerSample] {
        let breathing = CarrySignal.breathing(amplitude: 0.3)
        var signal = CarrySignal()
        signal.direction = { time in (time < 60 || time > 180) ? breathing(time) : breathing(60) }
        let start = 1_700_000_000.0
        return signal.samples(from: start, duration: 240).filter { $0.time - start < 120 || $0.time - start >= 130 }
    }

    @Test func theEngineReportsWhatTheDetectorDecides() throws {
        let samples = Self.handledPhone
        let (events, engine) = try Self.events(of: samples)
        let updates = Self.carryUpdates(events)
        #expect(updates == CarryDetector.updates(of: samples))
        #expect(updates.map(\.state).contains(.notCarried) && updates.map(\.state).contains(.carried))
        #expect(engine.carry == updates.last?.state)
        #expect(engine.carryDetector.latestUpdate == updates.last)
    }

    @Test func withoutCarryEveryOtherEventIsTheSame() throws {
        let samples = Self.handledPhone
        let (with, _) = try Self.events(of: samples)
        let (without, engine) = try Self.events(of: samples, detectsCarry: false)
        #expect(Self.carryUpdates(without).isEmpty)
        #expect(without == with.filter { if case .carry = $0 { false } else { true } })
        #expect(engine.carry == .unknown && engine.carrySettledTime == nil)
    }

    @Test func advancingWithoutSamplesReportsTheGap() throws {
        var engine = MotionEngine(timeZone: Self.zone)
        var updates: [CarryUpdate] = []
        let record = { (event: MotionEvent) in if case .carry(let update) = event { updates.append(update) } }
        for sample in CarrySignal().samples(from: 0, duration: 60) { try engine.push(sample, emit: record) }
        try engine.advance(to: 100, emit: record)
        #expect(updates.map(\.state) == [.unknown, .notCarried, .unknown])
        #expect(updates.last?.reason == .gap)
    }

    @Test func noCarryEventStartsBeforeTheSettledTimeOfAnEarlierSample() throws {
        var engine = MotionEngine(timeZone: Self.zone)
        var bound = -Double.infinity
        var violations = 0
        for sample in Self.handledPhone {
            try engine.push(sample) { event in
                if case .carry(let update) = event, update.start < bound { violations += 1 }
            }
            if let settled = engine.carrySettledTime { bound = max(bound, settled) }
        }
        #expect(violations == 0)
    }

    @Test func aSnapshotCarriesTheDetectorAndOldSnapshotsStartItAfresh() throws {
        let samples = Self.handledPhone
        let (whole, _) = try Self.events(of: samples)
        var engine = MotionEngine(timeZone: Self.zone)
        var events: [MotionEvent] = []
        let cut = samples.count / 2
        try engine.process(samples: samples[..<cut], fixes: []) { events.append($0) }
        var restored = try JSONDecoder().decode(MotionEngine.self, from: JSONEncoder().encode(engine))
        try restored.process(samples: samples[cut...], fixes: []) { events.append($0) }
        restored.finish { events.append($0) }
        #expect(Self.carryUpdates(events) == Self.carryUpdates(whole))

        // A snapshot written before the detector existed: no `carrying`, no carry settings.
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(engine)) as? [String: Any])
        object["carrying"] = nil
        let configuration = try #require(object["configuration"] as? [String: Any])
        #expect(configuration["carry"] == nil && configuration["detectsCarry"] == nil, "defaults are not written")
        let old = try JSONDecoder().decode(MotionEngine.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.configuration.detectsCarry && old.carry == .unknown)
    }

    @Test func carrySettingsAreParametersOfTheEngine() throws {
        var configuration = try MotionEngine.Configuration().setting("carry.minimumStillDuration", to: .number(60))
        #expect(configuration.carry.minimumStillDuration == 60)
        configuration = try configuration.setting("carry.windowLength", to: .number(60))
        #expect(throws: ParameterError.self) { try configuration.validate() }
        #expect(!configuration.isValid)
        #expect(throws: ParameterError.self) {
            try MotionEngine.Configuration().setting("carry.maximumExcessDeviation", to: .number(1))
        }
        configuration.carry.windowLength = 20
        configuration.detectsCarry = false
        let encoded = try JSONEncoder().encode(configuration)
        #expect(try JSONDecoder().decode(MotionEngine.Configuration.self, from: encoded) == configuration)
    }
}

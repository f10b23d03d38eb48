import Foundation
import LocomotionDSP
import Testing
import LocomotionTestSupport
@testable import Locomotion

/// `MotionEngine.Configuration.countsSteps`: an engine without step counting reports every event of one with it
/// but the steps and bouts; its snapshots read as before.
@Suite struct MotionEngineStepCountingTests {
    static let zone = TimeZone(identifier: "Europe/Zurich")!

    static func events(of samples: [AccelerometerSample], _ fixes: [LocationFix], countsSteps: Bool) throws -> ([MotionEvent], MotionEngine) {
        var configuration = MotionEngine.Configuration()
        configuration.countsSteps = countsSteps
        var engine = MotionEngine(configuration: configuration, timeZone: zone)
        var events: [MotionEvent] = []
        try engine.process(samples: samples, fixes: fixes) { events.append($0) }
        engine.finish { events.append($0) }
        return (events, engine)
    }

    @Test(.tags(.realData), .enabled(if: EngineTestData.isAvailable, EngineTestData.absent))
    func withoutStepsEveryOtherEventIsTheSame() throws {
        let (samples, fixes) = try EngineTestData.day()
        let (counted, withSteps) = try Self.events(of: samples, fixes, countsSteps: true)
        let (uncounted, withoutSteps) = try Self.events(of: samples, fixes, countsSteps: false)
        #expect(counted.steps.count > 100, "the day has walks")
        #expect(uncounted == counted.filter { event in
            switch event {
            case .step, .boutEnded: false
            default: true
            }
        })
        #expect(withoutSteps.stepCount == 0 && !withoutSteps.isRecordingTooSparseForSteps)
        #expect(withoutSteps.odometer == withSteps.odometer && withoutSteps.mode == withSteps.mode)
    }

    @Test func snapshotsOfCountingEnginesAreAsBeforeAndOldOnesCount() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let counting = MotionEngine.Configuration()
        let encoded = try encoder.encode(counting)
        #expect(!String(decoding: encoded, as: UTF8.self).contains("countsSteps"), "the key appears only when false")
        #expect(try JSONDecoder().decode(MotionEngine.Configuration.self, from: encoded) == counting)

        var silent = counting
        silent.countsSteps = false
        #expect(try JSONDecoder().decode(MotionEngine.Configuration.self, from: encoder.encode(silent)) == silent)

        // A whole engine without steps restores without them.
        var engine = MotionEngine(configuration: silent, timeZone: Self.zone)
        try engine.push(AccelerometerSample(time: 1, x: 0, y: 0, z: -1)) { _ in }
        let restored = try JSONDecoder().decode(MotionEngine.self, from: JSONEncoder().encode(engine))
        #expect(!restored.configuration.countsSteps)
    }
}

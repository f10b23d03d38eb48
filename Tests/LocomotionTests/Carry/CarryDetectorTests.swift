import Foundation
import Testing
import LocomotionDSP
@_spi(Tuning) @testable import Locomotion

@Suite("CarryDetector")
struct CarryDetectorTests {
    /// Every update of `samples` pushed one by one and finished, with the time of the sample that emitted each.
    static func run(_ samples: [AccelerometerSample], configuration: CarryDetector.Configuration = .init())
        -> [(update: CarryUpdate, decided: Double)] {
        var detector = CarryDetector(configuration: configuration)
        var out: [(CarryUpdate, Double)] = []
        for sample in samples { detector.push(sample) { out.append(($0, sample.time)) } }
        detector.finish { out.append(($0, samples.last?.time ?? .nan)) }
        return out
    }

    static func states(_ updates: [(update: CarryUpdate, decided: Double)]) -> [CarryState] { updates.map(\.update.state) }

    @Test func aPhoneLyingStillIsNotCarriedFromItsStartOnceTheStillStretchIsLongEnough() throws {
        let samples = CarrySignal().samples(from: 1000, duration: 120)
        let updates = Self.run(samples)
        #expect(Self.states(updates) == [.unknown, .notCarried])
        let decision = try #require(updates.last)
        #expect(decision.update.reason == .noiseFloor)
        #expect(decision.update.start == 1000)                       // back-dated to the first sample
        #expect(abs(decision.decided - 1045) <= 1.05)                // decided once 45 s are still
        #expect(decision.update.excessDeviation <= 0.0015)
        #expect(abs(decision.update.noiseDeviation - 0.003 * 3.0.squareRoot()) < 0.0005)
    }

    @Test(arguments: [
        CarrySignal(rate: 200, noise: 0.002, gravity: 0.94, direction: { _ in Vector3(x: 1, y: 0, z: 0) }),
        CarrySignal(rate: 45, noise: 0.007, gravity: 1.04, quantum: 0.0156, direction: { _ in Vector3(x: 0, y: -1, z: 0.05) }),
        CarrySignal(rate: 100, noise: 0, gravity: 0.86, direction: { _ in Vector3(x: 0, y: 0, z: -1) }),   // stuck sensor
        CarrySignal(rate: 5, noise: 0.004, direction: { _ in Vector3(x: 0.3, y: 0.9, z: 0.2) }),
        // Thermal drift of the bias: 0.2 mg a second, 12 mg over the minute.
        CarrySignal(rate: 50, noise: 0.003, direction: { time in Vector3(x: 0.0002 * time, y: 0, z: 1) }),
    ])
    func anyOrientationBiasQuantisationRateOrDriftOfAStillPhoneIsNotCarried(signal: CarrySignal) {
        let updates = Self.run(signal.samples(from: 0, duration: 120))
        #expect(Self.states(updates) == [.unknown, .notCarried])
        #expect(updates.last?.update.start == 0)
    }

    @Test(arguments: [50.0, 5.0])
    func thePhoneOfABreathingSwayingPersonIsCarriedThroughout(rate: Double) {
        let signal = CarrySignal(rate: rate, noise: 0.004, direction: CarrySignal.breathing(amplitude: 0.3))
        let updates = Self.run(signal.samples(from: 0, duration: 300))
        #expect(Self.states(updates) == [.unknown, .carried])
        #expect(updates.last?.update.reason == .movement)
        #expect((updates.last?.update.start ?? 99) <= 2)             // from unknown: the first window that moved
    }

    @Test func aPhonePickedUpIsCarriedFromTheSecondItMoved() throws {
        var signal = CarrySignal()
        signal.direction = { time in time < 90 ? CarrySignal.tilted(0) : CarrySignal.tilted(min(40, (time - 90) * 40)) }
        let samples = signal.samples(from: 0, duration: 100)
        let updates = Self.run(samples)
        #expect(Self.states(updates) == [.unknown, .notCarried, .carried])
        let pickUp = try #require(updates.last)
        #expect(pickUp.update.start >= 89 && pickUp.update.start <= 91)
        #expect(pickUp.decided <= 92)
    }

    @Test func aPhonePutDownIsNotCarriedFromAboutWhenItStoppedMoving() throws {
        var signal = CarrySignal()
        let breathing = CarrySignal.breathing(amplitude: 0.3)
        signal.direction = { time in time < 60 ? breathing(time) : breathing(60) }
        let updates = Self.run(signal.samples(from: 0, duration: 180))
        #expect(Self.states(updates) == [.unknown, .carried, .notCarried])
        let putDown = try #require(updates.last)
        #expect(putDown.update.start >= 50 && putDown.update.start <= 62, "\(putDown.update)")
        #expect(putDown.decided - putDown.update.start >= 44 && putDown.decided - putDown.update.start <= 47)
    }

    @Test func aShortStillStretchAtTheEndDecidesNothing() {
        var signal = CarrySignal()
        let breathing = CarrySignal.breathing(amplitude: 0.3)
        signal.direction = { time in time < 60 ? breathing(time) : breathing(60) }
        #expect(Self.states(Self.run(signal.samples(from: 0, duration: 90))) == [.unknown, .carried])
    }

    @Test func aGapMakesItUnknownAndAPhoneLyingWhereItLayResumesAtOnce() throws {
        let before = CarrySignal().samples(from: 0, duration: 60, seed: 1)
        let same = CarrySignal().samples(from: 100, duration: 30, seed: 2)
        let updates = Self.run(before + same)
        #expect(Self.states(updates) == [.unknown, .notCarried, .unknown, .notCarried])
        #expect(updates[2].update.reason == .gap && updates[2].update.start == before.last!.time)
        #expect(updates[3].update.reason == .resumed && updates[3].update.start == 100)
        #expect(updates[3].decided <= 101.05)

        var moved = CarrySignal()
        moved.direction = { _ in CarrySignal.tilted(5) }
        let elsewhere = Self.run(before + moved.samples(from: 100, duration: 60, seed: 2))
        #expect(Self.states(elsewhere) == [.unknown, .notCarried, .unknown, .notCarried])
        #expect(elsewhere[3].update.reason == .noiseFloor && elsewhere[3].decided >= 144)

        var off = CarryDetector.Configuration()
        off.resumeTolerance = 0
        let noResume = Self.run(before + same, configuration: off)
        #expect(Self.states(noResume) == [.unknown, .notCarried, .unknown])
    }

    @Test func advanceReportsAGapWithoutSamples() {
        var detector = CarryDetector()
        var updates: [CarryUpdate] = []
        for sample in CarrySignal().samples(from: 0, duration: 60) { detector.push(sample) { updates.append($0) } }
        detector.advance(to: 63) { updates.append($0) }
        #expect(updates.map(\.state) == [.unknown, .notCarried])
        detector.advance(to: 70) { updates.append($0) }
        #expect(updates.map(\.state) == [.unknown, .notCarried, .unknown])
        #expect(updates.last?.reason == .gap)
        #expect(detector.state == .unknown)
    }

    @Test func hoursOfHandlingAndRestDecideAsTheFirstMinutesDid() {
        // Two hours: five minutes turned in a hand by degrees, five lying still, and again. The window's sums are
        // kept as blocks come and go; large terms leaving them must not leave rounding behind.
        var signal = CarrySignal(rate: 10)
        let breathing = CarrySignal.breathing(amplitude: 3)
        signal.direction = { time in
            let period = Int(time / 300)
            return period % 2 == 0 ? breathing(time) : breathing(Double(period) * 300)
        }
        let updates = Self.run(signal.samples(from: 0, duration: 7200)).map(\.update)
        #expect(updates.map(\.state) == [.unknown] + Array(repeating: [CarryState.carried, .notCarried], count: 12).flatMap { $0 })
        // Still from 300, 900, … s (back-dated to within a few seconds); handled again from 600, 1200, … s.
        for (index, update) in updates.dropFirst().enumerated() {
            if update.state == .notCarried {
                #expect(abs(update.start - (Double(index / 2) * 600 + 300)) <= 3, "\(update)")
            } else if index > 0 {
                #expect(abs(update.start - Double(index / 2) * 600) <= 1.5, "\(update)")
            }
        }
    }

    @Test func badSamplesAreIgnored() {
        let samples = CarrySignal().samples(from: 0, duration: 80)
        var spoiled: [AccelerometerSample] = []
        for (index, sample) in samples.enumerated() {
            spoiled.append(sample)
            if index % 97 == 0 {
                spoiled.append(AccelerometerSample(time: sample.time, x: .nan, y: 0, z: 1))
                spoiled.append(AccelerometerSample(time: .infinity, x: 0, y: 0, z: 1))
                spoiled.append(AccelerometerSample(time: sample.time - 0.5, x: 0, y: 0.5, z: 1))
            }
        }
        #expect(Self.run(spoiled).map(\.update) == Self.run(samples).map(\.update))
    }

    @Test func batchEqualsStreamingAndStartsNeverDecrease() {
        var signal = CarrySignal(rate: 30)
        let breathing = CarrySignal.breathing(amplitude: 0.3)
        signal.direction = { time in (time < 50 || time > 170) ? breathing(time) : breathing(50) }
        let samples = signal.samples(from: 0, duration: 240)
        let streamed = Self.run(samples).map(\.update)
        #expect(CarryDetector.updates(of: samples) == streamed)
        #expect(Self.states(Self.run(samples)) == [.unknown, .carried, .notCarried, .carried])
        #expect(zip(streamed, streamed.dropFirst()).allSatisfy { $0.start <= $1.start })
    }

    @Test func noUpdateStartsBeforeTheSettledTimeOfAnEarlierSample() {
        var signal = CarrySignal(rate: 20)
        let breathing = CarrySignal.breathing(amplitude: 0.3)
        signal.direction = { time in (time < 50 || time > 170) ? breathing(time) : breathing(50) }
        let samples = signal.samples(from: 0, duration: 200) + CarrySignal(rate: 20).samples(from: 220, duration: 60)
        var detector = CarryDetector()
        var settled: [Double] = []
        var violations = 0
        for sample in samples {
            detector.push(sample) { update in
                if let bound = settled.last, update.start < bound { violations += 1 }
            }
            if let time = detector.settledTime { settled.append(time) }
        }
        #expect(violations == 0)
        #expect(zip(settled, settled.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func aSnapshotAtAnyCutContinuesAsIfUninterrupted() throws {
        var signal = CarrySignal(rate: 10)
        let breathing = CarrySignal.breathing(amplitude: 0.3)
        signal.direction = { time in time < 40 ? breathing(time) : breathing(40) }
        let samples = signal.samples(from: 0, duration: 120) + CarrySignal(rate: 10).samples(from: 130, duration: 20)
        let whole = Self.run(samples).map(\.update)
        for cut in stride(from: 1, to: samples.count, by: 37) {
            var first = CarryDetector()
            var updates: [CarryUpdate] = []
            for sample in samples[..<cut] { first.push(sample) { updates.append($0) } }
            var second = try JSONDecoder().decode(CarryDetector.self, from: JSONEncoder().encode(first))
            #expect(second == first)
            for sample in samples[cut...] { second.push(sample) { updates.append($0) } }
            second.finish { updates.append($0) }
            #expect(updates == whole, "cut at sample \(cut)")
        }
    }

    @Test func aFreshOrFinishedDetectorEncodesAsJSON() throws {
        var detector = CarryDetector()
        #expect(try JSONDecoder().decode(CarryDetector.self, from: JSONEncoder().encode(detector)) == detector)
        for sample in CarrySignal().samples(from: 0, duration: 10) { detector.push(sample) { _ in } }
        detector.finish { _ in }
        #expect(try JSONDecoder().decode(CarryDetector.self, from: JSONEncoder().encode(detector)) == detector)
    }

    @Test func aSnapshotThatDoesNotFitItsConfigurationIsRefused() throws {
        var detector = CarryDetector()
        for sample in CarrySignal().samples(from: 0, duration: 30) { detector.push(sample) { _ in } }
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(detector)) as? [String: Any])
        var configuration = try #require(object["configuration"] as? [String: Any])
        configuration["windowLength"] = 7
        object["configuration"] = configuration
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CarryDetector.self, from: data) }
    }

    @Test func theStillStretchMustCoverAWindow() {
        var configuration = CarryDetector.Configuration()
        #expect(configuration.isValid)
        configuration.minimumStillDuration = 20
        #expect(!configuration.isValid)
        #expect(throws: ParameterError.self) { try configuration.validate() }
        configuration.windowLength = 10
        #expect(configuration.isValid)
    }

    @Test func updatesDescribeThemselves() {
        let update = CarryUpdate(start: 12, state: .notCarried, reason: .noiseFloor, excessDeviation: 0.0003,
                                 noiseDeviation: 0.0028)
        #expect(update.description == "not-carried from 12.0 s: noise-floor (excess 0.3 mg, noise 2.8 mg)")
        #expect(CarryUpdate(start: 3, state: .unknown, reason: .gap).description == "unknown from 3.0 s: gap")
    }
}

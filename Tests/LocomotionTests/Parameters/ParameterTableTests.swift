import Foundation
@_spi(Tuning) import Locomotion
import LocomotionDSP
import Testing
import LocomotionTestSupport

/// Every configuration lists every setting with its range (`ParameterizedConfiguration`), the defaults lie
/// in those ranges, and no value a user can type — anything in [−1e308, 1e308], NaN, ±∞ — makes a component
/// trap: it is refused by its range, or the component runs with it.
@Suite struct ParameterTableTests {
    /// Settings that are not numbers and are set by name elsewhere (a policy, a set of activities).
    static let unlisted: [String: Set<String>] = [
        "Locomotion.RecordingGate.Configuration": ["policy"],
        "Locomotion.Odometer.Configuration": ["movingActivities"],
        // The classifier's parameters are listed as `classifier.…` (checked below).
        // `countsSteps` is a switch (whether the step detector runs), not a number with a range.
        "Locomotion.MotionEngine.Configuration": ["gate.policy", "odometer.movingActivities", "activitySource", "countsSteps"],
    ]

    /// The dotted paths of every stored leaf of `value` (nested structs are walked; an interval is a leaf).
    static func leafPaths(of value: Any, prefix: String = "") -> [String] {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct, !(value is ClosedRange<Double>), !mirror.children.isEmpty else {
            return [String(prefix.dropLast())]
        }
        return mirror.children.flatMap { child in
            leafPaths(of: child.value, prefix: prefix + (child.label ?? "?") + ".")
        }
    }

    /// Every stored leaf is a listed parameter, or one of the few named non-numbers.
    func expectEverySettingListed<Configuration: ParameterizedConfiguration>(_ configuration: Configuration) {
        let typeName = String(reflecting: Configuration.self)
        let exempt = Self.unlisted[typeName] ?? []
        let listed = Set(Configuration.parameterNames)
        for path in Self.leafPaths(of: configuration) {
            let covered = listed.contains(path) || exempt.contains { path == $0 || path.hasPrefix($0 + ".") }
            #expect(covered, "\(typeName).\(path) has no entry in `parameters`: give it a documented range")
        }
        #expect(listed.count == Configuration.parameters.count, "\(typeName) lists a name twice")
        for name in listed {
            #expect(Self.leafPaths(of: configuration).contains(name) || name.hasSuffix("immediateEntryConfidence")
                        || name.hasPrefix("classifier."),
                    "\(typeName) lists \(name), which is not a stored property")
        }
    }

    @Test func everySettingOfEveryConfigurationHasARange() {
        expectEverySettingListed(ActivityClassifier.Configuration())
        expectEverySettingListed(StepDetector.Configuration())
        expectEverySettingListed(RecordingGate.Configuration())
        expectEverySettingListed(Odometer.Configuration())
        expectEverySettingListed(MotionEngine.Configuration())
        // The engine holds the four, and lists each of their parameters under its name.
        let engine = Set(MotionEngine.Configuration.parameterNames)
        for (prefix, names) in [("classifier", ActivityClassifier.Configuration.parameterNames),
                                ("steps", StepDetector.Configuration.parameterNames),
                                ("gate", RecordingGate.Configuration.parameterNames), ("odometer", Odometer.Configuration.parameterNames)] {
            for name in names { #expect(engine.contains(prefix + "." + name), "MotionEngine.Configuration lacks \(prefix).\(name)") }
        }
    }

    @Test func theDefaultsLieInTheirRanges() throws {
        try ActivityClassifier.Configuration().validate()
        try StepDetector.Configuration().validate()
        try RecordingGate.Configuration().validate()
        try Odometer.Configuration().validate()
        try Odometer.Configuration.unfiltered.validate()
        try MotionEngine.Configuration().validate()
        var external = MotionEngine.Configuration()
        external.activitySource = .external
        try external.validate()
    }

    @Test func nestedParametersReadAndWriteTheConfigurationTheyBelongTo() throws {
        var configuration = MotionEngine.Configuration()
        configuration = try configuration.setting("steps.internalRate", to: .number(100))
        configuration = try configuration.setting("classifier.minimumDuration.walking", to: .number(7))
        configuration = try configuration.setting("gate.entryDwell", to: .number(30))
        #expect(configuration.steps.internalRate == 100 && configuration.gate.entryDwell == 30)
        guard case .classifier(let classifier) = configuration.activitySource else { throw CancellationError() }
        #expect(classifier.minimumDuration.walking == 7)
        #expect { try configuration.setting("steps.bandLow", to: .number(5)).validate() } throws: { error in
            "\(error)" == "steps.bandLow, steps.bandHigh: bandLow must be below bandHigh"
        }
    }

    @Test func outOfRangeValuesAreRefusedWithTheNameAndTheRange() throws {
        let configuration = StepDetector.Configuration()
        #expect { try configuration.setting("internalRate", to: .number(1e308)) } throws: { error in
            "\(error)" == "internalRate = 1e+308: must be in 10…200 Hz"
        }
        #expect { try configuration.setting("bandOrder", to: .number(2.5)) } throws: { error in
            "\(error)".contains("must be a whole number in 1…8")
        }
        #expect { try configuration.setting("noSuch", to: .number(1)) } throws: { error in
            "\(error)".contains("no such parameter (known: internalRate, ")
        }
        #expect { try configuration.setting("periodicityLags", to: .interval(2, 1)) } throws: { error in
            "\(error)".contains("low < high")
        }
        #expect(throws: ParameterError.self) { try configuration.setting("bandLow", to: .number(.nan)) }
        #expect { try configuration.setting("bandLow", to: .number(5)).validate() } throws: { error in
            "\(error)" == "bandLow, bandHigh: bandLow must be below bandHigh"
        }
        #expect(throws: ParameterError.self) { try RecordingGate.Configuration().setting("immediateEntryConfidence", to: .text("certain")) }
        #expect(try RecordingGate.Configuration().setting("immediateEntryConfidence", to: .text("none")).immediateEntryConfidence == nil)
        #expect(try Odometer.Configuration().setting("jumpLimit", to: .number(.infinity)).jumpLimit == .infinity)
        #expect(throws: ParameterError.self) { try Odometer.Configuration().setting("jumpLimit", to: .number(-.infinity)) }
    }

    @Test func commandLineTextIsReadByKind() throws {
        let lags = try #require(StepDetector.Configuration.parameter(named: "periodicityLags"))
        #expect(lags.value(from: "0.3...2") == .interval(0.3, 2))
        #expect(lags.value(from: "0.3,2") == .interval(0.3, 2))
        #expect(lags.value(from: "0.3") == nil)
        let flag = try #require(RecordingGate.Configuration.parameter(named: "wakesOnDeparture"))
        #expect(flag.value(from: "false") == .flag(false))
        #expect(flag.value(from: "no") == nil)
    }

    // MARK: No value traps

    /// Values a user can type: the extremes of the issue's [−1e308, 1e308] ∪ {nan, ±∞}, signed tiny and unit
    /// values, a parameter's own bounds, and random values at every scale.
    static func hostileValues(range: ClosedRange<Double>?, random: inout RandomRecording) -> [Double] {
        var values: [Double] = [-1e308, -1, -1e-308, 0, 1e-308, 1, 1e308, .nan, .infinity, -.infinity,
                                Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, 0.5, 2.5]
        if let range {
            values += [range.lowerBound, range.upperBound, range.lowerBound.nextDown, range.upperBound.nextUp]
            if range.upperBound.isFinite { values.append(random.uniform(in: range)) }
        }
        for _ in 0..<4 {
            values.append((random.integer(in: 0...1) == 0 ? -1 : 1) * pow(10, random.uniform(in: -308...308)))
        }
        return values
    }

    /// For each numeric parameter and each hostile value: refused, or `run` runs (a trap fails the test run).
    func expectNoTrap<Configuration: ParameterizedConfiguration>(
        _ base: Configuration, seed: UInt64, run: (Configuration) -> Void
    ) -> (refused: Int, ran: Int) {
        var random = RandomRecording(seed: seed)
        var refused = 0, ran = 0
        for parameter in Configuration.parameters {
            let values: [ParameterValue]
            switch parameter.kind {
            case .real(let range):
                values = Self.hostileValues(range: range, random: &random).map(ParameterValue.number)
            case .integer(let range):
                values = Self.hostileValues(range: Double(range.lowerBound)...Double(range.upperBound), random: &random)
                    .map(ParameterValue.number)
            case .interval(let range):
                let bounds = Self.hostileValues(range: range, random: &random)
                values = zip(bounds, bounds.reversed()).map { ParameterValue.interval($0, $1) }
            case .choice(let names):
                values = (names + ["", "none", "other"]).map(ParameterValue.text)
            case .flag:
                values = [.flag(true), .flag(false)]
            }
            for value in values {
                guard let configuration = try? base.setting(parameter.name, to: value), (try? configuration.validate()) != nil else {
                    refused += 1
                    continue
                }
                run(configuration)
                ran += 1
            }
        }
        return (refused, ran)
    }

    static let samples: [AccelerometerSample] = {
        var random = RandomRecording(seed: 7)
        return Array(random.samples(duration: 40).prefix(1500))
    }()

    static let fixes: [LocationFix] = {
        var random = RandomRecording(seed: 8)
        return random.fixes(count: 20, from: samples[0].time).sorted { $0.time < $1.time }
    }()

    @Test func noClassifierValueTraps() {
        let counts = expectNoTrap(ActivityClassifier.Configuration(), seed: 1) { configuration in
            _ = ActivityClassifier.updates(of: Self.samples, fixes: Self.fixes, configuration: configuration)
        }
        #expect(counts.refused > 0 && counts.ran > 0)
    }

    @Test func noStepDetectorValueTraps() {
        let counts = expectNoTrap(StepDetector.Configuration(), seed: 2) { configuration in
            var detector = StepDetector(configuration: configuration)
            for sample in Self.samples { detector.push(sample) { _ in } }
            detector.finish { _ in }
        }
        #expect(counts.refused > 0 && counts.ran > 0)
    }

    @Test func noGateValueTraps() {
        let counts = expectNoTrap(RecordingGate.Configuration(), seed: 3) { configuration in
            _ = try? GateOracle.run(samples: Self.samples, fixes: Self.fixes, configuration: configuration)
        }
        #expect(counts.refused > 0 && counts.ran > 0)
    }

    @Test func noEngineValueTraps() {
        var base = MotionEngine.Configuration()
        base.steps.internalRate = 50
        let counts = expectNoTrap(base, seed: 5) { configuration in
            guard configuration.isValid else { return }
            var engine = MotionEngine(configuration: configuration, timeZone: TimeZone(identifier: "UTC")!)
            var events: [MotionEvent] = []
            var fixes = Self.fixes[...]
            for sample in Self.samples.prefix(500) {
                while let fix = fixes.first, fix.time <= sample.time {
                    try? engine.push(fix) { events.append($0) }
                    fixes.removeFirst()
                }
                try? engine.push(sample) { events.append($0) }
            }
            engine.finish { events.append($0) }
        }
        #expect(counts.refused > 0 && counts.ran > 0)
    }

    @Test func noOdometerValueTraps() {
        let counts = expectNoTrap(Odometer.Configuration(), seed: 4) { configuration in
            var odometer = Odometer(configuration: configuration, timeZone: TimeZone(identifier: "UTC")!)
            for fix in Self.fixes { odometer.push(fix) { _ in } }
        }
        #expect(counts.refused > 0 && counts.ran > 0)
    }
}

import Foundation
import Locomotion
import LocomotionDSP
import PropertyBased
import Testing
@_spi(Harness) @testable import LocomotionIO
import LocomotionTestSupport

/// Splitting a recording into two files (an app that rotates its log, or was
/// killed and restarted) and processing them in sequence — each file through
/// its own reader, the stage's state carried over (through JSON where it is
/// Codable) — gives exactly the result of processing the whole file.
@Suite struct SplitFileProperties {
    /// A walking-like trace with stretches of different amplitude and cadence and occasional gaps.
    static func trace(seed: UInt64, duration: Double) -> [AccelerometerSample] {
        var random = SplitMix64(seed: seed)
        func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        var samples: [AccelerometerSample] = []
        var time = 1_700_000_000 + uniform() * 1e5
        let end = time + duration
        while time < end {
            let stretchEnd = min(time + 5 + 30 * uniform(), end)
            let frequency = 1.5 + 1.5 * uniform(), amplitude = [0.01, 0.3, 0.8][Int(random.next() % 3)]
            while time < stretchEnd {
                let phase = 2 * Double.pi * frequency * time
                samples.append(AccelerometerSample(time: time, x: 0.05 * sin(phase / 2), y: -(1 + amplitude * sin(phase)),
                                                   z: 0.01 * (uniform() - 0.5)))
                time += 0.02 * (0.8 + 0.4 * uniform())
            }
            if random.next() % 4 == 0 { time += 2 + 300 * uniform() }
        }
        return samples
    }

    /// Writes `samples` split at `split` into two trace files and returns their paths.
    static func writeTwoFiles(_ samples: [AccelerometerSample], split: Int) throws -> (String, String, String) {
        let whole = temporaryPath("whole.csv"), first = temporaryPath("first.csv"), second = temporaryPath("second.csv")
        try TraceWriter.write(Trace(file: whole, samples: samples), to: whole)
        try TraceWriter.write(Trace(file: first, samples: Array(samples[..<split])), to: first)
        try TraceWriter.write(Trace(file: second, samples: Array(samples[split...])), to: second)
        return (whole, first, second)
    }

    /// Pushes every row of `path` (if it has any) into `body`.
    static func stream(_ path: String, _ body: (AccelerometerSample) -> Void) throws {
        guard (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 > 16 else { return }
        var reader = try TraceReader(path: path)
        while let row = try reader.next() { body(row.sample) }
    }

    @Test func classifierAndStepsOverTwoFilesEqualTheWhole() async {
        await propertyCheck(count: 5, input: Gen.uint64()) { seed in
            let samples = Self.trace(seed: seed, duration: 120)
            var random = SplitMix64(seed: seed ^ 0xABCD)
            let split = 1 + Int(random.next() % UInt64(samples.count - 1))
            do {
                let (whole, first, second) = try Self.writeTwoFiles(samples, split: split)
                var classifier = ActivityClassifier(), detector = StepDetector()
                var updates: [ActivityUpdate] = [], steps: [Double] = []
                for path in [first, second] {
                    try Self.stream(path) { sample in
                        classifier.push(sample) { updates.append($0) }
                        detector.push(sample) { if case .step(let time) = $0 { steps.append(time) } }
                    }
                }
                detector.finish { if case .step(let time) = $0 { steps.append(time) } }
                classifier.finish { updates.append($0) }
                var wholeSamples: [AccelerometerSample] = []
                try Self.stream(whole) { wholeSamples.append($0) }
                #expect(updates == ActivityClassifier.updates(of: wholeSamples, smoothing: .lagged))
                #expect(steps == StepDetector.detect(wholeSamples).steps)
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func odometerOverTwoFixFilesWithSavedStateEqualsTheWhole() async {
        await propertyCheck(count: 20, input: Gen.uint64(), Gen.int(in: 2...300)) { seed, count in
            var random = SplitMix64(seed: seed)
            func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
            var time = 1.7e9 + uniform() * 1e7, latitude = 47.0, longitude = 8.5
            let fixes = (0..<count).map { _ in
                time += random.next() % 30 == 0 ? 7200 : 1 + uniform()
                latitude += (uniform() - 0.5) * 4e-5
                longitude += (uniform() - 0.5) * 4e-5
                return LocationFix(time: time, latitude: latitude + (random.next() % 40 == 0 ? 0.01 : 0),
                                   longitude: longitude, horizontalAccuracy: 3 + 30 * uniform(), speed: 2 * uniform())
            }
            let split = 1 + Int(random.next() % UInt64(count - 1))
            let zone = TimeZone(identifier: "Europe/Zurich")!
            do {
                let first = temporaryFile(FixCSVWriter.string(fixes[..<split]), name: "first.csv")
                let second = temporaryFile(FixCSVWriter.string(fixes[split...]), name: "second.csv")
                let whole = temporaryFile(FixCSVWriter.string(fixes), name: "whole.csv")
                var odometer = Odometer(timeZone: zone)
                for fix in try FixReader.read(path: first) { odometer.push(fix) { _ in } }
                // The app is killed here: its state survives as JSON.
                var restored = try JSONDecoder().decode(Odometer.self, from: JSONEncoder().encode(odometer))
                for fix in try FixReader.read(path: second) { restored.push(fix) { _ in } }
                let expected = Odometer.measuring(try FixReader.read(path: whole), timeZone: zone)
                #expect(restored == expected)
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}

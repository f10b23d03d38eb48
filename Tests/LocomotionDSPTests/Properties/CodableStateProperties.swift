import Foundation
import LocomotionDSP
import PropertyBased
import Testing

/// Restore and continue: every stateful DSP value encoded to JSON at a random point, decoded, and fed the rest of
/// the input gives bit for bit the output of an uninterrupted run; corrupted states are refused, not trapped on.
@Suite struct CodableStateProperties {
    /// `value` through JSON and back.
    static func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
        try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
    }

    @Test func sosFilterRestoredFromJSONContinuesBitForBit() async {
        await propertyCheck(count: 40, input: Gen.uint64(), Gen.int(in: 1...8), Gen.int(in: 0...400)) {
            seed, order, count in
            var signal = SeededSignal(seed: seed)
            let sections = SOSFilterProperties.design(order: order, &signal)
            let input = signal.values(count: count)
            let split = signal.integer(in: 0...count)
            var whole = SOSFilter(sections: sections)
            let expected = input.map { whole.process($0) }

            var first = SOSFilter(sections: sections)
            var output = input[..<split].map { first.process($0) }
            do {
                var restored = try Self.roundTrip(first)
                #expect(restored.sections == sections)
                var rest = Array(input[split...])
                restored.process(&rest)  // the buffer path continues the restored state too
                output += rest
                #expect(bitwiseEqual(output, expected))
            } catch {
                Issue.record("SOSFilter did not round-trip: \(error)")
            }
        }
    }

    @Test func gravityFilterRestoredFromJSONContinuesBitForBit() async {
        await propertyCheck(count: 25, input: Gen.uint64(), Gen.int(in: 0...300)) { seed, count in
            var signal = SeededSignal(seed: seed)
            let samples = signal.samples(count: count, gaps: false)
            let split = signal.integer(in: 0...count)
            var whole = GravityFilter(sampleRate: 50, cutoff: signal.uniform(in: 0.1...2))
            var first = whole
            let expected = samples.map { whole.update($0.acceleration) }
            var output = samples[..<split].map { first.update($0.acceleration) }
            do {
                var restored = try Self.roundTrip(first)
                output += samples[split...].map { restored.update($0.acceleration) }
                #expect(output.count == expected.count && zip(output, expected).allSatisfy { bitwiseEqual($0, $1) })
            } catch {
                Issue.record("GravityFilter did not round-trip: \(error)")
            }
        }
    }

    @Test func resamplerRestoredFromJSONContinuesExactly() async {
        await propertyCheck(count: 40, input: Gen.uint64(), Gen.int(in: 0...600)) { seed, count in
            var signal = SeededSignal(seed: seed)
            var samples = signal.samples(count: count)
            // Invalid samples break runs; the state after one must survive the snapshot too.
            if count > 10 { samples[signal.integer(in: 0...(count - 1))].time = .nan }
            let rate = signal.uniform(in: 10...100)
            let split = signal.integer(in: 0...count)
            let expected = Resampler.resample(samples, rate: rate)

            var resampler = Resampler(rate: rate)
            var events: [Resampler.Event] = []
            for sample in samples[..<split] { resampler.push(sample) { events.append($0) } }
            do {
                var restored = try Self.roundTrip(resampler)
                for sample in samples[split...] { restored.push(sample) { events.append($0) } }
                #expect(events == expected)
            } catch {
                Issue.record("Resampler did not round-trip: \(error)")
            }
        }
    }

    @Test func slidingWindowRestoredFromJSONGivesTheSameWindows() async {
        await propertyCheck(count: 40, input: Gen.uint64(), Gen.int(in: 1...64), Gen.int(in: 0...300)) {
            seed, size, count in
            var signal = SeededSignal(seed: seed)
            let hop = signal.integer(in: 1...size)
            let values = signal.values(count: count)
            let split = signal.integer(in: 0...count)
            func windows(_ window: inout SlidingWindow, _ values: ArraySlice<Double>) -> [[Double]] {
                values.compactMap { value -> [Double]? in
                    guard window.append(value) else { return nil }
                    var copy: [Double] = []
                    window.copyWindow(into: &copy)
                    return copy
                }
            }
            var whole = SlidingWindow(size: size, hop: hop)
            let expected = windows(&whole, values[...])
            var first = SlidingWindow(size: size, hop: hop)
            var output = windows(&first, values[..<split])
            do {
                var restored = try Self.roundTrip(first)
                #expect(restored.count == first.count && restored.isFull == first.isFull)
                output += windows(&restored, values[split...])
                #expect(output.count == expected.count && zip(output, expected).allSatisfy { bitwiseEqual($0, $1) })
            } catch {
                Issue.record("SlidingWindow did not round-trip: \(error)")
            }
        }
    }

    @Test func featureExtractorRestoredFromJSONGivesTheSameFeatures() async throws {
        var extractor = FeatureExtractor(windowSize: 100, sampleRate: 20, bands: [0.5...3, 3...8, 8...10],
                                         periodRange: 0.3...1.5, window: .hamming)
        var signal = SeededSignal(seed: 7)
        let window = signal.values(count: 100, sampleRate: 20)
        var restored = try Self.roundTrip(extractor)
        #expect(restored.windowSize == 100 && restored.sampleRate == 20 && restored.window == .hamming)
        #expect(restored.bands == extractor.bands && restored.periodRange == extractor.periodRange)
        #expect(restored.features(of: window) == extractor.features(of: window))
    }

    @Test func corruptedStatesAreRefused() throws {
        let decoder = JSONDecoder()
        let sections = Butterworth.lowPass(order: 2, cutoff: 1, sampleRate: 50)
        var filter = try JSONSerialization.jsonObject(with: JSONEncoder().encode(SOSFilter(sections: sections))) as! [String: Any]
        filter["history"] = [0.0, 1.0, 2.0]
        #expect(throws: DecodingError.self) { try decoder.decode(SOSFilter.self, from: JSONSerialization.data(withJSONObject: filter)) }

        let windows: [[String: Any]] = [
            ["size": 4, "hop": 2, "values": [1.0, 2.0, 3.0, 4.0, 5.0], "sinceLastWindow": 0],  // more values than fit
            ["size": 4, "hop": 2, "values": [1.0], "sinceLastWindow": 1],  // counting hops before it is full
            ["size": 0, "hop": 1, "values": [Double](), "sinceLastWindow": 0],
            ["size": 4, "hop": 2, "values": [1.0, 2.0, 3.0, 4.0], "sinceLastWindow": 2],
        ]
        for window in windows {
            #expect(throws: DecodingError.self) {
                try decoder.decode(SlidingWindow.self, from: JSONSerialization.data(withJSONObject: window))
            }
        }
        var resampler = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Resampler(rate: 50))) as! [String: Any]
        resampler["rate"] = -50.0
        #expect(throws: DecodingError.self) { try decoder.decode(Resampler.self, from: JSONSerialization.data(withJSONObject: resampler)) }
        var extractor = try JSONSerialization.jsonObject(
            with: JSONEncoder().encode(FeatureExtractor(windowSize: 8, sampleRate: 20))) as! [String: Any]
        extractor["windowSize"] = 2
        #expect(throws: DecodingError.self) {
            try decoder.decode(FeatureExtractor.self, from: JSONSerialization.data(withJSONObject: extractor))
        }
    }
}

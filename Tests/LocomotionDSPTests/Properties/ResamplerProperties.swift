import LocomotionDSP
import PropertyBased
import Testing

/// Batch equals streaming for ``Resampler``, and gaps are never bridged.
@Suite struct ResamplerProperties {
    @Test func splitWithCarriedStateEqualsBatch() async {
        await propertyCheck(count: 40, input: Gen.uint64(), Gen.int(in: 0...600)) { seed, count in
            var signal = SeededSignal(seed: seed)
            let samples = signal.samples(count: count)
            let rate = signal.uniform(in: 10...100)
            let split = signal.integer(in: 0...count)
            let expected = Resampler.resample(samples, rate: rate)

            var resampler = Resampler(rate: rate)
            var events: [Resampler.Event] = []
            for sample in samples[..<split] { resampler.push(sample) { events.append($0) } }
            var restored = resampler
            var fromSnapshot: [Resampler.Event] = []
            for sample in samples[split...] {
                resampler.push(sample) { events.append($0) }
                restored.push(sample) { fromSnapshot.append($0) }
            }
            #expect(events == expected)
            #expect(Array(events.suffix(fromSnapshot.count)) == fromSnapshot)
        }
    }

    /// No output sample lies strictly inside an input step longer than `maximumGap`,
    /// and every such step is announced by a `.gap` event with its two times.
    @Test func gapsAreReportedNeverBridged() async {
        await propertyCheck(count: 40, input: Gen.uint64(), Gen.int(in: 2...600)) { seed, count in
            var signal = SeededSignal(seed: seed)
            let samples = signal.samples(count: count)
            let maximumGap = signal.uniform(in: 0.5...2)
            let events = Resampler.resample(samples, rate: 50, maximumGap: maximumGap)
            let gaps = zip(samples, samples.dropFirst()).filter { $1.time - $0.time > maximumGap }
            let reported = events.compactMap { event -> (Double, Double)? in
                if case .gap(let from, let to) = event { return (from, to) }
                return nil
            }
            #expect(reported.count == gaps.count)
            #expect(zip(reported, gaps).allSatisfy { $0.0 == $1.0.time && $0.1 == $1.1.time })
            for event in events {
                guard case .sample(let output) = event else { continue }
                #expect(!gaps.contains { output.time > $0.time && output.time < $1.time },
                        "output at \(output.time) s lies inside a gap")
            }
        }
    }

    /// Hostile input — duplicate and backwards times, NaN and infinite values —
    /// never traps, and never yields a non-finite sample or time going backwards
    /// within a run (runs are separated by `.gap` events).
    @Test func hostileInputStaysWellFormed() async {
        await propertyCheck(count: 40, input: Gen.uint64(), Gen.int(in: 0...400)) { seed, count in
            var signal = SeededSignal(seed: seed)
            var samples = signal.samples(count: count)
            for index in samples.indices {
                switch signal.integer(in: 0...30) {
                case 0: samples[index].time = index > 0 ? samples[index - 1].time : 0
                case 1: samples[index].time -= signal.uniform(in: 0...10)
                case 2: samples[index].acceleration.x = .nan
                case 3: samples[index].time = .infinity
                case 4: samples[index].acceleration.z = -.infinity
                default: break
                }
            }
            var previous = -Double.infinity
            var wellFormed = true
            var resampler = Resampler(rate: 50)
            for sample in samples {
                resampler.push(sample) { event in
                    switch event {
                    case .gap: previous = -Double.infinity
                    case .sample(let output):
                        if !(output.time.isFinite && output.acceleration.isFinite && output.time > previous) {
                            wellFormed = false
                        }
                        previous = output.time
                    }
                }
            }
            #expect(wellFormed)
        }
    }
}

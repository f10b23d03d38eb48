import LocomotionDSP
import PropertyBased
import Testing

/// Batch equals streaming for ``SOSFilter``: the buffer forms give the per-sample
/// results bit for bit, and so does a run split in two with the state carried
/// over (or copied as a snapshot and resumed).
@Suite struct SOSFilterProperties {
    @Test func bufferEqualsPerSample() async {
        await propertyCheck(count: 40, input: Gen.uint64(), Gen.int(in: 1...8), Gen.int(in: 0...400)) {
            seed, order, count in
            var signal = SeededSignal(seed: seed)
            let sections = Self.design(order: order, &signal)
            let input = signal.values(count: count)

            var perSample = SOSFilter(sections: sections)
            let expected = input.map { perSample.process($0) }

            var batch = SOSFilter(sections: sections)
            var array = input
            batch.process(&array)
            #expect(bitwiseEqual(array, expected))

            var pointer = SOSFilter(sections: sections)
            var buffer = input
            buffer.withUnsafeMutableBufferPointer { pointer.process($0) }
            #expect(bitwiseEqual(buffer, expected))
        }
    }

    @Test func splitWithCarriedStateEqualsWhole() async {
        await propertyCheck(count: 40, input: Gen.uint64(), Gen.int(in: 1...8), Gen.int(in: 0...400)) {
            seed, order, count in
            var signal = SeededSignal(seed: seed)
            let sections = Self.design(order: order, &signal)
            let input = signal.values(count: count)
            let split = signal.integer(in: 0...count)

            var whole = SOSFilter(sections: sections)
            var expected = input
            whole.process(&expected)

            var filter = SOSFilter(sections: sections)
            var first = Array(input[..<split])
            filter.process(&first)
            // A snapshot is a copy of the value: resuming it must equal carrying on.
            var restored = filter
            var second = Array(input[split...])
            var secondFromSnapshot = second
            filter.process(&second)
            restored.process(&secondFromSnapshot)
            #expect(bitwiseEqual(first + second, expected))
            #expect(bitwiseEqual(secondFromSnapshot, second))
        }
    }

    /// A random low-, high- or band-pass Butterworth design at 50 Hz.
    static func design(order: Int, _ signal: inout SeededSignal) -> [Biquad] {
        switch signal.integer(in: 0...2) {
        case 0: Butterworth.lowPass(order: order, cutoff: signal.uniform(in: 0.1...20), sampleRate: 50)
        case 1: Butterworth.highPass(order: order, cutoff: signal.uniform(in: 0.1...20), sampleRate: 50)
        default:
            Butterworth.bandPass(order: max(order / 2, 1), low: signal.uniform(in: 0.2...5),
                                 high: signal.uniform(in: 6...20), sampleRate: 50)
        }
    }
}

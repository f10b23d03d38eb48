import LocomotionDSP
import PropertyBased
import Testing

/// Batch equals streaming for ``GravityFilter``: splitting a recording and
/// carrying (or snapshotting and restoring) the filter value gives the same
/// estimates bit for bit as one uninterrupted run.
@Suite struct GravityFilterProperties {
    @Test func splitWithCarriedStateEqualsWhole() async {
        await propertyCheck(count: 40, input: Gen.uint64(), Gen.int(in: 1...500)) { seed, count in
            var signal = SeededSignal(seed: seed)
            let samples = signal.samples(count: count, gaps: false)
            let split = signal.integer(in: 0...count)

            var whole = GravityFilter(sampleRate: 50)
            let expected = samples.map { whole.update($0.acceleration) }

            var filter = GravityFilter(sampleRate: 50)
            var estimates = samples[..<split].map { filter.update($0.acceleration) }
            var restored = filter
            let rest = samples[split...].map { filter.update($0.acceleration) }
            let restFromSnapshot = samples[split...].map { restored.update($0.acceleration) }
            estimates += rest
            #expect(zip(estimates, expected).allSatisfy { bitwiseEqual($0, $1) })
            #expect(zip(rest, restFromSnapshot).allSatisfy { bitwiseEqual($0, $1) })
        }
    }
}

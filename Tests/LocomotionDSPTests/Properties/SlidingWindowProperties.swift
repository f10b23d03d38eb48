import LocomotionDSP
import PropertyBased
import Testing

/// Batch equals streaming for ``SlidingWindow``: the windows it reports are
/// exactly the slices `values[end − size ..< end]` for `end = size, size + hop, …`,
/// also when the stream is split and the window value carried (or copied) over.
@Suite struct SlidingWindowProperties {
    @Test func windowsAreTheBatchSlices() async {
        await propertyCheck(count: 60, input: Gen.uint64(), Gen.int(in: 1...64), Gen.int(in: 1...64),
                            Gen.int(in: 0...300)) { seed, size, hop, count in
            var signal = SeededSignal(seed: seed)
            let values = signal.values(count: count)
            let expected = stride(from: size, through: count, by: hop).map { Array(values[($0 - size)..<$0]) }

            let split = signal.integer(in: 0...count)
            var window = SlidingWindow(size: size, hop: hop)
            var streamed: [[Double]] = []
            var buffer: [Double] = []
            func push(_ values: ArraySlice<Double>, into window: inout SlidingWindow, _ output: inout [[Double]]) {
                for value in values where window.append(value) {
                    window.copyWindow(into: &buffer)
                    output.append(buffer)
                }
            }
            push(values[..<split], into: &window, &streamed)
            var snapshot = window
            var fromSnapshot: [[Double]] = []
            push(values[split...], into: &snapshot, &fromSnapshot)
            push(values[split...], into: &window, &streamed)

            #expect(streamed.count == expected.count)
            #expect(zip(streamed, expected).allSatisfy { bitwiseEqual($0, $1) })
            #expect(Array(streamed.suffix(fromSnapshot.count)) == fromSnapshot)
        }
    }
}

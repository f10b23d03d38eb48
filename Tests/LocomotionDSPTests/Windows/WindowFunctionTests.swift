import Testing
@testable import LocomotionDSP

@Suite struct WindowFunctionTests {
    @Test func matchesScipyGetWindow() {
        for reference in ReferenceData.shared.windows {
            let function: WindowFunction = reference.name == "hann" ? .hann : .hamming
            let values = function.coefficients(count: reference.count)
            #expect(maximumDifference(values, reference.values) < 1e-15, "\(reference.name) \(reference.count)")
        }
    }

    @Test func rectangularIsOnesAndEmptyIsEmpty() {
        #expect(WindowFunction.rectangular.coefficients(count: 3) == [1, 1, 1])
        #expect(WindowFunction.hann.coefficients(count: 0).isEmpty)
    }
}

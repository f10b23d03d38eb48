import Testing
@testable import LocomotionDSP

@Suite struct SlidingWindowTests {
    @Test func signalsFirstWhenFullThenEveryHop() {
        var window = SlidingWindow(size: 4, hop: 2)
        let ready = (1...10).map { window.append(Double($0)) }
        #expect(ready == [false, false, false, true, false, true, false, true, false, true])
        var buffer: [Double] = []
        window.copyWindow(into: &buffer)
        #expect(buffer == [7, 8, 9, 10])
        #expect(window.count == 4 && window.isFull)
    }

    @Test func copyIsOldestFirstAtEveryRotation() {
        var window = SlidingWindow(size: 5, hop: 1)
        var buffer = [Double](repeating: 0, count: 5)
        for value in 1...23 {
            _ = window.append(Double(value))
            if value >= 5 {
                window.copyWindow(into: &buffer)
                #expect(buffer == (value - 4...value).map(Double.init))
            }
        }
    }

    @Test func partialWindowIsZeroPaddedAtTheOldEndAndResetEmpties() {
        var window = SlidingWindow(size: 4, hop: 4)
        _ = window.append(1)
        _ = window.append(2)
        var buffer: [Double] = []
        window.copyWindow(into: &buffer)
        #expect(buffer == [0, 0, 1, 2])
        window.reset()
        #expect(window.count == 0)
        let ready = (1...4).map { window.append(Double($0)) }
        #expect(ready == [false, false, false, true])
    }
}

import Testing
@testable import LocomotionIO

@Suite struct ValueScaleTests {
    @Test(arguments: [(1.5, 1.5, 0.5), (1.6, 2.0, 0.5), (4.2, 6.0, 2.0), (3.6, 4.0, 1.0), (12.3, 15.0, 5.0), (850, 1000, 250)])
    func roundsUpToANiceBound(largest: Double, upper: Double, step: Double) {
        let scale = ValueScale(covering: largest, tickCount: 4)
        #expect(scale.upper == upper)
        #expect(scale.step == step)
        #expect(scale.upper >= largest)
        #expect(scale.ticks.first == 0 && scale.ticks.last == upper)
    }

    @Test func labelsDropNeedlessDecimals() {
        let scale = ValueScale(covering: 4.2, tickCount: 4)
        #expect(scale.ticks.map(scale.label) == ["0", "2", "4", "6"])
        let fine = ValueScale(covering: 1.6, tickCount: 4)
        #expect(fine.ticks.map(fine.label) == ["0.0", "0.5", "1.0", "1.5", "2.0"])
    }
}

import Testing
@testable import Locomotion

@Suite("ActivityInputMoments (input-sample energy per window)")
struct ActivityInputMomentsTests {
    @Test func deviationAndCountOverTheLastBlocks() {
        var moments = ActivityInputMoments(blockCount: 2)
        // Oldest hop: values that must drop out once two newer hops are closed.
        for value in [5.0, -3.0] { moments.add(value) }
        moments.closeHop()
        for value in [1.0, 1.2] { moments.add(value) }
        moments.closeHop()
        for value in [0.8, 1.0] { moments.add(value) }
        moments.closeHop()
        #expect(moments.count == 4)
        // 1.0, 1.2, 0.8, 1.0: mean 1, population variance (0 + 0.04 + 0.04 + 0) / 4 = 0.02.
        #expect(abs(moments.standardDeviation - 0.02.squareRoot()) < 1e-12)
        // Samples of the hop still open are not part of the window yet.
        moments.add(9)
        #expect(moments.count == 4)
    }

    @Test func resetForgetsEverything() {
        var moments = ActivityInputMoments(blockCount: 3)
        for value in [0.5, 1.5, 1.0] { moments.add(value) }
        moments.closeHop()
        moments.reset()
        #expect(moments.count == 0)
        #expect(moments.standardDeviation == 0)
    }

    @Test func stillPhoneKeepsItsTinyDeviation() {
        // |a| ≈ 1 g ± 1e-6 g: centring on 1 g keeps the sums from cancelling.
        var moments = ActivityInputMoments(blockCount: 1)
        for k in 0..<100 { moments.add(1 + (k.isMultiple(of: 2) ? 1e-6 : -1e-6)) }
        moments.closeHop()
        #expect(abs(moments.standardDeviation - 1e-6) < 1e-9)
    }
}

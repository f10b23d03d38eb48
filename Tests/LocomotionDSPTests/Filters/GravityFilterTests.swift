import Foundation
import Testing
@testable import LocomotionDSP

@Suite struct GravityFilterTests {
    @Test func stillPhoneGivesItsOwnReadingFromTheFirstSample() {
        var filter = GravityFilter(sampleRate: 50)
        let reading = Vector3(x: 0.1, y: -0.2, z: 0.97)
        for _ in 0..<100 {
            let gravity = filter.update(reading)
            #expect((gravity - reading).magnitude < 1e-12)
            #expect(linearAcceleration(reading, gravity: gravity).magnitude < 1e-12)
        }
    }

    @Test func walkingOscillationIsRemovedFromGravity() {
        // Gravity on z plus a 2 Hz, 0.3 g vertical bounce: the estimate stays near (0, 0, 1).
        let sampleRate = 50.0
        var filter = GravityFilter(sampleRate: sampleRate)
        var worst = 0.0
        for n in 0..<1000 {
            let bounce = 0.3 * sin(2 * Double.pi * 2 * Double(n) / sampleRate)
            let gravity = filter.update(Vector3(x: 0, y: 0, z: 1 + bounce))
            if n > 250 { worst = max(worst, abs(gravity.z - 1)) }
        }
        // 2nd-order at 0.3 Hz: |H(2 Hz)| ≈ (0.3/2)² ≈ 0.022 → residual ≈ 0.007 g.
        #expect(worst < 0.01)
        #expect(worst > 0.001)
    }

    @Test func followsAChangeOfOrientation() {
        var filter = GravityFilter(sampleRate: 50)
        _ = filter.update(Vector3(x: 0, y: 0, z: 1))
        var gravity = Vector3.zero
        for _ in 0..<500 { gravity = filter.update(Vector3(x: 1, y: 0, z: 0)) }
        #expect((gravity - Vector3(x: 1, y: 0, z: 0)).magnitude < 1e-3)
    }

    @Test func resetForgetsHistory() {
        var filter = GravityFilter(sampleRate: 50)
        for _ in 0..<10 { _ = filter.update(Vector3(x: 0, y: 0, z: 1)) }
        filter.reset()
        let gravity = filter.update(Vector3(x: 0, y: 1, z: 0))
        #expect((gravity - Vector3(x: 0, y: 1, z: 0)).magnitude < 1e-12)
    }
}

import Testing
@testable import LocomotionDSP

@Test func moduleLoads() {
    #expect(Bool(true))
}

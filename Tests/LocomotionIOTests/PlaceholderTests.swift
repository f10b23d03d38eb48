import Testing
@testable import LocomotionIO

@Test func moduleLoads() {
    #expect(Bool(true))
}

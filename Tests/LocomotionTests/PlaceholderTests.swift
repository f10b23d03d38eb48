import Testing
@testable import Locomotion

@Test func moduleLoads() {
    #expect(Bool(true))
}

import Testing
@testable import LocomotionDSP

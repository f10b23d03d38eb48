import Foundation
import LocomotionIO

// The C library's calls that the command line names by module, because a member of the same name (ArgumentParser's
// `exit(withError:)`) would hide the free function where they are used. The module is named here only: every other
// file reaches the C library through Foundation, which re-exports it on each platform.
#if canImport(Darwin)
let terminate = Darwin.exit
#elseif canImport(Glibc)
let terminate = Glibc.exit
#elseif canImport(Musl)
let terminate = Musl.exit
#endif

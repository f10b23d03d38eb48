import Foundation

// The C library's calls that LocomotionIO names by module, because a method of the same name (`FileHandle.write`,
// a reader's own `read`, glob) would hide the free function where they are used. The module is named here only: every
// other file reaches the C library through Foundation, which re-exports it on each platform.
#if canImport(Darwin)
let systemRead = Darwin.read
let systemWrite = Darwin.write
let systemClose = Darwin.close
let systemGlob = Darwin.glob
#elseif canImport(Glibc)
let systemRead = Glibc.read
let systemWrite = Glibc.write
let systemClose = Glibc.close
let systemGlob = Glibc.glob
#elseif canImport(Musl)
let systemRead = Musl.read
let systemWrite = Musl.write
let systemClose = Musl.close
let systemGlob = Musl.glob
#endif

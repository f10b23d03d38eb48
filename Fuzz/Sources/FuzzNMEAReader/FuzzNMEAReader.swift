import FuzzSupport
import LocomotionIO

/// Fuzz target for the nmea location-fix reader (`FixReader` with format `.nmea`); the checks
/// are in `checkFixReader` (FuzzSupport).

/// The process entry point (see `runFuzzer`).
@_cdecl("FuzzNMEAReader_main")
public func fuzzNMEAReaderMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc: argc, argv: argv, fuzzNMEAReader)
}

/// libFuzzer's entry: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNMEAReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    checkFixReader(data, size, format: .nmea)
    return 0
}

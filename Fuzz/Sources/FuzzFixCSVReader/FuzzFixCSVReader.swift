import FuzzSupport
import LocomotionIO

/// Fuzz target for the csv location-fix reader (`FixReader` with format `.csv`); the checks
/// are in `checkFixReader` (FuzzSupport).

/// The process entry point (see `runFuzzer`).
@_cdecl("FuzzFixCSVReader_main")
public func fuzzFixCSVReaderMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc: argc, argv: argv, fuzzFixCSVReader)
}

/// libFuzzer's entry: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFixCSVReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    checkFixReader(data, size, format: .csv)
    return 0
}

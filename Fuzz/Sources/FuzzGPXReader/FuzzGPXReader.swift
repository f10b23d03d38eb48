import FuzzSupport
import LocomotionIO

/// Fuzz target for the gpx location-fix reader (`FixReader` with format `.gpx`, which reads through
/// `XMLScanner`); the checks are in `checkFixReader` (FuzzSupport). Every input is tried: the two
/// crashes this target found in FoundationXML's XMLParser (`<gpx><t\xF3/></gpx>`, `<?pi?><gpx/>`)
/// went away with it, and are regression tests now (Docs/reliability.md).

/// The process entry point (see `runFuzzer`).
@_cdecl("FuzzGPXReader_main")
public func fuzzGPXReaderMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc: argc, argv: argv, fuzzGPXReader)
}

/// libFuzzer's entry: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPXReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    checkFixReader(data, size, format: .gpx)
    return 0
}

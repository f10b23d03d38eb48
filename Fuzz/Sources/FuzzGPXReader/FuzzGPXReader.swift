#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FuzzSupport
import LocomotionIO

/// Fuzz target for the gpx location-fix reader (`FixReader` with format `.gpx`); the checks
/// are in `checkFixReader` (FuzzSupport).

private let includesInvalidUTF8 = getenv("FUZZ_GPX_INVALID_UTF8").map { String(cString: $0) == "1" } ?? false

private let includesEmptyProcessingInstructions = getenv("FUZZ_GPX_EMPTY_PI").map { String(cString: $0) == "1" } ?? false

/// True when `bytes` hold `<?name?>`: a processing instruction with no data.
private func hasEmptyProcessingInstruction(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index + 1 < bytes.count {
        if bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "?") {
            var end = index + 2
            while end < bytes.count, bytes[end] != UInt8(ascii: "?"), bytes[end] > 0x20 { end += 1 }
            if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") { return true }
        }
        index += 1
    }
    return false
}

/// The process entry point (see `runFuzzer`).
@_cdecl("FuzzGPXReader_main")
public func fuzzGPXReaderMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc: argc, argv: argv, fuzzGPXReader)
}

/// libFuzzer's entry: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPXReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    // Known crash, reported (Docs/reliability.md): FoundationXML's XMLParser traps on a byte that is
    // not UTF-8 in an element or attribute name (`<gpx><t\xF3/></gpx>`). Such inputs are skipped so
    // that fuzzing can look for other problems; set FUZZ_GPX_INVALID_UTF8=1 to include them.
    if !includesInvalidUTF8, let data,
       String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) == nil {
        return -1  // libFuzzer: do not add to the corpus
    }
    // Known crash, reported: a processing instruction without data (`<?pi?>`) makes FoundationXML
    // call strlen(NULL) (SIGSEGV). Skipped likewise; FUZZ_GPX_EMPTY_PI=1 includes them.
    if !includesEmptyProcessingInstructions, let data,
       hasEmptyProcessingInstruction(UnsafeBufferPointer(start: data, count: size)) {
        return -1
    }
    checkFixReader(data, size, format: .gpx)
    return 0
}

/// libFuzzer's driver (`LLVMFuzzerRunDriver`, in the runtime that `-sanitize=fuzzer` links).
///
/// SwiftPM links an executable target with `--defsym main=<Target>_main`, which hides libFuzzer's
/// own `main`; each fuzz target therefore defines `<Target>_main` and hands over to this driver.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Runs libFuzzer with the process arguments and `testOneInput` as the target.
public func runFuzzer(
    argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32 {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return withUnsafeMutablePointer(to: &count) { countPointer in
        withUnsafeMutablePointer(to: &arguments) { argumentsPointer in
            LLVMFuzzerRunDriver(countPointer, argumentsPointer, testOneInput)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FuzzSupport
import Locomotion
import LocomotionDSP
@_spi(Harness) import LocomotionIO

/// Fuzz target for the accelerometer trace CSV reader (`TraceReader`).
///
/// Each input is written to a scratch file and read four ways (strict and
/// lenient, with and without the unit check). Beyond "no trap, no hang, no
/// leak" (the sanitizers and libFuzzer's timeout), it checks the reader's
/// contract on every input:
/// - every sample is finite, times strictly increase, line numbers increase;
/// - every error names the scratch file, and its line and column are ≥ 1;
/// - lenient mode stores at most `maximumStoredWarnings` warnings and counts them all;
/// - whatever lenient reading accepted round-trips bit for bit through
///   `TraceWriter` and a strict re-read.
private let input = ScratchFile(name: "trace.csv")
private let roundTrip = ScratchFile(name: "round-trip.csv")

private let readings: [TraceReadingOptions] = [
    TraceReadingOptions(),
    TraceReadingOptions(lenient: true),
    TraceReadingOptions(units: .metersPerSecondSquared, lenient: false, checkUnits: false),
    TraceReadingOptions(lenient: true, checkUnits: false),
]

/// The process entry point (see `runFuzzer`).
@_cdecl("FuzzTraceReader_main")
public func fuzzTraceReaderMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc: argc, argv: argv, fuzzTraceReader)
}

/// libFuzzer's entry: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    input.write(data, size)
    var accepted: Trace?
    for options in readings {
        let trace = read(input.path, options: options)
        if options.lenient && !options.checkUnits { accepted = trace }
    }
    if let accepted { checkRoundTrip(accepted) }
    return 0
}

/// Reads `path` row by row, checking every row and the error, if any.
private func read(_ path: String, options: TraceReadingOptions) -> Trace? {
    var samples: [AccelerometerSample] = []
    var labels: [MotionActivity] = []
    var reader: TraceReader
    do {
        reader = try TraceReader(path: path, options: options)
    } catch {
        check(error, path: path)
        return nil
    }
    var previousTime = -Double.infinity
    var previousLine = 0
    do {
        while let row = try reader.next() {
            let sample = row.sample
            invariant(sample.time.isFinite && sample.acceleration.isFinite, "non-finite sample \(sample)")
            invariant(sample.time > previousTime, "time \(sample.time) not after \(previousTime)")
            invariant(row.line > previousLine, "line \(row.line) not after \(previousLine)")
            invariant(reader.hasLabels || row.label == nil, "a label without a label column")
            previousTime = sample.time
            previousLine = row.line
            samples.append(sample)
            labels.append(row.label ?? .unknown)
        }
    } catch {
        // Lenient reading skips bad rows; only an unreadable file (or a line
        // too long to be CSV) may still stop it.
        invariant(!options.lenient || error.problem.hasPrefix("line longer") || error.problem.hasPrefix("read failed"),
                  "lenient reading threw after the first rows: \(error)")
        check(error, path: path)
        // After an error the reader is finished.
        invariant((try? reader.next()) == nil, "rows after an error")
        return nil
    }
    invariant(reader.skippedRowCount >= reader.warnings.count, "more warnings than skipped rows")
    invariant(reader.warnings.count <= TraceReader.maximumStoredWarnings, "too many stored warnings")
    invariant(options.lenient || reader.skippedRowCount == 0, "strict reading skipped rows")
    for warning in reader.warnings {
        invariant(warning.file == path && warning.line >= 1 && (warning.column ?? 1) >= 1
                  && !warning.problem.isEmpty, "malformed warning \(warning)")
    }
    invariant(!samples.isEmpty, "a reader that returned no rows without an error")
    return Trace(file: path, samples: samples, labels: reader.hasLabels ? labels : nil,
                 warnings: reader.warnings, skippedRowCount: reader.skippedRowCount)
}

private func check(_ error: InputError, path: String) {
    invariant(error.file == path, "error names \(error.file), not \(path)")
    invariant((error.line ?? 1) >= 1 && (error.column ?? 1) >= 1, "error position \(error)")
    invariant(!error.problem.isEmpty, "error without a problem")
}

/// Writes what was accepted and reads it back strictly: it must be the same, bit for bit.
private func checkRoundTrip(_ trace: Trace) {
    do {
        try TraceWriter.write(trace, to: roundTrip.path)
    } catch {
        invariant(false, "writing accepted samples failed: \(error)")
    }
    let again: Trace
    do {
        again = try Trace.read(path: roundTrip.path, options: TraceReadingOptions(checkUnits: false))
    } catch {
        invariant(false, "re-reading written samples failed: \(error)")
        return
    }
    invariant(again.samples.count == trace.samples.count, "round trip changed the row count")
    for (a, b) in zip(again.samples, trace.samples) {
        invariant(a.time.bitPattern == b.time.bitPattern
                  && a.acceleration.x.bitPattern == b.acceleration.x.bitPattern
                  && a.acceleration.y.bitPattern == b.acceleration.y.bitPattern
                  && a.acceleration.z.bitPattern == b.acceleration.z.bitPattern,
                  "round trip changed \(b) into \(a)")
    }
    invariant(again.labels == trace.labels, "round trip changed the labels")
}

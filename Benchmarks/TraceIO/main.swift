// Trace reading and writing throughput of LocomotionIO (release build).
// Usage: trace-io-benchmark TRACE.csv [REPEATS [stream]]; run by Benchmarks/trace-io.sh.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locomotion
import LocomotionDSP
import LocomotionIO

/// CPU time of this process: the machine is shared, so wall-clock time would
/// measure the neighbours. (Single-threaded code: CPU time = time on one core.)
func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Wall-clock time, for the two-thread reader (its CPU time counts both threads).
func wallSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func peakResidentMegabytes() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024   // Linux: kilobytes
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: trace-io-benchmark TRACE.csv [REPEATS]")
    exit(2)
}
let path = arguments[1]
let repeats = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
var status = stat()
stat(path, &status)
let megabytes = Double(status.st_size) / 1e6

// Streaming: constant memory. Best of `repeats`.
var best = Double.infinity
var rows = 0
var checksum = 0.0
for _ in 0..<repeats {
    let start = seconds()
    var reader = try TraceReader(path: path)
    rows = 0
    checksum = 0
    while let row = try reader.next() {
        rows += 1
        checksum += row.sample.acceleration.z
    }
    best = min(best, seconds() - start)
}
let streamingPeak = peakResidentMegabytes()
print("stream_read rows=\(rows) megabytes=\(megabytes) seconds=\(best) MB_per_s=\(megabytes / best) "
      + "rows_per_s=\(Double(rows) / best) peak_rss_MB=\(streamingPeak) checksum=\(checksum)")
// `trace-io-benchmark TRACE.csv REPEATS stream`: only the figure above (for profiling the reader alone).
if arguments.count > 3 && arguments[3] == "stream" { exit(0) }

// Streaming in batches of 4096 rows (`next(into:maximumCount:)`).
best = .infinity
var batch: [TraceRow] = []
for _ in 0..<repeats {
    let start = seconds()
    var reader = try TraceReader(path: path)
    rows = 0
    checksum = 0
    while try reader.next(into: &batch, maximumCount: 4096) {
        rows += batch.count
        for row in batch { checksum += row.sample.acceleration.z }
    }
    best = min(best, seconds() - start)
}
print("stream_read_batches rows=\(rows) seconds=\(best) MB_per_s=\(megabytes / best) "
      + "rows_per_s=\(Double(rows) / best) checksum=\(checksum)")

// Read-ahead on a second thread: wall time (best of `repeats`) and the CPU time of both threads.
best = .infinity
var bestCPU = Double.infinity
for _ in 0..<repeats {
    let start = wallSeconds(), startCPU = seconds()
    var reader = try ReadAheadTraceReader(path: path)
    rows = 0
    checksum = 0
    while let row = try reader.next() {
        rows += 1
        checksum += row.sample.acceleration.z
    }
    best = min(best, wallSeconds() - start)
    bestCPU = min(bestCPU, seconds() - startCPU)
}
print("read_ahead rows=\(rows) wall_seconds=\(best) MB_per_s_wall=\(megabytes / best) cpu_seconds=\(bestCPU) "
      + "checksum=\(checksum)")

// Batch: the whole file into memory.
best = .infinity
var trace = Trace(file: path, samples: [])
for _ in 0..<repeats {
    let start = seconds()
    trace = try Trace.read(path: path)
    best = min(best, seconds() - start)
}
print("batch_read rows=\(trace.samples.count) seconds=\(best) MB_per_s=\(megabytes / best) peak_rss_MB=\(peakResidentMegabytes())")

// Writing CSV back (to /dev/null).
best = .infinity
for _ in 0..<repeats {
    let start = seconds()
    try TraceWriter.write(trace, to: "/dev/null")
    best = min(best, seconds() - start)
}
print("csv_write rows=\(trace.samples.count) seconds=\(best) rows_per_s=\(Double(trace.samples.count) / best)")

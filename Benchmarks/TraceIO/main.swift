// Trace reading and writing throughput of LocomotionIO (release build).
// Usage: trace-io-benchmark TRACE.csv [REPEATS [stream|parallel]]; run by Benchmarks/trace-io.sh.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locomotion
import LocomotionDSP
@_spi(Harness) @_spi(Tuning) import LocomotionIO

let arguments = CommandLine.arguments
let (path, repeats, megabytes) = benchmarkArguments(usage: "trace-io-benchmark TRACE.csv [REPEATS [stream|parallel]]")
// `stream`: only the serial streaming figure (for profiling the reader alone); `parallel`: it and the parallel ones.
let mode = arguments.count > 3 ? arguments[3] : "all"

// Streaming: constant memory. Best of `repeats`.
let streaming = try bestStreamingRead(path: path, repeats: repeats)
var best = streaming.seconds
var rows = streaming.rows
var checksum = streaming.checksum
let streamingPeak = peakResidentMegabytes()
print("stream_read rows=\(rows) megabytes=\(megabytes) seconds=\(best) MB_per_s=\(megabytes / best) "
      + "rows_per_s=\(Double(rows) / best) peak_rss_MB=\(streamingPeak) checksum=\(checksum)")
if mode == "stream" { exit(0) }

if mode != "parallel" {
    // Streaming in batches of 4096 rows (`next(into:maximumCount:)`).
    // (Local counters: this block's variables are locals, the file's top-level ones globals.)
    best = .infinity
    var batch: [TraceRow] = []
    var batchRows = 0
    var batchChecksum = 0.0
    for _ in 0..<repeats {
        let start = seconds()
        var reader = try TraceReader(path: path)
        batchRows = 0
        batchChecksum = 0
        while try reader.next(into: &batch, maximumCount: 4096) {
            batchRows += batch.count
            for row in batch { batchChecksum += row.sample.acceleration.z }
        }
        best = min(best, seconds() - start)
    }
    print("stream_read_batches rows=\(batchRows) seconds=\(best) MB_per_s=\(megabytes / best) "
          + "rows_per_s=\(Double(batchRows) / best) checksum=\(batchChecksum)")
}

// Parallel parsing (`ReadAheadTraceReader`: chunks of lines parsed on N threads, rows handed to this thread in
// file order), for 1 thread and for one per core, each round interleaved with a serial read (`TraceReader`) so
// that both see the same load: wall time (best of `repeats`), the CPU time of all threads in that round, and the
// speed-up in wall time over the serial read.
let cores = ReadAheadTraceReader.defaultParsingThreads
for threads in Array(Set([1, 2, cores])).sorted() {
    best = .infinity
    var bestCPU = Double.infinity
    var bestSerial = Double.infinity
    for _ in 0..<repeats {
        let serialStart = wallSeconds()
        checksum = try readAll(path: path).checksum
        bestSerial = min(bestSerial, wallSeconds() - serialStart)
        let start = wallSeconds(), startCPU = seconds()
        (rows, checksum) = try readAll(path: path, parsingThreads: threads)
        let wall = wallSeconds() - start
        if wall < best {
            best = wall
            bestCPU = seconds() - startCPU
        }
    }
    print("parallel_read threads=\(threads) rows=\(rows) wall_seconds=\(best) MB_per_s_wall=\(megabytes / best) "
          + "cpu_seconds=\(bestCPU) serial_wall_seconds=\(bestSerial) speedup_over_serial=\(bestSerial / best) "
          + "checksum=\(checksum)")
}

if mode == "parallel" { exit(0) }

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

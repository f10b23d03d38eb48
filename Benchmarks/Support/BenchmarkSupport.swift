// What the swiftc-built benchmark drivers (Benchmarks/TraceIO, Benchmarks/Pipeline) share: clocks, peak memory,
// the command line, and the row-by-row read that both time. Compiled next to each driver's main.swift by
// Benchmarks/trace-io.sh and Benchmarks/pipeline.sh.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Harness) @_spi(Tuning) import LocomotionIO

/// CPU time of this process (s): the machine is shared, so wall-clock time would measure the neighbours.
/// (Single-threaded code: CPU time = time on one core.)
func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Wall-clock time (s), for two-thread code (its CPU time counts both threads).
func wallSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Peak resident memory of this process so far (MB).
func peakResidentMegabytes() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024   // Linux: kilobytes
}

/// `TOOL TRACE.csv [REPEATS …]`: the trace, the number of timed rounds (default 3) and the trace's size in MB
/// (10⁶ bytes). Prints the usage and exits 2 without a trace.
func benchmarkArguments(usage: String) -> (path: String, repeats: Int, megabytes: Double) {
    let arguments = CommandLine.arguments
    guard arguments.count >= 2 else {
        print("usage: \(usage)")
        exit(2)
    }
    let path = arguments[1]
    var status = stat()
    stat(path, &status)
    return (path, arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3, Double(status.st_size) / 1e6)
}

/// Reads every row of `path`: through `TraceReader` when `parsingThreads` is nil, else through
/// `ReadAheadTraceReader` with that many parsing threads. The rows and a checksum of the z values (so that the
/// reading cannot be optimised away). The counters are locals on purpose: the top-level variables of a driver
/// are globals, which would pay a dynamic exclusivity check on every row.
func readAll(path: String, parsingThreads: Int? = nil) throws -> (rows: Int, checksum: Double) {
    var rows = 0
    var checksum = 0.0
    if let parsingThreads {
        var reader = try ReadAheadTraceReader(path: path, parsingThreads: parsingThreads)
        while let row = try reader.next() {
            rows += 1
            checksum += row.sample.acceleration.z
        }
    } else {
        var reader = try TraceReader(path: path)
        while let row = try reader.next() {
            rows += 1
            checksum += row.sample.acceleration.z
        }
    }
    return (rows, checksum)
}

/// Reads `path` row by row through `TraceReader` (constant memory) `repeats` times: the best CPU time (s),
/// the rows read, and a checksum of the z values.
func bestStreamingRead(path: String, repeats: Int) throws -> (seconds: Double, rows: Int, checksum: Double) {
    var best = Double.infinity
    var result = (rows: 0, checksum: 0.0)
    for _ in 0..<repeats {
        let start = seconds()
        result = try readAll(path: path)
        best = min(best, seconds() - start)
    }
    return (best, result.rows, result.checksum)
}

/// `min median max` of `values` (tab-separated), the spread a figure is reported with.
func spread(_ values: [Double]) -> String {
    let sorted = values.sorted()
    guard let first = sorted.first, let last = sorted.last else { return "nan\tnan\tnan" }
    let middle = sorted.count / 2
    let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    return "\(first)\t\(median)\t\(last)"
}

/// Runs `body` `repeats` times; the CPU seconds and the wall seconds of each run.
func timedRounds(_ repeats: Int, _ body: () throws -> Void) rethrows -> (cpu: [Double], wall: [Double]) {
    var cpu: [Double] = []
    var wall: [Double] = []
    for _ in 0..<repeats {
        let startWall = wallSeconds(), start = seconds()
        try body()
        cpu.append(seconds() - start)
        wall.append(wallSeconds() - startWall)
    }
    return (cpu, wall)
}

/// Reads `path` with `read(2)` into a 256 KiB buffer and nothing else: the CPU seconds of each of
/// `repeats` runs. What no parser of the file can beat (the page-cache copy), its limit.
func readOnlyRounds(path: String, repeats: Int) -> [Double] {
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 18, alignment: 64)
    defer { buffer.deallocate() }
    var total = 0
    let rounds = timedRounds(repeats) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        while true {
            let count = read(descriptor, buffer, 1 << 18)
            if count <= 0 { break }
            total &+= count
        }
        close(descriptor)
    }
    return rounds.cpu
}

// Pipeline figures of Locomotion (release build): CSV reading throughput, the in-memory pipeline and
// the one-sample-at-a-time pipeline in ns/sample, and heap allocations per sample in the steady state.
// Usage: pipeline-benchmark TRACE.csv [REPEATS]; built and run by Benchmarks/pipeline.sh, which preloads a
// malloc counter (symbol `locomotion_malloc_calls`) for the allocation figure.
// Each figure is printed as min, median and max over REPEATS rounds. Times are CPU time of this process (the
// machine may be shared, so wall-clock time would measure the neighbours), except the parallel parsing
// figures, whose point is the wall time on several cores.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locomotion
import LocomotionDSP
@_spi(Harness) import LocomotionIO

/// malloc calls so far, when the counter from pipeline.sh is preloaded; nil otherwise.
let mallocCounter: UnsafeMutablePointer<UInt64>? = dlsym(nil, "locomotion_malloc_calls")?
    .assumingMemoryBound(to: UInt64.self)

func figure(_ name: String, _ value: Double) { print("\(name)\t\(value)") }
/// A figure measured over the rounds: `name min median max`.
func figure(_ name: String, _ values: [Double]) { print("\(name)\t\(spread(values))") }

let (path, repeats, megabytes) = benchmarkArguments(usage: "pipeline-benchmark TRACE.csv [REPEATS [pipeline]]")
// `pipeline`: only the in-memory and streaming figures (sections 2 and 3), for runs alternated with another build's.
let pipelineOnly = CommandLine.arguments.count > 3 && CommandLine.arguments[3] == "pipeline"
print("# figure\tmin\tmedian\tmax (over \(repeats) rounds; one value: a count)")

/// 1. CSV parsing. Its limit: reading the file's bytes and nothing else. Returns a checksum of the values read.
func parsingFigures() throws -> Double {
    var checksum = 0.0
    figure("read_only_MB_per_s", readOnlyRounds(path: path, repeats: repeats).map { megabytes / $0 })
    // One core: TraceReader row by row (constant memory), CPU time.
    var rows = 0
    let serial = try timedRounds(repeats) { (rows, checksum) = try readAll(path: path) }
    figure("csv_rows", Double(rows))
    figure("csv_megabytes", megabytes)
    figure("csv_MB_per_s", serial.cpu.map { megabytes / $0 })
    figure("csv_MB_per_s_wall", serial.wall.map { megabytes / $0 })
    figure("csv_ns_per_row", serial.cpu.map { $0 / Double(rows) * 1e9 })
    // Parallel: ReadAheadTraceReader with 1 and 2 parsing threads (rows handed to this thread in file order),
    // wall time, and the CPU time of all threads.
    for threads in [1, 2] {
        let parallel = try timedRounds(repeats) { checksum += try readAll(path: path, parsingThreads: threads).checksum }
        figure("csv_\(threads)_threads_MB_per_s_wall", parallel.wall.map { megabytes / $0 })
        figure("csv_\(threads)_threads_cpu_s", parallel.cpu)
    }
    return checksum
}

var checksum = pipelineOnly ? 0 : try parsingFigures()

// 2. In-memory pipeline: samples already parsed; activity classification (resampling, windows, FFT features,
// rules, smoothing, segments) and step detection (filters, peaks) over the buffer. CPU time.
let samples = try Trace.read(path: path).samples
var stepCount = 0
var segmentCount = 0
let inMemory = timedRounds(repeats) {
    segmentCount = ActivityClassifier.segments(of: samples).count
    var detector = StepDetector()
    for sample in samples { detector.push(sample) { _ in } }
    detector.finish { _ in }
    stepCount = detector.stepCount
}
figure("memory_ns_per_sample", inMemory.cpu.map { $0 / Double(samples.count) * 1e9 })
figure("memory_segments", Double(segmentCount))
figure("memory_steps", Double(stepCount))

// Its two halves, to show where the time goes.
let activity = timedRounds(repeats) { segmentCount = ActivityClassifier.segments(of: samples).count }
figure("memory_activity_ns_per_sample", activity.cpu.map { $0 / Double(samples.count) * 1e9 })
let steps = timedRounds(repeats) {
    var detector = StepDetector()
    for sample in samples { detector.push(sample) { _ in } }
    detector.finish { _ in }
    stepCount = detector.stepCount
}
figure("memory_steps_ns_per_sample", steps.cpu.map { $0 / Double(samples.count) * 1e9 })

// 3. Streaming, as on a phone: one sample at a time through ActivityClassifier and StepDetector, updates and
// step events handled as they come. The first 10 % warms up (buffers, FFTW plans); the figures are over the rest.
var streaming: [Double] = []
var allocationsPerSample = Double.nan
let warmUp = samples.count / 10
for _ in 0..<repeats {
    var classifier = ActivityClassifier()
    var detector = StepDetector()
    var updates = 0, steps = 0
    for index in 0..<warmUp {
        classifier.push(samples[index]) { _ in updates += 1 }
        detector.push(samples[index]) { _ in steps += 1 }
    }
    let mallocsBefore = mallocCounter?.pointee
    let start = seconds()
    for index in warmUp..<samples.count {
        classifier.push(samples[index]) { _ in updates += 1 }
        detector.push(samples[index]) { _ in steps += 1 }
    }
    let elapsed = seconds() - start
    // Read before anything here allocates (the first append to `streaming` does).
    let mallocsAfter = mallocCounter?.pointee
    streaming.append(elapsed / Double(samples.count - warmUp) * 1e9)
    if let mallocsBefore, let after = mallocsAfter {
        allocationsPerSample = Double(after - mallocsBefore) / Double(samples.count - warmUp)
    }
    checksum += Double(updates + steps)
}
figure("streaming_ns_per_sample", streaming)
figure("streaming_mallocs_per_sample", allocationsPerSample)
figure("peak_rss_MB", peakResidentMegabytes())
figure("checksum", checksum)

// Pipeline figures of Locomotion (release build): CSV reading throughput, the in-memory pipeline and
// the one-sample-at-a-time pipeline in ns/sample, and heap allocations per sample in the steady state.
// Usage: pipeline-benchmark TRACE.csv [REPEATS]; built and run by Benchmarks/pipeline.sh, which preloads a
// malloc counter (symbol `locomotion_malloc_calls`) for the allocation figure.
// Times are CPU time of this process: the machine is shared, so wall-clock time would measure the neighbours.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locomotion
import LocomotionDSP
import LocomotionIO

/// malloc calls so far, when the counter from pipeline.sh is preloaded; nil otherwise.
let mallocCounter: UnsafeMutablePointer<UInt64>? = dlsym(nil, "locomotion_malloc_calls")?
    .assumingMemoryBound(to: UInt64.self)

func figure(_ name: String, _ value: Double) { print("\(name)\t\(value)") }

let (path, repeats, megabytes) = benchmarkArguments(usage: "pipeline-benchmark TRACE.csv [REPEATS]")

// 1. CSV parsing alone: TraceReader row by row (constant memory), best of `repeats`.
let reading = try bestStreamingRead(path: path, repeats: repeats)
var best = reading.seconds
let rows = reading.rows
var checksum = reading.checksum
figure("csv_rows", Double(rows))
figure("csv_megabytes", megabytes)
figure("csv_MB_per_s", megabytes / best)
figure("csv_ns_per_row", best / Double(rows) * 1e9)

// 2. In-memory pipeline: samples already parsed; activity classification (resampling, windows, FFT features,
// rules, smoothing, segments) and step detection (filters, peaks) over the buffer.
let samples = try Trace.read(path: path).samples
var stepCount = 0
var segmentCount = 0
best = .infinity
for _ in 0..<repeats {
    let start = seconds()
    segmentCount = ActivityClassifier.segments(of: samples).count
    var detector = StepDetector()
    for sample in samples { detector.push(sample) { _ in } }
    detector.finish { _ in }
    stepCount = detector.stepCount
    best = min(best, seconds() - start)
}
figure("memory_ns_per_sample", best / Double(samples.count) * 1e9)
figure("memory_segments", Double(segmentCount))
figure("memory_steps", Double(stepCount))

// Its two halves, to show where the time goes.
best = .infinity
for _ in 0..<repeats {
    let start = seconds()
    segmentCount = ActivityClassifier.segments(of: samples).count
    best = min(best, seconds() - start)
}
figure("memory_activity_ns_per_sample", best / Double(samples.count) * 1e9)
best = .infinity
for _ in 0..<repeats {
    let start = seconds()
    var detector = StepDetector()
    for sample in samples { detector.push(sample) { _ in } }
    detector.finish { _ in }
    stepCount = detector.stepCount
    best = min(best, seconds() - start)
}
figure("memory_steps_ns_per_sample", best / Double(samples.count) * 1e9)

// 3. Streaming, as on a phone: one sample at a time through ActivityClassifier and StepDetector, updates and
// step events handled as they come. The first 10 % warms up (buffers, FFTW plans); the figures are over the rest.
best = .infinity
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
    best = min(best, seconds() - start)
    if let mallocsBefore, let after = mallocCounter?.pointee {
        allocationsPerSample = Double(after - mallocsBefore) / Double(samples.count - warmUp)
    }
    checksum += Double(updates + steps)
}
figure("streaming_ns_per_sample", best / Double(samples.count - warmUp) * 1e9)
figure("streaming_mallocs_per_sample", allocationsPerSample)
figure("peak_rss_MB", peakResidentMegabytes())
figure("checksum", checksum)

// What a MotionEngine costs a collector (issue 16): CPU time per hour of input, memory held, snapshot size.
// Usage: engine-benchmark TRACE.csv FIXES.csv|- ROUNDS [continuous|memory|profile]; built and run by
// Benchmarks/engine.sh (pinned to one core). Figures are `name min median max` over ROUNDS rounds (one value: a
// count or a size). Times are CPU time of this process (the machine is shared: wall time would measure the
// neighbours); the trace is read into memory first, so parsing is not counted.
//
//   continuous   every sample and fix pushed in time order, then finish (an app awake all day)
//   wake-ups     every 15 minutes of the trace's clock: the engine decoded from the previous wake-up's JSON, the
//                batch processed (`process(samples:fixes:emit:)`), the engine encoded again
//   stages       the four stages fed directly, without the engine (classifier, step detector behind the
//                step gate, recording gate, odometer): what the engine's merging and bookkeeping add
//   memory       (separate run) the trace streamed from the file row by row into one engine: heap held by the
//                engine and the process's resident memory
//   profile      (separate run, under callgrind) one continuous pass, for instruction counts
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
@_spi(Harness) import Locomotion
import LocomotionDSP
@_spi(Harness) import LocomotionIO

func figure(_ name: String, _ value: Double) { print("\(name)\t\(value)") }
func figure(_ name: String, _ values: [Double]) { print("\(name)\t\(spread(values))") }

let arguments = CommandLine.arguments
guard arguments.count >= 4, let rounds = Int(arguments[3]) else {
    print("usage: engine-benchmark TRACE.csv FIXES.csv|- ROUNDS [continuous|memory|profile]")
    exit(2)
}
let tracePath = arguments[1], fixesPath = arguments[2] == "-" ? nil : arguments[2]
let mode = arguments.count > 4 ? arguments[4] : "continuous"
let zone = TimeZone(identifier: "Europe/Zurich")!
let fixes = try fixesPath.map { try FixReader.read(path: $0) } ?? []

/// Heap bytes in use (glibc's `mallinfo2().uordblks`, through the helper engine.sh preloads); nan without it.
let heapInUseFunction: (@convention(c) () -> Double)? = dlsym(nil, "locomotion_heap_in_use")
    .map { unsafeBitCast($0, to: (@convention(c) () -> Double).self) }
func heapInUse() -> Double { heapInUseFunction?() ?? .nan }

/// A line of /proc/self/status in MB (VmRSS: resident now, VmHWM: the peak so far).
func status(_ key: String) -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }),
          let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return .nan }
    return kilobytes / 1024
}

if mode == "memory" {
    // Streamed from the file (TraceReader: constant memory), the events counted and dropped, as an app does.
    var reader = try TraceReader(path: tracePath)
    let residentBefore = status("VmRSS"), heapBefore = heapInUse()
    var engine = MotionEngine(timeZone: zone)
    var events = 0, nextFix = 0, largestHeap = 0.0, rows = 0
    while let row = try reader.next() {
        while nextFix < fixes.count && fixes[nextFix].time <= row.sample.time {
            try engine.push(fixes[nextFix]) { _ in events += 1 }
            nextFix += 1
        }
        try engine.push(row.sample) { _ in events += 1 }
        rows += 1
        if rows % 50_000 == 0 { largestHeap = max(largestHeap, heapInUse() - heapBefore) }
    }
    for fix in fixes[nextFix...] { try engine.push(fix) { _ in events += 1 } }
    engine.finish { _ in events += 1 }
    figure("memory_engine_heap_kB_end", (heapInUse() - heapBefore) / 1024)
    figure("memory_engine_heap_kB_largest", max(largestHeap, heapInUse() - heapBefore) / 1024)
    figure("memory_engine_inline_bytes", Double(MemoryLayout<MotionEngine>.size))
    figure("memory_rss_MB_before_engine", residentBefore)
    figure("memory_rss_MB_end", status("VmRSS"))
    figure("memory_rss_MB_peak", status("VmHWM"))
    figure("memory_events", Double(events))
    figure("memory_odometer_days", Double(engine.odometer.history.count))
    exit(0)
}

let samples = try Trace.read(path: tracePath).samples
let hours = (samples.last!.time - samples.first!.time) / 3600
figure("input_samples", Double(samples.count))
figure("input_fixes", Double(fixes.count))
figure("input_hours", hours)
figure("input_rate_hz", Double(samples.count) / (hours * 3600))

/// One pass: every input pushed as it comes (fixes up to a sample's time, then the sample), then finish.
func continuous() throws -> (events: Int, engine: MotionEngine) {
    var engine = MotionEngine(timeZone: zone)
    var events = 0, nextFix = 0
    for sample in samples {
        while nextFix < fixes.count && fixes[nextFix].time <= sample.time {
            try engine.push(fixes[nextFix]) { _ in events += 1 }
            nextFix += 1
        }
        try engine.push(sample) { _ in events += 1 }
    }
    for fix in fixes[nextFix...] { try engine.push(fix) { _ in events += 1 } }
    engine.finish { _ in events += 1 }
    return (events, engine)
}

/// The pass callgrind counts (Benchmarks/engine.sh collects only inside this function).
@inline(never) func profiledEngineRun() throws -> Int { try continuous().events }

if mode == "profile" {
    print("events\t\(try profiledEngineRun())")
    exit(0)
}

// The wake-up batches: index ranges of the samples and fixes in each 15-minute period of the trace's clock.
let period = 15 * 60.0
var batches: [(samples: Range<Int>, fixes: Range<Int>)] = []
do {
    var (sampleIndex, fixIndex) = (0, 0)
    var end = min(samples[0].time, fixes.first?.time ?? .infinity) + period
    while sampleIndex < samples.count || fixIndex < fixes.count {
        let sampleEnd = samples[sampleIndex...].firstIndex { $0.time >= end } ?? samples.count
        let fixEnd = fixes[fixIndex...].firstIndex { $0.time >= end } ?? fixes.count
        batches.append((sampleIndex..<sampleEnd, fixIndex..<fixEnd))
        (sampleIndex, fixIndex) = (sampleEnd, fixEnd)
        end += period
    }
}

let jsonEncoder = JSONEncoder(), jsonDecoder = JSONDecoder()
let plistEncoder = PropertyListEncoder()
plistEncoder.outputFormat = .binary

/// Every wake-up: decode the snapshot, process the batch, encode it again. Returns the events and the snapshots.
func wakeUps(keepingSnapshots: Bool) throws -> (events: Int, snapshots: [Data]) {
    var snapshot = try jsonEncoder.encode(MotionEngine(timeZone: zone))
    var events = 0
    var snapshots: [Data] = []
    for batch in batches {
        var engine = try jsonDecoder.decode(MotionEngine.self, from: snapshot)
        try engine.process(samples: samples[batch.samples], fixes: fixes[batch.fixes]) { _ in events += 1 }
        snapshot = try jsonEncoder.encode(engine)
        if keepingSnapshots { snapshots.append(snapshot) }
    }
    var last = try jsonDecoder.decode(MotionEngine.self, from: snapshot)
    last.finish { _ in events += 1 }
    return (events, snapshots)
}

/// The four stages fed directly: fixes to the classifier, the gate and the odometer; each sample to the
/// classifier (its updates to the gate, the step gate and the odometer), the gate's clock and the step detector.
func stages() throws -> Int {
    var classifier = ActivityClassifier()
    var detector = StepDetector()
    var stepGate = StepActivityGate()
    var gate = RecordingGate()
    var odometer = Odometer(timeZone: zone)
    var events = 0, nextFix = 0
    for sample in samples {
        while nextFix < fixes.count && fixes[nextFix].time <= sample.time {
            let fix = fixes[nextFix]
            classifier.push(fix)
            try gate.push(fix) { _ in events += 1 }
            odometer.push(fix) { _ in events += 1 }
            nextFix += 1
        }
        classifier.push(sample) { update in
            stepGate.push(update.activity)
            try? gate.push(update) { _ in events += 1 }
            odometer.push(update)
            events += 1
        }
        try gate.advance(to: sample.time) { _ in events += 1 }
        detector.push(sample) { event in stepGate.push(event) { _ in events += 1 } }
    }
    detector.finish { event in stepGate.push(event) { _ in events += 1 } }
    return events
}

print("# figure\tmin\tmedian\tmax (over \(rounds) rounds; one value: a count or a size)")
var continuousSeconds: [Double] = [], wakeUpSeconds: [Double] = [], stageSeconds: [Double] = []
var continuousEvents = 0, wakeUpEvents = 0
var finalEngine: MotionEngine?
// Interleaved rounds: the three runs see the same load.
for _ in 0..<rounds {
    var start = seconds()
    let run = try continuous()
    continuousSeconds.append(seconds() - start)
    (continuousEvents, finalEngine) = (run.events, run.engine)
    start = seconds()
    wakeUpEvents = try wakeUps(keepingSnapshots: false).events
    wakeUpSeconds.append(seconds() - start)
    start = seconds()
    _ = try stages()
    stageSeconds.append(seconds() - start)
}
guard wakeUpEvents == continuousEvents else {
    print("error: the wake-ups gave \(wakeUpEvents) events, the continuous run \(continuousEvents)")
    exit(1)
}
figure("events", Double(continuousEvents))
figure("wake_ups", Double(batches.count))
figure("continuous_cpu_s_per_hour", continuousSeconds.map { $0 / hours })
figure("continuous_ns_per_sample", continuousSeconds.map { $0 / Double(samples.count) * 1e9 })
// Per hour of exactly 50 Hz (180 000 samples), whatever the trace's own rate and gaps.
figure("continuous_cpu_s_per_hour_of_50_hz", continuousSeconds.map { $0 / Double(samples.count) * 180_000 })
if batches.count >= 4 {
    figure("wake_ups_cpu_s_per_hour", wakeUpSeconds.map { $0 / hours })
} else {
    print("# wake_ups_cpu_s_per_hour: not given for fewer than 4 wake-ups (a trace shorter than an hour)")
}
figure("stages_cpu_s_per_hour", stageSeconds.map { $0 / hours })
figure("engine_over_stages_ratio", zip(continuousSeconds, stageSeconds).map { $0 / $1 })

// Snapshots: sizes of every wake-up's snapshot (JSON and binary property list) and the CPU time to encode and
// decode one (each format), over the wake-ups' snapshots.
let snapshots = try wakeUps(keepingSnapshots: true).snapshots
let engines = try snapshots.map { try jsonDecoder.decode(MotionEngine.self, from: $0) }
figure("snapshot_json_bytes", snapshots.map { Double($0.count) })
figure("snapshot_plist_bytes", try engines.map { Double(try plistEncoder.encode($0).count) })
figure("snapshot_json_bytes_end_of_input", Double(try jsonEncoder.encode(finalEngine!).count))
var jsonRoundTrip: [Double] = [], plistRoundTrip: [Double] = []
for _ in 0..<rounds {
    var start = seconds()
    for engine in engines { _ = try jsonDecoder.decode(MotionEngine.self, from: jsonEncoder.encode(engine)) }
    jsonRoundTrip.append((seconds() - start) / Double(engines.count) * 1000)
    start = seconds()
    for engine in engines { _ = try PropertyListDecoder().decode(MotionEngine.self, from: plistEncoder.encode(engine)) }
    plistRoundTrip.append((seconds() - start) / Double(engines.count) * 1000)
}
figure("snapshot_json_encode_decode_ms", jsonRoundTrip)
figure("snapshot_plist_encode_decode_ms", plistRoundTrip)
figure("peak_rss_MB", peakResidentMegabytes())

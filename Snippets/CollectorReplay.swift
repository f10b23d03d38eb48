// A collector app's life, replayed on Linux: one MotionEngine runs a recorded day three ways — awake all day, killed
// and relaunched at arbitrary moments, woken every 15 minutes with what was recorded meanwhile — and all three
// give the same events. The recorded samples and fixes stand in for CoreMotion and CoreLocation (Docs/collectors.md).
//
//   swift run CollectorReplay [TRACE.csv [FIXES.csv]] [--time-zone ZONE]
//
// Without arguments it replays the bundled sample day, Datasets/sample (simulated, not recorded); any trace CSV
// (`timestamp,x,y,z`, g; e.g. from `locomotion convert`) and fix CSV can be given instead.
import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO   // only to read the recorded files: an app gets its samples and fixes from the OS

// snippet.hide
var arguments = Array(CommandLine.arguments.dropFirst())
var zoneName = "UTC"
if let flag = arguments.firstIndex(of: "--time-zone"), flag + 1 < arguments.count {
    zoneName = arguments[flag + 1]
    arguments.removeSubrange(flag...flag + 1)
}
guard let zone = TimeZone(identifier: zoneName) else {
    print("unknown time zone \(zoneName)")
    exit(2)
}
// The bundled sample, found from this file's place in the repository.
let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Datasets/sample")
let tracePath = arguments.first ?? sample.appendingPathComponent("day.csv").path
let fixesPath = arguments.count > 1 ? arguments[1] : arguments.isEmpty ? sample.appendingPathComponent("day-fixes.csv").path : nil
// snippet.show

let samples = try Trace.read(path: tracePath).samples              // time in s, acceleration in g
let fixes = try fixesPath.map { try FixReader.read(path: $0) } ?? []  // time in s since 1970, degrees, m, m/s

/// What the OS hands the app, in the order it happens: each fix between the samples recorded around it.
enum Input {
    case sample(AccelerometerSample)
    case fix(LocationFix)
}
var day: [Input] = []
var nextFix = fixes.startIndex
for sample in samples {
    while nextFix < fixes.endIndex && fixes[nextFix].time <= sample.time {
        day.append(.fix(fixes[nextFix]))
        nextFix += 1
    }
    day.append(.sample(sample))
}
day += fixes[nextFix...].map(Input.fix)

func deliver(_ input: Input, to engine: inout MotionEngine, _ handle: (MotionEvent) -> Void) throws {
    switch input {
    case .sample(let sample): try engine.push(sample, emit: handle)   // a CMMotionManager update
    case .fix(let fix): try engine.push(fix, emit: handle)            // a CLLocationManager update
    }
}

// 1. Awake all day: every sample and fix pushed as it comes. The app acts on each event as it arrives; here it
//    keeps them. On a phone, `event.profileToApply` is where the location accuracy, distance filter and
//    accelerometer rate change (this replay cannot change what was recorded; `locomotion replay --closed-loop`
//    replays a collector that applies them, Docs/gating.md).
var engine = MotionEngine(timeZone: zone)
var awake: [MotionEvent] = []
for input in day { try deliver(input, to: &engine) { awake.append($0) } }
engine.finish { awake.append($0) }

// 2. Killed at arbitrary moments. The app writes its snapshot whenever it may be suspended (here: just before each
//    kill), and a relaunch decodes it and carries on with the next input.
var saved = try JSONEncoder().encode(MotionEngine(timeZone: zone))   // the file on disk
var app = try JSONDecoder().decode(MotionEngine.self, from: saved)
var relaunched: [MotionEvent] = []
/// Kill points 200–3 000 inputs apart: pseudo-random, but the same on every run.
struct KillSchedule {
    var state: UInt64 = 7
    mutating func inputsUntilNextKill() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return 200 + Int(state >> 33) % 2_800
    }
}
var schedule = KillSchedule()
var nextKill = schedule.inputsUntilNextKill(), kills = 0
for (index, input) in day.enumerated() {
    if index == nextKill {
        saved = try JSONEncoder().encode(app)                         // before suspension
        app = try JSONDecoder().decode(MotionEngine.self, from: saved)   // killed, launched again
        kills += 1
        nextKill += schedule.inputsUntilNextKill()
    }
    try deliver(input, to: &app) { relaunched.append($0) }
}
app.finish { relaunched.append($0) }

// 3. Woken every 15 minutes: the OS recorded while the app slept (CMSensorRecorder, SensorKit); each wake-up
//    restores the engine, hands it the batch recorded since the previous one, acts on the events, snapshots and
//    sleeps again. Time without data between batches is a gap, as in the runs above.
let period = 15 * 60.0
var snapshot = try JSONEncoder().encode(MotionEngine(timeZone: zone))
var woken: [MotionEvent] = []
var wakeUps = 0
var (sampleIndex, fixIndex) = (samples.startIndex, fixes.startIndex)
var wakeUpTime = min(samples.first?.time ?? .infinity, fixes.first?.time ?? .infinity) + period
while sampleIndex < samples.endIndex || fixIndex < fixes.endIndex {
    let sampleEnd = samples[sampleIndex...].firstIndex { $0.time >= wakeUpTime } ?? samples.endIndex
    let fixEnd = fixes[fixIndex...].firstIndex { $0.time >= wakeUpTime } ?? fixes.endIndex
    var restored = try JSONDecoder().decode(MotionEngine.self, from: snapshot)
    try restored.process(samples: samples[sampleIndex..<sampleEnd], fixes: fixes[fixIndex..<fixEnd]) { woken.append($0) }
    snapshot = try JSONEncoder().encode(restored)
    (sampleIndex, fixIndex) = (sampleEnd, fixEnd)
    wakeUpTime += period
    wakeUps += 1
}
var last = try JSONDecoder().decode(MotionEngine.self, from: snapshot)
last.finish { woken.append($0) }   // the study ends

// snippet.hide
/// Minutes of each activity from the updates (each holds until the next one or the end), gaps left out.
func minutes(of events: [MotionEvent]) -> [(MotionActivity, Double)] {
    var gaps: [(Double, Double)] = [], updates: [ActivityUpdate] = [], end = -Double.infinity
    for event in events {
        switch event {
        case .activity(let update): updates.append(update)
        case .gap(let from, let to): gaps.append((from, to))
        case .samplesEnded(let time): end = time
        default: break
        }
    }
    var seconds: [MotionActivity: Double] = [:]
    for (update, next) in zip(updates, updates.dropFirst().map(\.start) + [end]) where next > update.start {
        let inGaps = gaps.reduce(0.0) { $0 + max(0, min($1.1, next) - max($1.0, update.start)) }
        seconds[update.activity, default: 0] += next - update.start - inGaps
    }
    return MotionActivity.allCases.compactMap { activity in
        seconds[activity].flatMap { $0 >= 3 ? (activity, $0 / 60) : nil }   // a few seconds of unknown left out
    }
}
let updates = awake.compactMap { if case .activity(let update) = $0 { update } else { nil } }
let steps = awake.filter { if case .step = $0 { true } else { false } }.count
let bouts = awake.filter { if case .boutEnded = $0 { true } else { false } }.count
let switches = awake.compactMap(\.profileToApply)
let gaps = awake.compactMap { if case .gap(let from, let to) = $0 { to - from } else { nil } }
let format = { (value: Double) in String(format: "%.1f", value) }
let span = (samples.last?.time ?? 0) - (samples.first?.time ?? 0)
print("replayed \(tracePath): \(samples.count) samples, \(fixes.count) fixes, \(format(span / 60)) min (\(zoneName))")
print("activity: \(updates.count) updates; " + minutes(of: awake).map { "\($0.0) \(format($0.1)) min" }.joined(separator: ", "))
print("steps: \(steps) in \(bouts) bouts")
print("recording-mode switches: \(switches.count) (" + switches.map {
    "\(Int($0.locationAccuracy)) m, \($0.accelerometerRate == 0 ? "accelerometer off" : "\(Int($0.accelerometerRate)) Hz")"
}.prefix(4).joined(separator: "; ") + (switches.count > 4 ? "; …" : "") + ")")
for day in engine.odometer.history { print("distance \(day.day.map { "\($0)" } ?? "undated"): \(Int(day.distance.rounded())) m") }
print("gaps: \(gaps.count) (longest \(format((gaps.max() ?? 0) / 60)) min)")
let plist = PropertyListEncoder()
plist.outputFormat = .binary
print("snapshot at the end: \(try JSONEncoder().encode(engine).count) bytes of JSON, \(try plist.encode(engine).count) of binary property list")
print("awake all day: \(awake.count) events")
print("killed and relaunched \(kills) times: same events: \(relaunched == awake ? "yes" : "no")")
print("woken \(wakeUps) times, every 15 min: same events: \(woken == awake ? "yes" : "no")")
if relaunched != awake || woken != awake { exit(1) }

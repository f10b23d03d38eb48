// What telling carried from put down costs per sample (issue 26): the MotionEngine awake (every sample pushed, then
// finish) with and without its CarryDetector, and the detector fed alone. Built twice by Benchmarks/carry.sh: with
// `-D CARRY` against this tree's release objects, and without it against main's (whose engine has no detector), so
// that main's engine runs in the same benchmark run.
// Usage: carry-benchmark TRACE.csv MODE ROUNDS, MODE one of
//   engine                 the engine with its defaults (with the detector when built with CARRY)
//   engine-without-carry   (CARRY only) Configuration.detectsCarry = false
//   detector               (CARRY only) the CarryDetector alone
//   profile-engine, profile-engine-without-carry, profile-detector   one pass inside `profiledRun`, for callgrind
// Prints `ns_per_sample min median max` over the rounds (CPU time: the machine is shared), and `input_samples`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO

let arguments = CommandLine.arguments
guard arguments.count >= 4, let rounds = Int(arguments[3]), rounds >= 1 else {
    print("usage: carry-benchmark TRACE.csv engine|engine-without-carry|detector|profile-engine|profile-detector ROUNDS")
    exit(2)
}
let mode = arguments[2]
let samples = try Trace.read(path: arguments[1]).samples
print("input_samples\t\(samples.count)")

func engineRun(carry: Bool) -> Int {
    var configuration = MotionEngine.Configuration()
    #if CARRY
    configuration.detectsCarry = carry
    #endif
    var engine = MotionEngine(configuration: configuration, timeZone: TimeZone(identifier: "UTC")!)
    var events = 0
    for sample in samples { try? engine.push(sample) { _ in events += 1 } }
    engine.finish { _ in events += 1 }
    return events
}

func detectorRun() -> Int {
    #if CARRY
    var detector = CarryDetector()
    var events = 0
    for sample in samples { detector.push(sample) { _ in events += 1 } }
    detector.finish { _ in events += 1 }
    return events
    #else
    print("error: built without CARRY")
    exit(2)
    #endif
}

/// One pass for callgrind (Benchmarks/carry.sh collects inside `engineRun` or `detectorRun`).
@inline(never) func profiledRun(_ body: () -> Int) -> Int { body() }

switch mode {
case "profile-engine": print("events\t\(profiledRun { engineRun(carry: true) })")
case "profile-engine-without-carry": print("events\t\(profiledRun { engineRun(carry: false) })")
case "profile-detector": print("events\t\(profiledRun { detectorRun() })")
default:
    let body: () -> Int
    switch mode {
    case "engine": body = { engineRun(carry: true) }
    case "engine-without-carry": body = { engineRun(carry: false) }
    case "detector": body = detectorRun
    default:
        print("error: unknown mode \(mode)")
        exit(2)
    }
    var perSample: [Double] = []
    var events = 0
    for _ in 0..<rounds {
        let start = seconds()
        events = body()
        perSample.append((seconds() - start) / Double(samples.count) * 1e9)
    }
    print("events\t\(events)")
    print("ns_per_sample\t\(spread(perSample))")
}

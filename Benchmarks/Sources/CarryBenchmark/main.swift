// What telling carried from put down costs per sample (issue 26): the MotionEngine awake (every sample pushed, then
// finish) with and without its CarryDetector, and the detector fed alone. Built twice by Benchmarks/carry.sh: against
// this checkout, and against a baseline checkout (LOCOMOTION_PACKAGE_PATH); against a baseline whose engine has no
// detector it is built with WITHOUT_CARRY defined (LOCOMOTION_WITHOUT_CARRY=1), which leaves out what needs it, so
// that the older engine runs in the same benchmark run.
// Usage: carry-benchmark TRACE.csv MODE ROUNDS, MODE one of
//   engine                 the engine with its defaults (with the detector, unless built WITHOUT_CARRY)
//   engine-without-carry   Configuration.detectsCarry = false (not WITHOUT_CARRY)
//   detector               the CarryDetector alone (not WITHOUT_CARRY)
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
import BenchmarkSupport

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
    #if !WITHOUT_CARRY
    configuration.detectsCarry = carry
    #else
    if !carry {
        print("error: built WITHOUT_CARRY")
        exit(2)
    }
    #endif
    var engine = MotionEngine(configuration: configuration, timeZone: TimeZone(identifier: "UTC")!)
    var events = 0
    for sample in samples { try? engine.push(sample) { _ in events += 1 } }
    engine.finish { _ in events += 1 }
    return events
}

func detectorRun() -> Int {
    #if !WITHOUT_CARRY
    var detector = CarryDetector()
    var events = 0
    for sample in samples { detector.push(sample) { _ in events += 1 } }
    detector.finish { _ in events += 1 }
    return events
    #else
    print("error: built WITHOUT_CARRY")
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

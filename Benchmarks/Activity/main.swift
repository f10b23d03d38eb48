// The cost of the activity classifier's temporal model (issue 14): the same classifier pushed one sample at a time
// with the rule-only model (`Model.rules`: persistence smoothing) and with the temporal model (`Model.temporal`,
// streaming `.lagged` and batch `.full`), in interleaved rounds on the same samples, so that the difference per
// input sample is what the temporal layer adds. Both models compute the same window features and rules; they
// differ only in what turns window decisions into updates.
//
// Usage: activity-benchmark TRACE.csv [ROUNDS]                 CPU time per sample, allocations, state size
//        activity-benchmark TRACE.csv profile rules|lagged|full one pass inside `profiledClassifier` (callgrind)
// Built and run by Benchmarks/activity-temporal.sh, which preloads a malloc counter (`locomotion_malloc_calls`).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
@_spi(Tuning) import Locomotion
import LocomotionDSP
import LocomotionIO

/// malloc calls so far, when the counter from activity-temporal.sh is preloaded; nil otherwise.
let mallocCounter: UnsafeMutablePointer<UInt64>? = dlsym(nil, "locomotion_malloc_calls")?
    .assumingMemoryBound(to: UInt64.self)

enum Variant: String, CaseIterable {
    case rules, lagged, full

    func classifier() -> ActivityClassifier {
        var configuration = ActivityClassifier.Configuration()
        configuration.model = self == .rules ? .rules : .temporal
        return ActivityClassifier(configuration: configuration, smoothing: self == .full ? .full : .lagged)
    }
}

/// One pass of `variant` over `samples`, one sample at a time: CPU seconds, updates, and the allocations made by
/// pushes that emitted no update (the steady state) and by those that did.
struct Pass {
    var seconds = 0.0
    var updates = 0
    var steadyPushes = 0
    var steadyAllocations: UInt64 = 0
    var updatePushes = 0
    var updateAllocations: UInt64 = 0
}

@inline(never)
func timedPass(_ variant: Variant, _ samples: [AccelerometerSample]) -> Pass {
    var classifier = variant.classifier()
    var pass = Pass()
    var updates = 0
    let start = seconds()
    for sample in samples { classifier.push(sample) { _ in updates += 1 } }
    classifier.finish { _ in updates += 1 }
    pass.seconds = seconds() - start
    pass.updates = updates
    return pass
}

/// The allocation census: a push is counted separately when it emitted an update (whose explanation is built
/// then: a dictionary of feature values), so that any allocation of the steady state shows.
@inline(never)
func countedPass(_ variant: Variant, _ samples: [AccelerometerSample], warmUp: Int) -> Pass {
    var classifier = variant.classifier()
    var pass = Pass()
    for sample in samples.prefix(warmUp) { classifier.push(sample) { _ in } }
    guard let counter = mallocCounter else { return pass }
    var emitted = 0
    for sample in samples.dropFirst(warmUp) {
        let before = counter.pointee
        emitted = 0
        classifier.push(sample) { _ in emitted += 1 }
        let made = counter.pointee - before
        if emitted == 0 {
            pass.steadyPushes += 1
            pass.steadyAllocations += made
        } else {
            pass.updatePushes += 1
            pass.updateAllocations += made
            pass.updates += emitted
        }
    }
    return pass
}

@inline(never)
func profiledClassifier(_ variant: Variant, _ samples: [AccelerometerSample]) -> Int {
    var classifier = variant.classifier()
    var updates = 0
    for sample in samples { classifier.push(sample) { _ in updates += 1 } }
    classifier.finish { _ in updates += 1 }
    return updates
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func main() throws {
    let arguments = CommandLine.arguments
    guard arguments.count >= 2 else {
        print("usage: activity-benchmark TRACE.csv [ROUNDS] | TRACE.csv profile rules|lagged|full")
        exit(2)
    }
    let samples = try Trace.read(path: arguments[1]).samples
    // FFTW plans are made once per process: make them before anything is counted or timed.
    for variant in Variant.allCases {
        var classifier = variant.classifier()
        for sample in samples.prefix(2000) { classifier.push(sample) { _ in } }
    }
    if arguments.count == 4 && arguments[2] == "profile", let variant = Variant(rawValue: arguments[3]) {
        print("samples\t\(samples.count)\nupdates\t\(profiledClassifier(variant, samples))")
        return
    }
    let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 7 : 7
    let span = (samples.last?.time ?? 0) - (samples.first?.time ?? 0)
    print("# \(samples.count) samples over \(Int(span)) s (\(String(format: "%.1f", Double(samples.count) / max(span, 1))) samples/s); \(rounds) interleaved rounds")
    print("# figure\tmin\tmedian\tmax")
    var perSample: [Variant: [Double]] = [:]
    var added: [Variant: [Double]] = [:]
    var updates: [Variant: Int] = [:]
    for round in 0..<rounds {
        // Rotate the order so that no variant always runs first (caches, the neighbours' load).
        let order = (0..<3).map { Variant.allCases[($0 + round) % 3] }
        var nanoseconds: [Variant: Double] = [:]
        for variant in order {
            let pass = timedPass(variant, samples)
            nanoseconds[variant] = pass.seconds / Double(samples.count) * 1e9
            updates[variant] = pass.updates
        }
        for variant in Variant.allCases { perSample[variant, default: []].append(nanoseconds[variant]!) }
        for variant in [Variant.lagged, .full] {
            added[variant, default: []].append(nanoseconds[variant]! - nanoseconds[.rules]!)
        }
    }
    for variant in Variant.allCases {
        print("\(variant)_ns_per_sample\t\(spread(perSample[variant]!))")
    }
    for variant in [Variant.lagged, .full] {
        print("\(variant)_minus_rules_ns_per_sample\t\(spread(added[variant]!))")
    }
    for variant in Variant.allCases { print("\(variant)_updates\t\(updates[variant]!)") }

    if mallocCounter != nil {
        let warmUp = samples.count / 10
        for variant in Variant.allCases {
            let pass = countedPass(variant, samples, warmUp: warmUp)
            print("\(variant)_steady_pushes\t\(pass.steadyPushes)")
            print("\(variant)_steady_mallocs\t\(pass.steadyAllocations)")
            print("\(variant)_update_pushes\t\(pass.updatePushes)")
            print("\(variant)_update_mallocs\t\(pass.updateAllocations)")
        }
    } else {
        print("# no malloc counter preloaded: allocations not counted")
    }

    // The state a snapshot carries (JSON, as an app stores it), mid-trace.
    for variant in Variant.allCases {
        var classifier = variant.classifier()
        for sample in samples.prefix(samples.count / 2) { classifier.push(sample) { _ in } }
        let bytes = try JSONEncoder().encode(classifier).count
        print("\(variant)_snapshot_bytes\t\(bytes)")
    }
    print("# median temporal (lagged) - rules: \(String(format: "%.1f", median(added[.lagged]!))) ns per input sample")
}

try main()

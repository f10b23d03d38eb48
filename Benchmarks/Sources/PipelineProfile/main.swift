// Driver for Benchmarks/pipeline-profile.sh: runs one stage of the streaming pipeline over a whole trace
// inside a function of its own, so that valgrind's callgrind can count the instructions of that stage
// alone (`--toggle-collect`). Instruction counts do not depend on what else the machine is doing, so they
// compare changes reliably on a shared machine where CPU times wander by ±30 %.
// Usage: pipeline-profile TRACE.csv activity|steps
import Locomotion
import LocomotionDSP
import LocomotionIO

@inline(never)
func profiledActivity(_ samples: [AccelerometerSample]) -> Int {
    var classifier = ActivityClassifier()
    var updates = 0
    for sample in samples { classifier.push(sample) { _ in updates += 1 } }
    return updates
}

@inline(never)
func profiledSteps(_ samples: [AccelerometerSample]) -> Int {
    var detector = StepDetector()
    var steps = 0
    for sample in samples { detector.push(sample) { _ in steps += 1 } }
    return steps
}

let arguments = CommandLine.arguments
guard arguments.count == 3, ["activity", "steps"].contains(arguments[2]) else {
    print("usage: pipeline-profile TRACE.csv activity|steps")
    exit(2)
}
let samples = try Trace.read(path: arguments[1]).samples
// FFTW plans are made once per process: make them here, outside the counted function, so that the
// count is the steady state of a long recording.
var classifier = ActivityClassifier()
for sample in samples.prefix(2000) { classifier.push(sample) { _ in } }
let events = arguments[2] == "activity" ? profiledActivity(samples) : profiledSteps(samples)
print("samples\t\(samples.count)\nevents\t\(events)")

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

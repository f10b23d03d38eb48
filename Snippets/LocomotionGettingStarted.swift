// Locomotion: activity, steps, a recording decision and daily distance, one sample at a time.
import Foundation
import Locomotion
import LocomotionDSP

// snippet.hide
// Stand-in for CoreMotion: 60 s still, then 90 s of walking at 1.8 steps per second, 50 Hz, in g.
let samples = (0..<7_500).map { index -> AccelerometerSample in
    let time = 1_700_000_000 + Double(index) / 50
    let walking = index >= 3_000
    let bounce = walking ? 0.3 * sin(2 * .pi * 1.8 * time) + 0.08 * sin(2 * .pi * 3.6 * time) : 0.002 * sin(time)
    let sway = walking ? 0.1 * sin(2 * .pi * 0.9 * time) : 0
    return AccelerometerSample(time: time, x: sway, y: -1 + bounce, z: 0.05)
}
// snippet.show

// Every stage takes its inputs one at a time, in time order, with `push`, and hands what it finds to the closure
// it is given as soon as it is known; `finish` hands over what it still holds when the input ends.
var classifier = ActivityClassifier()
var detector = StepDetector()
var gate = RecordingGate(configuration: RecordingGate.Configuration(policy: .onFoot))
var switches: [RecordingGate.Event] = []
var steps = 0

for sample in samples {
    // Activity: an update each time the activity (or its confidence) changes.
    classifier.push(sample) { update in
        print("\(update.start): \(update.activity), \(update.confidence) confidence")
        try? gate.push(update) { if $0.changesMode { switches.append($0) } }   // the gate hears every update...
    }
    try gate.advance(to: sample.time) { if $0.changesMode { switches.append($0) } }   // ...and the clock
    // Steps: one event per step, and one per finished walking bout.
    detector.push(sample) { event in
        if case .step = event { steps += 1 }
    }
}
detector.finish { event in
    if case .step = event { steps += 1 }
}
print("steps: \(steps), recording mode now: \(gate.mode)")

// Daily distance from location fixes (here 5 m apart, one a second, accuracy 5 m): one update per fix.
var odometer = Odometer(timeZone: TimeZone(identifier: "UTC")!)
for second in 0..<90 {
    let fix = LocationFix(time: 1_700_000_060 + Double(second), latitude: 51.752 + Double(second) * 0.000_045,
                          longitude: -1.2577, horizontalAccuracy: 5)
    odometer.push(fix) { update in
        if case .rejected(let reason) = update.outcome { print("fix at \(fix.time) not counted: \(reason)") }
    }
}
for day in odometer.history {
    print("\(day.day.map { "\($0)" } ?? "undated"): \(Int(day.distance)) m")
}

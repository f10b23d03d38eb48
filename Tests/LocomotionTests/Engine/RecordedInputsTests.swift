import Foundation
import LocomotionDSP
import LocomotionTestSupport
import PropertyBased
import Testing
@testable import Locomotion

/// The recording order (`MotionInput`, `RecordedInputs`): each fix before the first sample not earlier than it, then
/// the label's update, then the sample; a fix out of time order or without a time is no evidence, so with such fixes
/// the batch functions and the engine equal the same run given only the fixes that are evidence, and the gate
/// decides what the independent oracle (`GateOracle`) decides.
@Suite struct RecordedInputsTests {
    @Test func batchesTakeOnlyTheEvidence() async {
        await propertyCheck(count: 10, input: Gen.uint64()) { seed in
            var random = RandomRecording(seed: seed)
            let samples = random.samples(duration: random.uniform(in: 60...200))
            var fixes = random.fixes(count: random.integer(in: 5...60), from: samples[0].time - 5)  // some go back in time
            fixes.insert(LocationFix(time: .nan, latitude: 47, longitude: 8), at: random.integer(in: 0...fixes.count))
            var evidence: [LocationFix] = []
            var inputs = RecordedInputs(fixes: fixes)
            inputs.endSamples()
            while let input = inputs.next() {
                if case .fix(let fix) = input { evidence.append(fix) }
            }
            #expect(evidence.count < fixes.count)
            #expect(zip(evidence, evidence.dropFirst()).allSatisfy { $0.time <= $1.time })
            #expect(inputs.outOfOrderFixCount == fixes.count - 1 - evidence.count)

            #expect(ActivityClassifier.updates(of: samples, fixes: fixes) == ActivityClassifier.updates(of: samples, fixes: evidence))
            #expect(ActivityClassifier.segments(of: samples, fixes: fixes) == ActivityClassifier.segments(of: samples, fixes: evidence))
            var configuration = MotionEngine.Configuration()
            configuration.gate = RecordingGate.Configuration(policy: .anyMovement)
            configuration.countsSteps = false
            do {
                var engine = MotionEngine(configuration: configuration, timeZone: TimeZone(identifier: "UTC")!)
                var events: [MotionEvent] = []
                var inputs = RecordedInputs(fixes: fixes)
                for sample in samples {
                    inputs.append(sample)
                    while let input = inputs.next() { try engine.push(input) { events.append($0) } }
                }
                engine.flush { events.append($0) }
                let reference = try GateOracle.run(samples: samples, fixes: evidence, configuration: configuration.gate)
                #expect(events.gateEvents == reference.events && events.activityUpdates == reference.updates)
            } catch {
                Issue.record("the replay refused fixes: \(error)")
            }
        }
    }

    @Test func inputsComeInTheRecordingOrder() {
        func fix(_ time: Double) -> LocationFix { LocationFix(time: time, latitude: 47, longitude: 8) }
        var inputs = RecordedInputs(fixes: [fix(10), fix(11), fix(12), fix(9), fix(.nan), fix(13), fix(14)],
                                    segmentStarts: [2], activityFromLabels: .high)
        var items: [String] = []
        func take() {
            while let input = inputs.next() {
                switch input {
                case .fix(let fix): items.append("e\(Int(fix.time))")
                case .outOfOrderFix(let fix): items.append("o\(Int(fix.time))")
                case .untimedFix: items.append("u")
                case .segmentBreak: items.append("|")
                case .activity(let update): items.append("a:\(update.activity)")
                case .sample(let sample): items.append("s\(sample.time)")
                }
            }
        }
        inputs.append(AccelerometerSample(time: 10.5, x: 0, y: 0, z: 1), label: .walking)
        take()
        #expect(items == ["e10", "a:walking", "s10.5"])
        inputs.append(AccelerometerSample(time: 12, x: 0, y: 0, z: 1), label: .walking)
        take()
        // At equal times the fix first; an unchanged label gives no update; out-of-order and untimed fixes (and the
        // break) come at their place, whatever the time.
        #expect(items == ["e10", "a:walking", "s10.5", "e11", "|", "e12", "o9", "u", "s12.0"])
        inputs.append(AccelerometerSample(time: 13, x: 0, y: 0, z: 1), label: nil)
        take()
        #expect(items.suffix(3) == ["e13", "a:unknown", "s13.0"])
        inputs.endSamples()
        take()
        #expect(items.last == "e14" && inputs.hasHandedOutEveryFix && inputs.outOfOrderFixCount == 1)
        #expect(inputs.firstOutOfOrderFix == RecordedInputs.OutOfOrderFix(index: 3, time: 9, previous: 12))
    }
}

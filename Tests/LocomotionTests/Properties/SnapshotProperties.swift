import Foundation
import LocomotionDSP
import PropertyBased
import Testing
@testable import Locomotion

/// Restarts: a stage's state saved at a random point (encoded to JSON and decoded
/// where the type is Codable, copied otherwise) and resumed gives exactly the output
/// of an uninterrupted run; and every stage's batch form equals streaming it.
@Suite struct SnapshotProperties {
    @Test func gateSnapshotRestoreIsBitIdentical() async {
        await propertyCheck(count: 25, input: Gen.uint64(), Gen.int(in: 1...120)) { seed, count in
            var random = RandomRecording(seed: seed)
            let start = random.uniform(in: 0...1e6)
            var inputs = random.activityUpdates(count: count, from: start).map(RecordingGate.Input.activity)
            let fixes = random.fixes(count: count, from: start)
            // Merge fixes and heartbeats in by time (inputs must come in time order).
            inputs += fixes.filter { $0.time >= start }.map(RecordingGate.Input.fix)
            inputs.sort { $0.time < $1.time }
            let split = random.integer(in: 0...inputs.count)
            do {
                let whole = try RecordingGate.replay(inputs)
                var gate = RecordingGate()
                var events: [RecordingGate.Event] = []
                for input in inputs[..<split] { try gate.push(input) { events.append($0) } }
                let saved = try JSONEncoder().encode(gate)
                var restored = try JSONDecoder().decode(RecordingGate.self, from: saved)
                #expect(restored == gate)
                for input in inputs[split...] { try restored.push(input) { events.append($0) } }
                #expect(events == whole)
            } catch {
                Issue.record("gate failed: \(error)")
            }
        }
    }

    @Test func odometerSnapshotRestoreIsBitIdentical() async {
        await propertyCheck(count: 25, input: Gen.uint64(), Gen.int(in: 1...300)) { seed, count in
            var random = RandomRecording(seed: seed)
            let start = random.uniform(in: 1.6e9...1.8e9)
            let fixes = random.fixes(count: count, from: start)
            let zone = TimeZone(identifier: ["UTC", "Europe/Zurich", "America/New_York", "Asia/Kolkata"][random.integer(in: 0...3)])!
            let configuration = Odometer.Configuration(movingActivities: random.integer(in: 0...1) == 0 ? nil : RecordingGate.Policy.onFoot.recordedActivities)
            let updates = random.activityUpdates(count: count / 10 + 1, from: start)
            let whole = Odometer.measuring(fixes, activities: updates, configuration: configuration, timeZone: zone)

            let split = random.integer(in: 0...count)
            // The same merge as `Odometer.measuring`: updates that start by a fix's time go first.
            func feed(_ odometer: inout Odometer, _ fixes: ArraySlice<LocationFix>, _ pending: inout ArraySlice<ActivityUpdate>) {
                for fix in fixes {
                    while let update = pending.first, update.start <= fix.time {
                        odometer.push(update)
                        pending = pending.dropFirst()
                    }
                    odometer.push(fix) { _ in }
                }
            }
            var pending = updates[...]
            var firstPart = Odometer(configuration: configuration, timeZone: zone)
            feed(&firstPart, fixes[..<split], &pending)
            do {
                var restored = try JSONDecoder().decode(Odometer.self, from: JSONEncoder().encode(firstPart))
                #expect(restored == firstPart)
                feed(&restored, fixes[split...], &pending)
                #expect(restored.history == whole.history)
                #expect(restored.totalDistance.bitPattern == whole.totalDistance.bitPattern)
            } catch {
                Issue.record("odometer state did not round-trip through JSON: \(error)")
            }
        }
    }

    @Test func classifierRestoredFromJSONEqualsUninterrupted() async {
        await propertyCheck(count: 6, input: Gen.uint64()) { seed in
            var random = RandomRecording(seed: seed)
            let samples = random.samples(duration: 150)
            let split = random.integer(in: 0...samples.count)
            let whole = ActivityClassifier.updates(of: samples, smoothing: .lagged)

            var classifier = ActivityClassifier()
            var updates: [ActivityUpdate] = []
            for sample in samples[..<split] { classifier.push(sample) { updates.append($0) } }
            var copy = classifier  // the state is a value: a copy is a snapshot
            var fromCopy = updates
            var fromJSON = updates
            do {
                var restored = try JSONDecoder().decode(ActivityClassifier.self, from: JSONEncoder().encode(classifier))
                #expect(restored.lastSampleTime == classifier.lastSampleTime && restored.current == classifier.current)
                for sample in samples[split...] {
                    classifier.push(sample) { updates.append($0) }
                    copy.push(sample) { fromCopy.append($0) }
                    restored.push(sample) { fromJSON.append($0) }
                }
                classifier.finish { updates.append($0) }
                copy.finish { fromCopy.append($0) }
                restored.finish { fromJSON.append($0) }
            } catch {
                Issue.record("classifier state did not round-trip through JSON: \(error)")
            }
            #expect(updates == whole)
            #expect(fromCopy == whole)
            #expect(fromJSON == whole)
        }
    }

    @Test func stepDetectorRestoredFromJSONEqualsBatch() async {
        await propertyCheck(count: 6, input: Gen.uint64()) { seed in
            var random = RandomRecording(seed: seed)
            let samples = random.samples(duration: 150)
            let split = random.integer(in: 0...samples.count)
            let batch = StepDetector.detect(samples)

            var detector = StepDetector()
            var steps: [Double] = []
            var bouts: [WalkingBout] = []
            let collect = { (event: StepDetector.Event) in
                switch event {
                case .step(let time): steps.append(time)
                case .boutEnded(let bout): bouts.append(bout)
                }
            }
            for sample in samples[..<split] { detector.push(sample, emit: collect) }
            do {
                var restored = try JSONDecoder().decode(StepDetector.self, from: JSONEncoder().encode(detector))
                #expect(restored.hasConsistentState && restored.stepCount == detector.stepCount)
                for sample in samples[split...] { restored.push(sample, emit: collect) }
                restored.finish(emit: collect)
                #expect(restored.refusedDuration == batch.refusedDuration)
            } catch {
                Issue.record("step detector state did not round-trip through JSON: \(error)")
            }
            #expect(steps == batch.steps)
            #expect(bouts == batch.bouts)
        }
    }
}

import Foundation
import LocomotionDSP
import LocomotionEvaluation
import PropertyBased
import Testing
@testable import Locomotion

/// The batch references take fixes by the one rule of `LocationFixFeed`: a fix out of time order or without a time is
/// no evidence, so with such fixes they equal the same run given only the fixes that are evidence (before, an untimed
/// fix stopped every later fix, and a fix out of order reached the classifier or made the gate throw).
@Suite struct LocationFixFeedTests {
    @Test func batchesTakeOnlyTheEvidence() async {
        await propertyCheck(count: 10, input: Gen.uint64()) { seed in
            var random = RandomRecording(seed: seed)
            let samples = random.samples(duration: random.uniform(in: 60...200))
            var fixes = random.fixes(count: random.integer(in: 5...60), from: samples[0].time - 5)  // some go back in time
            fixes.insert(LocationFix(time: .nan, latitude: 47, longitude: 8), at: random.integer(in: 0...fixes.count))
            var evidence: [LocationFix] = []
            var feed = LocationFixFeed(fixes)
            while let item = feed.next(through: .infinity) {
                if case .evidence(let fix) = item { evidence.append(fix) }
            }
            #expect(evidence.count < fixes.count)
            #expect(zip(evidence, evidence.dropFirst()).allSatisfy { $0.time <= $1.time })
            #expect(feed.outOfOrderCount == fixes.count - 1 - evidence.count)

            #expect(ActivityClassifier.updates(of: samples, fixes: fixes) == ActivityClassifier.updates(of: samples, fixes: evidence))
            #expect(ActivityClassifier.segments(of: samples, fixes: fixes) == ActivityClassifier.segments(of: samples, fixes: evidence))
            let configuration = RecordingGate.Configuration(policy: .anyMovement)
            do {
                let replay = try GatingReplay.run(samples: samples, fixes: fixes, source: .classifier(.init()), configuration: configuration)
                let reference = try GatingReplay.run(samples: samples, fixes: evidence, source: .classifier(.init()), configuration: configuration)
                #expect(replay.events == reference.events && replay.updates == reference.updates)
            } catch {
                Issue.record("the replay refused fixes: \(error)")
            }
        }
    }

    @Test func itemsComeInFileOrderWithTheirSegmentBreaks() {
        func fix(_ time: Double) -> LocationFix { LocationFix(time: time, latitude: 47, longitude: 8) }
        var feed = LocationFixFeed([fix(10), fix(11), fix(12), fix(9), fix(.nan), fix(13)], segmentStarts: [2])
        var items: [String] = []
        func take(through time: Double) {
            while let item = feed.next(through: time) {
                switch item {
                case .evidence(let fix): items.append("e\(Int(fix.time))")
                case .outOfOrder(let fix): items.append("o\(Int(fix.time))")
                case .untimed: items.append("u")
                case .segmentBreak: items.append("|")
                }
            }
        }
        take(through: 10.5)
        #expect(items == ["e10"])
        take(through: 12)
        #expect(items == ["e10", "e11", "|", "e12", "o9", "u"])
        take(through: .infinity)
        #expect(items.last == "e13" && feed.isFinished && feed.outOfOrderCount == 1)
        #expect(feed.firstOutOfOrder == LocationFixFeed.OutOfOrder(index: 3, time: 9, previous: 12))
    }
}

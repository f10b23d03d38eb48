import Foundation
import Locomotion
import LocomotionDSP
import Testing
@testable import LocomotionIO
@testable import LocomotionDatasets
import LocomotionTestSupport

/// The carry detector's defaults on the real recordings it was measured on (Docs/activity.md, "Carried or not";
/// the folds that held each phone model and each person out are in `Scripts/evaluation/carry/evaluate.py`): phones lying still
/// read not carried, people standing still with the phone on the body read carried.
@Suite struct CarryRealDataTests {
    /// Seconds of `samples` (each the interval to the next, at most 1 s) whose state is not carried, and all of them,
    /// counting only the samples `counts` selects.
    static func notCarried(_ samples: [AccelerometerSample], counts: (Int) -> Bool = { _ in true }) -> (Double, Double) {
        let updates = CarryDetector.updates(of: samples)
        var next = 0
        var state = CarryState.unknown
        var still = 0.0, total = 0.0
        for (index, sample) in samples.enumerated() {
            while next < updates.count, updates[next].start <= sample.time {
                state = updates[next].state
                next += 1
            }
            guard counts(index), index + 1 < samples.count else { continue }
            let weight = min(samples[index + 1].time - sample.time, 1)
            total += weight
            if state == .notCarried { still += weight }
        }
        return (still, total)
    }

    @Test(.tags(.realData), .enabled(if: TestDatasets.isPresent("hhar-still-phones"), Comment(rawValue: TestDatasets.absence("hhar-still-phones"))))
    func phonesLyingStillAreNotCarried() throws {
        var byModel: [String: (Double, Double)] = [:]
        for file in try HHARStillPhones.inputFiles(in: TestDatasets.folder("hhar-still-phones").path) {
            let recording = try #require(HHARStillPhones.convert(file: file).first)
            let model = recording.name.contains("iphone") ? "iPhone 6s" : String(recording.name.split(separator: "_").last!)
            let (still, total) = Self.notCarried(recording.trace.samples)
            byModel[model, default: (0, 0)].0 += still
            byModel[model, default: (0, 0)].1 += total
        }
        #expect(byModel.count == 9)
        let pooled = byModel.values.reduce((0.0, 0.0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        #expect(pooled.0 / pooled.1 >= 0.95, "pooled \(pooled.0 / pooled.1)")
        for (model, share) in byModel {
            // The HTC Desire's flicker noise and the iPhone picked up at the end of a file cost them a little.
            #expect(share.0 / share.1 >= 0.9, "\(model): \(share.0 / share.1)")
        }
    }

    @Test(.tags(.realData), .enabled(if: TestDatasets.isPresent("mobifall-v2") && TestDatasets.isPresent("ipol-gait-lowerback"),
                   "mobifall-v2 or ipol-gait-lowerback not found under ../shared/datasets (or $LOCOMOTION_DATASETS)"))
    func peopleStandingStillWithThePhoneOnTheBodyAreCarried() throws {
        var pooled = (0.0, 0.0)
        let standing = try MobiFallV2.inputFiles(in: TestDatasets.folder("mobifall-v2").path).filter { $0.contains("/STD/") }
        #expect(standing.count == 5)
        for file in standing {
            let recording = try #require(MobiFallV2.convert(file: file).first)
            let share = Self.notCarried(recording.trace.samples)
            #expect(share.0 / share.1 <= 0.03, "\(recording.name): \(share.0 / share.1)")
            pooled = (pooled.0 + share.0, pooled.1 + share.1)
        }
        for file in try IPOLGaitLowerBack.inputFiles(in: TestDatasets.folder("ipol-gait-lowerback").path) {
            let recording = try #require(IPOLGaitLowerBack.convert(file: file).first)
            let labels = try #require(recording.trace.labels)
            let share = Self.notCarried(recording.trace.samples) { labels[$0] == .stationary }
            pooled = (pooled.0 + share.0, pooled.1 + share.1)
        }
        #expect(pooled.1 > 30 * 60, "25 minutes of MobiFall standing and 10 of IPOL")
        #expect(pooled.0 / pooled.1 <= 0.03, "pooled \(pooled.0 / pooled.1)")
    }
}

import Foundation
import LocomotionDSP
import PropertyBased
import Testing
import LocomotionTestSupport
@_spi(Tuning) @testable import Locomotion

/// `ActivityClassifier.settledTime` is a promise: no update emitted after it was read starts before it. The engine's
/// odometer relies on it to give each fix its final activity, so it is checked on random and on real recordings.
@Suite struct ActivitySettledTimeTests {
    /// Pushes `samples` (with `fixes` merged in by time) and returns the violations of the promise, and the largest
    /// lag (s) between the latest sample and the settled time.
    static func violations(_ samples: [AccelerometerSample], fixes: [LocationFix] = []) -> (violations: [String], lag: Double) {
        var classifier = ActivityClassifier()
        var promised = -Double.infinity
        var violations: [String] = []
        var lag = 0.0
        var nextFix = 0
        for sample in samples {
            while nextFix < fixes.count && fixes[nextFix].time <= sample.time {
                classifier.push(fixes[nextFix])
                nextFix += 1
            }
            classifier.push(sample) { update in
                if update.start < promised { violations.append("\(update.activity) at \(update.start) < \(promised)") }
            }
            if let settled = classifier.settledTime {
                promised = max(promised, settled)
                lag = max(lag, sample.time - settled)
            }
        }
        return (violations, lag)
    }

    @Test func noUpdateStartsBeforeTheSettledTimeOnRandomRecordings() async {
        await propertyCheck(count: 20, input: Gen.uint64()) { seed in
            var random = RandomRecording(seed: seed)
            let samples = random.samples(duration: random.uniform(in: 60...400))
            let result = Self.violations(samples)
            #expect(result.violations.isEmpty, "\(result.violations.prefix(3))")
        }
    }

    @Test(.tags(.realData), .enabled(if: UsTm2017.isAvailable, "us-tm2017 not found under ../shared/datasets (or $LOCOMOTION_DATASETS)"))
    func noUpdateStartsBeforeTheSettledTimeOnARealDay() throws {
        let (samples, _) = try UsTm2017.joined(EngineTestData.sessions)
        let result = Self.violations(samples)
        #expect(result.violations.isEmpty, "\(result.violations.prefix(3))")
        // The settled time trails the samples by the longest wait for a new activity to persist (not unbounded).
        #expect(result.lag < 120)
    }
}

import Foundation
import LocomotionDSP
import Testing
import LocomotionTestSupport
@testable import Locomotion

/// Restore and continue on real recordings: the classifier and the step detector encoded to JSON at cut points
/// spread over real us-tm2017 and Oxford traces (and at every hop, re-encoded to check that nothing is lost on the
/// way), decoded and fed the rest, give exactly the output of an uninterrupted run.
@Suite(.tags(.realData), .enabled(if: UsTm2017.isAvailable, "us-tm2017 not found under ../shared/datasets (or $LOCOMOTION_DATASETS)"))
struct RealTraceSnapshotTests {
    /// Walk → car → walk → still, one user's sessions joined end to end (≈ 20 Hz, irregular).
    static let sessions = [
        "Damiano_Walking_1485093716801", "Damiano_Car_1485093212618", "Damiano_Walking_1485093844769",
        "Damiano_Still_1484659419340",
    ]

    /// Runs `push` over `samples`, and from snapshots taken at `cuts` (sample indices) decodes a copy and runs it over
    /// the rest; returns the uninterrupted output and the output of each restored run (what it emitted before the
    /// cut, from the uninterrupted run, followed by what it emitted after).
    static func restoredRuns<Stage: Codable, Output>(
        of samples: [AccelerometerSample], cuts: [Int], stage: Stage,
        push: (inout Stage, AccelerometerSample, inout [Output]) -> Void, finish: (inout Stage, inout [Output]) -> Void
    ) throws -> (whole: [Output], restored: [(cut: Int, output: [Output])]) {
        var whole: [Output] = []
        var stage = stage
        var snapshots: [(cut: Int, data: Data, emitted: Int)] = []
        for (index, sample) in samples.enumerated() {
            if cuts.contains(index) { snapshots.append((index, try encoder.encode(stage), whole.count)) }
            push(&stage, sample, &whole)
        }
        finish(&stage, &whole)
        var restored: [(Int, [Output])] = []
        for snapshot in snapshots {
            var resumed = try JSONDecoder().decode(Stage.self, from: snapshot.data)
            // Re-encoding the decoded state gives the same bytes: nothing encoded is lost or altered.
            #expect(try encoder.encode(resumed) == snapshot.data, "state at sample \(snapshot.cut) changed on decoding")
            var output = Array(whole[..<snapshot.emitted])
            for sample in samples[snapshot.cut...] { push(&resumed, sample, &output) }
            finish(&resumed, &output)
            restored.append((snapshot.cut, output))
        }
        return (whole, restored)
    }

    /// Sorted keys, so that equal states encode to equal bytes (feature dictionaries have no order of their own).
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    static func cuts(count: Int, of total: Int) -> [Int] {
        (0..<count).map { $0 * total / count } + [total - 1]
    }

    @Test func classifierRestoredAnywhereInARealDayEqualsUninterrupted() throws {
        let (samples, _) = try UsTm2017.joined(Self.sessions)
        let run = try Self.restoredRuns(
            of: samples, cuts: Self.cuts(count: 40, of: samples.count), stage: ActivityClassifier(),
            push: { classifier, sample, updates in classifier.push(sample) { updates.append($0) } },
            finish: { _, _ in })
        #expect(Set(run.whole.map(\.activity)).count >= 3, "the joined day should show several activities")
        for (cut, output) in run.restored {
            #expect(output == run.whole, "restored at sample \(cut)")
        }
    }

    @Test func stepDetectorRestoredAnywhereInRealWalksEqualsUninterrupted() throws {
        let (joined, _) = try UsTm2017.joined(Self.sessions)
        var traces = [joined]
        if TestDatasets.isPresent("oxford-step-counter") {
            traces.append(try StepTestDatasets.oxford("Pixel_Jamie_Hard_BackPocket_1").samples)
        }
        for samples in traces {
            let run = try Self.restoredRuns(
                of: samples, cuts: Self.cuts(count: 30, of: samples.count), stage: StepDetector(),
                push: { detector, sample, events in detector.push(sample) { events.append($0) } },
                finish: { detector, events in detector.finish { events.append($0) } })
            #expect(run.whole.count > 20, "the trace should have steps")
            for (cut, output) in run.restored {
                #expect(output == run.whole, "restored at sample \(cut)")
            }
        }
    }
}

import Foundation
import Locomotion
import LocomotionDSP
import Testing
@testable import LocomotionIO
import LocomotionTestSupport

/// The step detector on short real walks (IPOL: stand, 10 m, U-turn, 10 m, stop; 12 people, 70 trials), against
/// issue 13's targets. The bounds are the targets where the shipped detector meets them; where it misses one
/// (Docs/accuracy.md says by how much and why), the bound is a regression guard, said so next to it. The daily-life
/// rules' parameters were chosen by leave-one-person-out over IPOL and Oxford (`Scripts/steps-loso.py`), not on
/// these trials as a whole.
@Suite(.enabled(if: TestDatasets.isPresent("ipol-gait-lowerback"), Comment(rawValue: TestDatasets.absence("ipol-gait-lowerback"))))
struct StepDetectorShortWalkTests {
    /// One-to-one matches within ±0.25 s, closest pairs first: the matched true indices.
    static func match(_ truth: [Double], _ detected: [Double]) -> Set<Int> {
        var pairs: [(Double, Int, Int)] = []
        for (j, time) in detected.enumerated() {
            for (k, step) in truth.enumerated() where abs(step - time) <= 0.25 { pairs.append((abs(step - time), k, j)) }
        }
        var usedTruth = Set<Int>(), usedDetected = Set<Int>()
        for (_, k, j) in pairs.sorted(by: { $0.0 < $1.0 }) where !usedTruth.contains(k) && !usedDetected.contains(j) {
            usedTruth.insert(k)
            usedDetected.insert(j)
        }
        return usedTruth
    }

    /// Every IPOL trial: its samples and true step times.
    static func trials() throws -> [(name: String, samples: [AccelerometerSample], steps: [Double])] {
        try IPOLGaitLowerBack.inputFiles(in: TestDatasets.folder("ipol-gait-lowerback").path).map { file in
            let recording = try #require(try IPOLGaitLowerBack.convert(file: file).first)
            return (recording.name, recording.trace.samples, try #require(recording.stepTimes))
        }
    }

    @Test func boutStartsTurnsAndStopsOnIPOL() throws {
        let trials = try Self.trials()
        var trueTotal = 0, countedTotal = 0, matchedTotal = 0
        var firstFound = 0, lastFound = 0, lastTwoFound = 0, middleFound = 0, middleTotal = 0
        var trialErrors: [Double] = []
        for trial in trials {
            let truth = trial.steps
            let steps = StepDetector.detect(trial.samples).steps
            let matched = Self.match(truth, steps)
            trueTotal += truth.count
            countedTotal += steps.count
            matchedTotal += matched.count
            trialErrors.append(abs(Double(steps.count - truth.count)) / Double(truth.count))
            if matched.contains(0) { firstFound += 1 }                    // the start from standing
            if matched.contains(truth.count - 1) { lastFound += 1 }       // the closing step of the stop
            lastTwoFound += [truth.count - 2, truth.count - 1].filter(matched.contains).count
            // The middle third holds the U-turn (at 10 m of 20).
            let middle = (truth.count / 3)..<(2 * truth.count / 3)
            middleTotal += middle.count
            middleFound += middle.filter(matched.contains).count
        }
        let precision = Double(matchedTotal) / Double(countedTotal), recall = Double(matchedTotal) / Double(trueTotal)
        let f1 = 2 * precision * recall / (precision + recall)
        #expect(f1 >= 0.95, "event F1 \(f1) (target ≥ 0.95)")
        #expect(abs(Double(countedTotal - trueTotal)) <= 0.03 * Double(trueTotal),
                "\(countedTotal) of \(trueTotal) (target ±3 %)")
        // Target 3 %, missed (3.3 % with the shipped defaults, Docs/accuracy.md): a regression guard.
        let median = trialErrors.sorted()[trialErrors.count / 2]
        #expect(median <= 0.04, "median |trial error| \(median)")
        // Starts: the first step from standing is found within ±250 ms in nearly every trial.
        #expect(Double(firstFound) >= 0.95 * Double(trials.count), "first step found in \(firstFound) of \(trials.count)")
        // Turns keep the walk's recall (0.948 measured: a pivot step with no vertical signal and no hole of two step
        // intervals around it is not counted). A regression guard.
        #expect(Double(middleFound) >= 0.93 * Double(middleTotal), "turn third: \(middleFound) of \(middleTotal)")
        // Stops: the last step (the trailing foot joining the leading one) carries almost no load; the closing-step
        // rule finds it within ±250 ms in 29 of 70 trials (measured) — a guard that the rule keeps working.
        #expect(Double(lastFound) >= 0.4 * Double(trials.count), "last step found in \(lastFound) of \(trials.count)")
        #expect(Double(lastTwoFound) >= 0.5 * Double(2 * trials.count),
                "last two steps: \(lastTwoFound) of \(2 * trials.count)")
    }

    /// Short bouts from standing, on real data: each trial's first k steps (4…10), then its own standing before the
    /// walk. The walk is cut half-way between step k and step k + 1 and joined to the standing samples by a 0.5 s
    /// linear cross-fade (an abrupt joint would ring through the band-pass as a step of its own), then the standing
    /// samples repeat for 6 s. The k true steps must be found; in nine trials of ten at most two more may be counted
    /// (the closing step, and the start of step k + 1 that the cut keeps; a few trials also show a weight shift
    /// before the first step that counts as one).
    @Test func shortBoutsFromStandingCountInFull() throws {
        let trials = try Self.trials()
        var found = [Int: Int](), total = [Int: Int](), surplus = [Int: Int](), emptied = [Int: Int](), runs = [Int: Int]()
        for trial in trials {
            let truth = trial.steps
            let standing = trial.samples.filter { $0.time < truth[0] - 0.3 }
            guard standing.count >= 100 else { continue }
            for k in 4...10 where k < truth.count {
                let cut = truth[k - 1] + 0.5 * (truth[k] - truth[k - 1])
                var samples = trial.samples.filter { $0.time <= cut }
                let last = samples[samples.count - 1], first = standing[0]
                var time = last.time
                for index in 1...50 {
                    let weight = Double(index) / 50
                    time += 0.01
                    samples.append(AccelerometerSample(
                        time: time, acceleration: last.acceleration * (1 - weight) + first.acceleration * weight))
                }
                var added = 0.0
                while added < 6 {
                    for sample in standing {
                        time += 0.01
                        added += 0.01
                        samples.append(AccelerometerSample(time: time, acceleration: sample.acceleration))
                    }
                }
                let steps = StepDetector.detect(samples).steps
                let matched = Self.match(Array(truth[..<k]), steps).count
                found[k, default: 0] += matched
                total[k, default: 0] += k
                runs[k, default: 0] += 1
                if steps.count > k + 2 { surplus[k, default: 0] += 1 }
                if steps.isEmpty { emptied[k, default: 0] += 1 }
            }
        }
        for k in 5...10 {
            let recall = Double(found[k] ?? 0) / Double(total[k] ?? 1)
            #expect(recall >= 0.95, "\(k)-step bouts: recall \(recall)")
            #expect(10 * surplus[k, default: 0] <= runs[k, default: 0],
                    "\(k)-step bouts: \(surplus[k, default: 0]) of \(runs[k, default: 0]) counted more than k + 2")
        }
        // Target: 4-step bouts count in full — missed: about a quarter of them never reach the periodicity that
        // confirms a bout (Docs/accuracy.md). A regression guard.
        let recall4 = Double(found[4] ?? 0) / Double(total[4] ?? 1)
        #expect(recall4 >= 0.65, "4-step bouts: recall \(recall4), \(emptied[4, default: 0]) not counted at all")
    }

    /// Streaming equals batch through starts, turns, filled steps and stops: a detector encoded at cut points of real
    /// IPOL trials, decoded and fed the rest, gives the uninterrupted run's steps and bouts.
    @Test func restoredAnywhereInIPOLTrialsEqualsUninterrupted() throws {
        let trials = try Self.trials()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for trial in trials.enumerated().filter({ $0.offset % 12 == 0 }).map(\.element) {
            var whole: [StepDetector.Event] = []
            var detector = StepDetector()
            let cuts = Set((1..<12).map { $0 * trial.samples.count / 12 })
            var snapshots: [(cut: Int, data: Data, emitted: Int)] = []
            for (index, sample) in trial.samples.enumerated() {
                if cuts.contains(index) { snapshots.append((index, try encoder.encode(detector), whole.count)) }
                detector.push(sample) { whole.append($0) }
            }
            detector.finish { whole.append($0) }
            #expect(whole.count > 20, "\(trial.name) should have steps")
            #expect(whole.map { if case .step(let t) = $0 { t } else { nil } }.compactMap { $0 }
                    == StepDetector.detect(trial.samples).steps, "\(trial.name): batch and streaming differ")
            for snapshot in snapshots {
                var resumed = try JSONDecoder().decode(StepDetector.self, from: snapshot.data)
                var events = Array(whole[..<snapshot.emitted])
                for sample in trial.samples[snapshot.cut...] { resumed.push(sample) { events.append($0) } }
                resumed.finish { events.append($0) }
                #expect(events == whole, "\(trial.name) restored at sample \(snapshot.cut)")
            }
        }
    }
}

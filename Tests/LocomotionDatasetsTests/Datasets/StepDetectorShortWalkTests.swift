import Foundation
import Locomotion
import LocomotionDSP
import Testing
@testable import LocomotionIO
@testable import LocomotionDatasets
import LocomotionTestSupport

/// The step detector on short real walks (IPOL: stand, 10 m, U-turn, 10 m, stop; 12 people, 70 trials), against
/// issue 13's targets. Each bound is what the shipped detector achieves (Docs/accuracy.md), so a change that loses any
/// of it fails; where a target is still missed the comment says by how much. The daily-life rules' parameters were
/// chosen by leave-one-person-out over IPOL and Oxford (`Scripts/steps-loso.py`), not on these trials as a whole.
///
/// IPOL's truth marks every swing in the file, including 87 shuffling steps that 26 trials show 0.4–13 s after the
/// trial has ended (the subject standing about); the trial is scored against its own steps, and the shuffles apart.
@Suite(.tags(.realData), .enabled(if: TestDatasets.isPresent("ipol-gait-lowerback"), Comment(rawValue: TestDatasets.absence("ipol-gait-lowerback"))))
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

    /// A trial: its samples, its own steps (inside `TrialBoundaries`), the shuffling steps after it, and the time up
    /// to which a detection belongs to the trial (its end plus half the way to the first shuffle, at most 1 s).
    struct Trial {
        var name: String
        var samples: [AccelerometerSample]
        var steps: [Double]
        var later: [Double]
        var cut: Double
    }

    /// Every IPOL trial, split at the trial's end (the adapter labels walking exactly inside the boundaries).
    static func trials() throws -> [Trial] {
        try IPOLGaitLowerBack.inputFiles(in: TestDatasets.folder("ipol-gait-lowerback").path).map { file in
            let recording = try #require(try IPOLGaitLowerBack.convert(file: file).first)
            let samples = recording.trace.samples, labels = try #require(recording.trace.labels)
            let lastWalking = try #require(labels.lastIndex(of: .walking))
            let after = lastWalking + 1 < samples.count ? samples[lastWalking + 1].time : .infinity
            let steps = try #require(recording.stepTimes)
            let inside = steps.filter { $0 < after }, later = steps.filter { $0 >= after }
            let end = inside.last ?? samples[lastWalking].time
            let cut = end + min(1, later.first.map { ($0 - end) / 2 } ?? 1)
            return Trial(name: recording.name, samples: samples, steps: inside, later: later, cut: cut)
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted(), middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    @Test func boutStartsTurnsAndStopsOnIPOL() throws {
        let trials = try Self.trials()
        var trueTotal = 0, countedTotal = 0, matchedTotal = 0, beforeFirst = 0
        var firstFound = 0, lastFound = 0, lastTwoFound = 0, middleFound = 0, middleTotal = 0
        var laterTotal = 0, laterCounted = 0
        var trialErrors: [Double] = []
        for trial in trials {
            let truth = trial.steps
            let detected = StepDetector.detect(trial.samples).steps
            let steps = detected.filter { $0 <= trial.cut }
            let matched = Self.match(truth, steps)
            trueTotal += truth.count
            countedTotal += steps.count
            matchedTotal += matched.count
            trialErrors.append(abs(Double(steps.count - truth.count)) / Double(truth.count))
            if matched.contains(0) { firstFound += 1 }                    // the start from standing
            beforeFirst += steps.filter { $0 < truth[0] - 0.25 }.count     // a step counted before it
            if matched.contains(truth.count - 1) { lastFound += 1 }       // the closing step of the stop
            lastTwoFound += [truth.count - 2, truth.count - 1].filter(matched.contains).count
            // The middle third holds the U-turn (at 10 m of 20).
            let middle = (truth.count / 3)..<(2 * truth.count / 3)
            middleTotal += middle.count
            middleFound += middle.filter(matched.contains).count
            laterTotal += trial.later.count
            laterCounted += detected.count - steps.count
        }
        let precision = Double(matchedTotal) / Double(countedTotal), recall = Double(matchedTotal) / Double(trueTotal)
        let f1 = 2 * precision * recall / (precision + recall)
        #expect(f1 >= 0.975, "event F1 \(f1) (target ≥ 0.95; 0.978 measured)")
        #expect(abs(Double(countedTotal - trueTotal)) <= 0.01 * Double(trueTotal),
                "\(countedTotal) of \(trueTotal) (target ±3 %; −0.5 % measured)")
        // Target ≤ 3 %, missed by one step: the median trial is one step off (1 of 33, 3.03 %).
        let median = Self.median(trialErrors)
        #expect(median <= 0.0304, "median |trial error| \(median)")
        #expect(trialErrors.max()! <= 0.10, "worst trial \(trialErrors.max()!) (target ≤ 10 %; 9.1 % measured)")
        // Starts: the first step from standing is found in every trial, and the push-off before it rarely counts
        // (36 trials counted it before `firstStepIntervalRatio`; 6 still do).
        #expect(firstFound == trials.count, "first step found in \(firstFound) of \(trials.count)")
        #expect(beforeFirst <= 6, "\(beforeFirst) steps counted before the first one")
        // Turns: 764 of the middle thirds' 797 steps found (0.959).
        #expect(Double(middleFound) >= 0.958 * Double(middleTotal), "turn third: \(middleFound) of \(middleTotal)")
        // Stops: the last step (the trailing foot joining the leading one) carries almost no load; found in 50 of
        // 70 trials (the closing-step rule), the last two in 117 of 140.
        #expect(lastFound >= 50, "last step found in \(lastFound) of \(trials.count)")
        #expect(lastTwoFound >= 117, "last two steps: \(lastTwoFound) of \(2 * trials.count)")
        // The shuffles after the trial (1–7 isolated steps, seconds apart) are what the product rule leaves out.
        #expect(laterTotal == 87)
        #expect(laterCounted <= 3, "\(laterCounted) steps counted after the trials' ends")
    }

    /// Short bouts from standing, on real data: each trial's first k steps (4…10), then its own standing before the
    /// walk. The walk is cut half-way between step k and step k + 1 and joined to the standing samples by a 0.5 s
    /// linear cross-fade (an abrupt joint would ring through the band-pass as a step of its own), then the standing
    /// samples repeat for 6 s. The k true steps must be found, and no bout may count more than k + 2 (the closing
    /// step, and the start of step k + 1 that the cut keeps).
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
        // Four steps from standing: confirmed over their own span (the still window before them no longer dilutes
        // the periodicity: 0.76 before `shortestPeriodicityWindow`); one bout of 70 is not counted.
        let recall4 = Double(found[4] ?? 0) / Double(total[4] ?? 1)
        #expect(recall4 >= 0.985, "4-step bouts: recall \(recall4), \(emptied[4, default: 0]) not counted at all")
        #expect(emptied[4, default: 0] <= 1)
        for k in 5...10 {
            #expect(found[k] == total[k], "\(k)-step bouts: \(found[k] ?? 0) of \(total[k] ?? 0) steps found")
        }
        for k in 4...10 {
            #expect(surplus[k, default: 0] == 0,
                    "\(k)-step bouts: \(surplus[k, default: 0]) of \(runs[k, default: 0]) counted more than k + 2")
        }
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

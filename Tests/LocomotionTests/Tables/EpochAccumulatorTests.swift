import Foundation
import PropertyBased
import Testing
@_spi(Tuning) @testable import Locomotion

/// A scripted input of the accumulators, in the order a driver would push it.
enum EpochInput {
    case sample(Double)
    case update(Double, MotionActivity)
    case mode(Double, RecordingMode)
    case step(Double)
    case bout(WalkingBout)
    case distance(Double, at: Double)
    case settle(Double)
}

/// Pushes `inputs` and finishes; returns every epoch emitted, in order.
func epochs(of inputs: [EpochInput], configuration: RecordingTables.Configuration) -> (rows: [EpochSummary], late: Int) {
    var accumulator = EpochAccumulator(configuration: configuration)
    var rows: [EpochSummary] = []
    for input in inputs {
        switch input {
        case .sample(let time): accumulator.addSample(at: time)
        case let .update(time, activity): accumulator.add(ActivityUpdate(start: time, activity: activity, confidence: .high))
        case let .mode(time, mode):
            accumulator.add(RecordingGate.Event(time: time, phase: .idle, mode: mode, profile: RecordingGate.Configuration().profile(for: mode),
                                        changesMode: true, reason: RecordingGate.Reason(rule: .initial, trigger: .activity)))
        case .step(let time): accumulator.addStep(at: time)
        case .bout(let bout): accumulator.add(bout)
        case let .distance(meters, time): accumulator.addDistance(meters, at: time)
        case .settle(let time): accumulator.advance(to: time) { rows.append($0) }
        }
    }
    accumulator.finish { rows.append($0) }
    return (rows, accumulator.lateEventCount)
}

/// Samples every `interval` s from `from` up to and including `to`.
func sampleInputs(from: Double, to: Double, interval: Double) -> [EpochInput] {
    stride(from: from, through: to + 1e-9, by: interval).map { .sample($0) }
}

@Suite("Epoch accumulator")
struct EpochAccumulatorTests {
    let minute = RecordingTables.Configuration(length: 60, timeZone: utc)
    let t0 = 1_767_225_600.0  // 2026-01-01T00:00:00Z

    @Test("coverage counts the intervals between samples at most the gap limit apart; gaps are not filled")
    func coverage() {
        // 00:30 … 03:30 at 2 Hz, with a 5-s hole in the second minute and a 3-minute gap after 03:30.
        var inputs = sampleInputs(from: t0 + 30, to: t0 + 80, interval: 0.5)
        inputs += sampleInputs(from: t0 + 85, to: t0 + 210, interval: 0.5)
        inputs += sampleInputs(from: t0 + 390, to: t0 + 400, interval: 0.5)
        inputs.insert(.update(t0 + 30, .stationary), at: 1)
        let (rows, late) = epochs(of: inputs, configuration: minute)
        #expect(late == 0)
        #expect(rows.map(\.start) == (0...6).map { t0 + 60 * Double($0) })
        let coverage: [Double] = [0.5, 55.0 / 60, 1, 0.5, 0, 0, 10.0 / 60]
        #expect(rows.map(\.coverage) == coverage)
        // Recorded time runs from the first sample to the last, gaps included.
        #expect(rows.map(\.tally.recordedSeconds) == [30, 60, 60, 60, 60, 60, 40])
        #expect(rows[4].tally.firstSample == nil && rows[4].tally.lastSample == nil)
        #expect(rows[6].tally.firstSample == t0 + 390 && rows[6].tally.lastSample == t0 + 400)
        #expect(rows.allSatisfy { $0.day == day("2026-01-01") && $0.utcOffset == 0 })
    }

    @Test("activity seconds follow back-dated updates; the majority breaks ties in the order of MotionActivity")
    func activities() {
        var inputs: [EpochInput] = [.sample(t0), .update(t0, .unknown)]
        inputs += sampleInputs(from: t0 + 1, to: t0 + 200, interval: 1)
        // Reported late, as the classifier does: stationary from 10 s, walking from 90 s, running from 150 s.
        inputs.insert(.update(t0 + 10, .stationary), at: 40)
        inputs.insert(.update(t0 + 90, .walking), at: 140)
        inputs.append(.update(t0 + 150, .running))
        let (rows, _) = epochs(of: inputs, configuration: minute)
        #expect(rows.count == 4)
        #expect(rows[0].tally.activities.unknown == 10 && rows[0].tally.activities.stationary == 50 && rows[0].tally.activity == .stationary)
        #expect(rows[1].tally.activities.stationary == 30 && rows[1].tally.activities.walking == 30)
        #expect(rows[1].tally.activity == .stationary)  // a tie: stationary is listed first
        #expect(rows[2].tally.activities.walking == 30 && rows[2].tally.activities.running == 30)
        #expect(rows[3].tally.activities.running == 20 && rows[3].tally.recordedSeconds == 20)
    }

    @Test("steps count in their epoch; cadence uses intervals within a bout; a bout counts where it ends")
    func steps() throws {
        var inputs = sampleInputs(from: t0, to: t0 + 180, interval: 0.25)
        // A bout of 41 steps at 2 steps/s from 50 s to 70 s, another of 10 at 1.5 steps/s from 100 s.
        let first = stride(from: t0 + 50, through: t0 + 70, by: 0.5).map { EpochInput.step($0) }
        let second = (0..<10).map { EpochInput.step(t0 + 100 + Double($0) / 1.5) }
        inputs += first + [.bout(WalkingBout(start: t0 + 50, end: t0 + 70, stepCount: 41))]
        inputs += second + [.bout(WalkingBout(start: t0 + 100, end: t0 + 106, stepCount: 10))]
        let (rows, _) = epochs(of: inputs, configuration: minute)
        #expect(rows.map(\.tally.steps) == [20, 31, 0])
        #expect(rows[0].tally.stepIntervals == 19 && rows[1].tally.stepIntervals == 21 + 9)
        #expect(try abs(#require(rows[0].tally.stepsPerMinute) - 120) < 1e-9)
        // 21 intervals of 0.5 s and 9 of 2/3 s: no interval joins the two bouts.
        let expected: Double = 60 * 30 / (21 * 0.5 + 6)
        #expect(try abs(#require(rows[1].tally.stepsPerMinute) - expected) < 1e-9)
        #expect(rows.map(\.tally.bouts) == [0, 2, 0])
        #expect(rows[1].tally.longestBout?.stepCount == 41)
        #expect(rows[2].tally.stepsPerMinute == nil)
    }

    @Test("mode share and distance land in the epoch of their time")
    func modeAndDistance() {
        var inputs = sampleInputs(from: t0, to: t0 + 120, interval: 1)
        inputs += [.mode(t0, .lowPower), .mode(t0 + 45, .highAccuracy), .mode(t0 + 75, .lowPower)]
        inputs += [.distance(12.5, at: t0 + 59.9), .distance(7.5, at: t0 + 60), .distance(.nan, at: t0 + 61)]
        let (rows, _) = epochs(of: inputs, configuration: minute)
        #expect(rows.map(\.tally.highAccuracySeconds) == [15, 15])
        #expect(rows.map(\.tally.highAccuracyShare) == [0.25, 0.25])
        #expect(rows.map(\.tally.distance) == [12.5, 7.5])
    }

    @Test("an event for an epoch already emitted is counted as late and left out")
    func lateEvents() {
        var inputs = sampleInputs(from: t0, to: t0 + 150, interval: 1)
        inputs += [.settle(t0 + 120), .step(t0 + 100), .update(t0 + 30, .walking), .step(t0 + 130)]
        let (rows, late) = epochs(of: inputs, configuration: minute)
        #expect(late == 2)
        #expect(rows.map(\.tally.steps) == [0, 0, 1])
    }

    @Test("Europe/Berlin fall-back night: the repeated hour has its own epochs, all on the day they start")
    func fallBack() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let start = instant(2026, 10, 25, 1, 30, in: berlin)  // 01:30 CEST, an hour before the change
        let inputs = sampleInputs(from: start, to: start + 3 * 3600, interval: 10)
        let (rows, _) = epochs(of: inputs, configuration: RecordingTables.Configuration(length: 900, timeZone: berlin, maximumGap: 10))
        #expect(rows.count == 12)
        #expect(rows.map(\.utcOffset) == [7200, 7200, 7200, 7200, 7200, 7200, 3600, 3600, 3600, 3600, 3600, 3600])
        #expect(rows.allSatisfy { $0.end - $0.start == 900 && $0.day == day("2026-10-25") })
        #expect(rows.map(\.coverage).allSatisfy { $0 == 1 })
    }

    @Test("a gap holds no epochs in memory, whatever its length; every epoch of it is still emitted, empty")
    func gapMemory() {
        // Two recording waves 400 days apart, and a clock glitch 30 years ahead.
        for (length, gap) in [(60, 400.0 * 86_400), (1, 400.0 * 86_400), (60, 30 * 365.0 * 86_400)] {
            var accumulator = EpochAccumulator(configuration: RecordingTables.Configuration(length: length, timeZone: utc))
            for time in stride(from: t0, through: t0 + 2, by: 0.5) { accumulator.addSample(at: time) }
            accumulator.addStep(at: t0 + 1)
            accumulator.addDistance(5, at: t0 + gap / 2)  // a fix in the gap
            accumulator.addSample(at: t0 + gap)
            accumulator.addSample(at: t0 + gap + 0.5)
            // The epochs of the first wave's samples (three of 1 s), the fix's and the second wave's: not the gap's.
            #expect(accumulator.storedEpochCount <= 5, "epochs of \(length) s, gap \(gap) s")
        }
        // The rows of a gap are made as they are emitted: one per epoch, contiguous, empty but for the fix.
        var accumulator = EpochAccumulator(configuration: minute)
        let gap = 40.0 * 86_400
        for time in [t0, t0 + 0.5, t0 + gap, t0 + gap + 0.5] { accumulator.addSample(at: time) }
        accumulator.addDistance(7, at: t0 + 86_400 + 30)
        var rows: [EpochSummary] = []
        accumulator.advance(to: t0 + gap / 2) { rows.append($0) }
        #expect(rows.count == Int(gap / 2 / 60))
        #expect(accumulator.storedEpochCount <= 2)
        accumulator.finish { rows.append($0) }
        #expect(rows.count == Int(gap / 60) + 1)
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.end == $1.start })
        #expect(rows.map(\.tally.coveredSeconds).reduce(0, +) == 1)
        #expect(rows.map(\.tally.distance).reduce(0, +) == 7 && rows[24 * 60].tally.distance == 7)
        #expect(rows.map(\.tally.recordedSeconds).reduce(0, +) == gap + 0.5)
        #expect(rows.last!.day == day("2026-02-10"))
    }

    @Test("settling as the stages allow gives the same rows as settling only at the end")
    func streamingEqualsBatch() async {
        await propertyCheck(count: 40, input: Gen.uint64()) { seed in
            var random = RandomRecording(seed: seed)
            let lag = random.uniform(in: 0...120)  // how late an event may come
            var time = random.uniform(in: 1.7e9...1.8e9)
            var streamed: [EpochInput] = [], batch: [EpochInput] = []
            var pending: [(arrival: Double, input: EpochInput)] = []
            var update = time
            for _ in 0..<random.integer(in: 1...3000) {
                time += random.uniform() < 0.01 ? random.uniform(in: 2...900) : random.uniform(in: 0.02...0.3)
                streamed.append(.sample(time)); batch.append(.sample(time))
                if random.uniform() < 0.02 {
                    // Back-dated by up to `lag`, never before the previous update.
                    update = max(update, time - random.uniform(in: 0...lag))
                    let activity = MotionActivity.allCases[random.integer(in: 0...5)]
                    pending.append((time, .update(update, activity)))
                }
                if random.uniform() < 0.05 { pending.append((time + random.uniform(in: 0...lag), .step(time))) }
                if random.uniform() < 0.01 { pending.append((time, .distance(random.uniform(in: 0...50), at: time))) }
                if random.uniform() < 0.01 { pending.append((time, .mode(time, random.uniform() < 0.5 ? .lowPower : .highAccuracy))) }
                let due = pending.filter { $0.arrival <= time }
                pending.removeAll { $0.arrival <= time }
                streamed += due.map(\.input); batch += due.map(\.input)
                streamed.append(.settle(time - lag - 1e-6))
            }
            streamed += pending.map(\.input); batch += pending.map(\.input)
            let zone = TimeZone(identifier: ["UTC", "Europe/Berlin", "Asia/Kolkata"][random.integer(in: 0...2)])!
            let configuration = RecordingTables.Configuration(length: [1, 60, 900][random.integer(in: 0...2)], timeZone: zone)
            let stream = epochs(of: streamed, configuration: configuration), whole = epochs(of: batch, configuration: configuration)
            #expect(stream.late == 0)
            #expect(stream.rows == whole.rows)
            // Every instant of the recording is in exactly one epoch.
            #expect(zip(whole.rows, whole.rows.dropFirst()).allSatisfy { $0.end == $1.start })
        }
    }
}

import Foundation
import LocomotionDSP
import Testing
import LocomotionTestSupport
@testable import Locomotion

/// Restore-and-continue at **every** cut point of short real traces from four datasets (`ShortRealTrace`), and
/// wake-up batches every few seconds of them.
///
/// Resuming a fresh copy from each of n cut points to the end costs n² inputs; instead the engine is killed before
/// every input — encoded to JSON, dropped, decoded — and the decoded engine takes the input, so every input is a
/// cut point of the same run. Its events equal the uninterrupted run's, and its snapshot (at every 10th input: a
/// second encoding costs as much as the restore) is byte for byte the uninterrupted engine's state there. A dozen
/// cut points per trace are also resumed the plain way (one restore, then the rest of the trace). About 5 000
/// restores in all, each a JSON encoding and decoding of 25–100 kB: seconds, in a debug build.
@Suite(.tags(.realData), .enabled(if: ShortRealTrace.isAvailable, ShortRealTrace.absent))
struct MotionEngineEveryCutTests {
    typealias Input = MotionEngineRealTraceTests.Either

    static func push(_ input: Input, to engine: inout MotionEngine, _ events: inout [MotionEvent]) throws {
        try MotionEngineRealTraceTests.push(input, to: &engine, &events)
    }

    /// The uninterrupted run's events, each checked to show the trace exercises the engine.
    static func uninterrupted(_ inputs: [Input], zone: TimeZone) throws -> [MotionEvent] {
        var engine = MotionEngine(timeZone: zone)
        var events: [MotionEvent] = []
        for input in inputs { try push(input, to: &engine, &events) }
        engine.finish { events.append($0) }
        return events
    }

    @Test(arguments: ShortRealTrace.allCases)
    func killedAndRestoredBeforeEveryInputEqualsUninterrupted(trace: ShortRealTrace) throws {
        let (samples, fixes) = try trace.load()
        let inputs = MotionEngineRealTraceTests.inputs(samples, fixes)
        let encoder = MotionEngineRealTraceTests.encoder, decoder = JSONDecoder()
        let resumedCuts = Set((0..<12).map { $0 * inputs.count / 12 } + [inputs.count - 1])

        // The uninterrupted engine and the one killed before every input, side by side.
        var whole = MotionEngine(timeZone: trace.timeZone)
        var expected: [MotionEvent] = []
        var engine = whole
        var events: [MotionEvent] = []
        var firstDifferentState: Int?
        let chainEncoder = JSONEncoder()   // unsorted keys: faster, and these bytes are only decoded
        var resumable: [(cut: Int, snapshot: Data, emitted: Int)] = []
        for (index, input) in inputs.enumerated() {
            let snapshot = try chainEncoder.encode(engine)
            if index % 10 == 0, firstDifferentState == nil, try encoder.encode(whole) != encoder.encode(engine) {
                firstDifferentState = index
            }
            if resumedCuts.contains(index) { resumable.append((index, snapshot, events.count)) }
            engine = try decoder.decode(MotionEngine.self, from: snapshot)
            try Self.push(input, to: &engine, &events)
            try Self.push(input, to: &whole, &expected)
        }
        engine = try decoder.decode(MotionEngine.self, from: chainEncoder.encode(engine))
        engine.finish { events.append($0) }
        whole.finish { expected.append($0) }

        #expect(firstDifferentState == nil, "the restored state differs from the uninterrupted one at input \(firstDifferentState ?? -1)")
        #expect(events == expected, "\(trace): killed before every input")
        #expect(engine.odometer == whole.odometer)
        #expect(expected.activityUpdates.count >= 2 && !expected.gateEvents.isEmpty,
                "\(trace) should show activity updates and recording events")
        // The car ride's step-like peaks are held back in the vehicle and dropped: steps only on foot.
        #expect(expected.steps.isEmpty == (trace == .usTm2017CarRide), "\(trace): \(expected.steps.count) steps")
        #expect(expected.distanceUpdates.count == fixes.count)

        for cut in resumable {
            var resumed = try decoder.decode(MotionEngine.self, from: cut.snapshot)
            var resumedEvents = Array(expected[..<cut.emitted])
            for input in inputs[cut.cut...] { try Self.push(input, to: &resumed, &resumedEvents) }
            resumed.finish { resumedEvents.append($0) }
            #expect(resumedEvents == expected, "\(trace): restored once at input \(cut.cut)")
        }
    }

    /// Wake-ups every 3 s of the trace's clock, each restoring the engine from the previous wake-up's JSON,
    /// processing the batch and snapshotting again: batch boundaries fall inside every kind of stretch.
    /// `recordedShare` < 1 keeps only the first part of each period, so that each pause is a gap.
    @Test(arguments: ShortRealTrace.allCases, [1.0, 0.6])
    func wakeUpsEveryFewSecondsEqualAContinuousRun(trace: ShortRealTrace, recordedShare: Double) throws {
        let (allSamples, allFixes) = try trace.load()
        let period = 3.0, start = allSamples[0].time
        func recorded(_ time: Double) -> Bool { (time - start).truncatingRemainder(dividingBy: period) < recordedShare * period }
        let samples = allSamples.filter { recorded($0.time) }, fixes = allFixes.filter { recorded($0.time) }

        var continuous = MotionEngine(timeZone: trace.timeZone)
        var expected: [MotionEvent] = []
        try continuous.process(samples: samples, fixes: fixes) { expected.append($0) }
        continuous.finish { expected.append($0) }

        let encoder = JSONEncoder(), decoder = JSONDecoder()
        var snapshot = try encoder.encode(MotionEngine(timeZone: trace.timeZone))
        var events: [MotionEvent] = []
        var batchStart = start, batches = 0, batchesWithSamples = 0
        while batchStart <= samples.last!.time {
            let end = batchStart + period
            var engine = try decoder.decode(MotionEngine.self, from: snapshot)
            let batch = samples.filter { $0.time >= batchStart && $0.time < end }
            if !batch.isEmpty { batchesWithSamples += 1 }
            try engine.process(samples: batch,
                               fixes: fixes.filter { $0.time >= batchStart && $0.time < end }) { events.append($0) }
            snapshot = try encoder.encode(engine)
            batchStart = end
            batches += 1
        }
        var last = try decoder.decode(MotionEngine.self, from: snapshot)
        last.finish { events.append($0) }
        #expect(batches >= 4)
        #expect(events == expected, "\(trace), \(batches) wake-ups")
        #expect(last.lateInputCount == 0)
        if recordedShare < 1 {
            let gaps = events.filter { if case .gap = $0 { true } else { false } }.count
            #expect(gaps >= batchesWithSamples - 1, "each pause between recordings is a gap")
        }
    }
}

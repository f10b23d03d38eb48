import Foundation
import LocomotionDSP
import Testing
import LocomotionTestSupport
@testable import Locomotion

/// The engine on a real day (us-tm2017 sessions with real GNSS fixes over them): it equals the four stages wired by
/// hand; a snapshot taken at any input and restored gives the uninterrupted run's events; wake-up batches give the
/// continuous run's events, with the time between batches a gap when nothing was recorded in it.
@Suite(.tags(.realData), .enabled(if: EngineTestData.isAvailable, EngineTestData.absent))
struct MotionEngineRealTraceTests {
    static let zone = TimeZone(identifier: "Europe/Zurich")!

    /// Sorted keys: equal states encode to equal bytes.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    /// Samples and fixes in the recording order, by hand: fixes up to a sample's time, then the sample.
    static func inputs(_ samples: [AccelerometerSample], _ fixes: [LocationFix]) -> [Either] {
        var merged: [Either] = []
        var next = 0
        for sample in samples {
            while next < fixes.count && fixes[next].time <= sample.time {
                merged.append(.fix(fixes[next]))
                next += 1
            }
            merged.append(.sample(sample))
        }
        merged += fixes[next...].map(Either.fix)
        return merged
    }

    enum Either {
        case sample(AccelerometerSample)
        case fix(LocationFix)
    }

    static func push(_ input: Either, to engine: inout MotionEngine, _ events: inout [MotionEvent]) throws {
        switch input {
        case .sample(let sample): try engine.push(sample) { events.append($0) }
        case .fix(let fix): try engine.push(fix) { events.append($0) }
        }
    }

    @Test func equalsTheStagesWiredByHand() throws {
        let (samples, allFixes) = try EngineTestData.day()
        let fixes = allFixes.filter { $0.time <= samples.last!.time }  // the hand wiring stops at the last sample
        let configuration = MotionEngine.Configuration()
        let reference = try EngineTestData.reference(samples: samples, fixes: fixes, configuration: configuration,
                                                     timeZone: Self.zone)
        var engine = MotionEngine(configuration: configuration, timeZone: Self.zone)
        var events: [MotionEvent] = []
        for input in Self.inputs(samples, fixes) { try Self.push(input, to: &engine, &events) }
        engine.finish { events.append($0) }

        #expect(reference.updates.count >= 4 && reference.steps.steps.count > 100 && reference.odometer.totalDistance > 1000,
                "the day should show activity changes, steps and distance")
        #expect(events.activityUpdates == reference.updates)
        #expect(events.gateEvents == reference.gateEvents)
        #expect(events.steps == reference.steps.steps)
        #expect(events.bouts == reference.steps.bouts)
        // The steps reported are the steps counted: the last bout too goes through the activity gate.
        #expect(events.steps.count == engine.stepCount && events.bouts.reduce(0) { $0 + $1.stepCount } == engine.stepCount)
        #expect(engine.odometer == reference.odometer)
        // One distance update per fix, the last of each day carrying that day's final tally.
        let updates = events.distanceUpdates
        #expect(updates.map(\.time) == fixes.map(\.time))
        for tally in reference.odometer.history {
            #expect(updates.last { $0.tally.day == tally.day }?.tally == tally)
        }
        if case .samplesBegan(let first) = events.first { #expect(first == samples[0].time) } else { Issue.record("no samplesBegan first") }
        #expect(events.last == .samplesEnded(time: samples.last!.time))
        #expect(engine.lateInputCount == 0 && engine.waitingInputCount == 0)
    }

    @Test func restoredAtAnyInputEqualsUninterrupted() throws {
        let (samples, fixes) = try EngineTestData.day()
        let inputs = Self.inputs(samples, fixes)
        var engine = MotionEngine(timeZone: Self.zone)
        var events: [MotionEvent] = []
        var snapshots: [(index: Int, data: Data, emitted: Int)] = []
        let encoder = Self.encoder, decoder = JSONDecoder()
        let spread = Set((0..<40).map { $0 * inputs.count / 40 } + [inputs.count - 1])
        for (index, input) in inputs.enumerated() {
            // At every 50th input the snapshot decodes to a state that encodes to the same bytes; at 41 it is
            // also resumed to the end below.
            if index % 50 == 0 || spread.contains(index) {
                let data = try encoder.encode(engine)
                let decoded = try decoder.decode(MotionEngine.self, from: data)
                #expect(try encoder.encode(decoded) == data, "state at input \(index) changed on decoding")
                if spread.contains(index) { snapshots.append((index, data, events.count)) }
            }
            try Self.push(input, to: &engine, &events)
        }
        engine.finish { events.append($0) }
        #expect(Set(events.activityUpdates.map(\.activity)).count >= 3 && !events.steps.isEmpty)

        for snapshot in snapshots {
            var resumed = try decoder.decode(MotionEngine.self, from: snapshot.data)
            var resumedEvents = Array(events[..<snapshot.emitted])
            for input in inputs[snapshot.index...] { try Self.push(input, to: &resumed, &resumedEvents) }
            resumed.finish { resumedEvents.append($0) }
            #expect(resumedEvents == events, "restored at input \(snapshot.index)")
            #expect(resumed.odometer == engine.odometer)
        }
    }

    /// Wake-ups every 15 minutes of the trace's clock: each batch processed, the engine snapshotted to JSON and
    /// restored for the next. `recordedShare` < 1 keeps only the first part of each period (an app that records
    /// only while awake): the time between batches is then a gap, in the continuous run as in the batches.
    @Test(arguments: [1.0, 0.3])
    func wakeUpBatchesEqualAContinuousRun(recordedShare: Double) throws {
        let (allSamples, allFixes) = try EngineTestData.day()
        let period = 15 * 60.0, start = allSamples[0].time
        func recorded(_ time: Double) -> Bool {
            ((time - start).truncatingRemainder(dividingBy: period)) < recordedShare * period
        }
        // Wake-ups every 15 minutes over a day of about an hour: shift the sessions' clock by 150 s so that batch
        // boundaries fall inside activities, not only between sessions.
        let samples = allSamples.filter { recorded($0.time + 150) }
        let fixes = allFixes.filter { recorded($0.time + 150) }

        var continuous = MotionEngine(timeZone: Self.zone)
        var expected: [MotionEvent] = []
        try continuous.process(samples: samples, fixes: fixes) { expected.append($0) }
        continuous.finish { expected.append($0) }

        var snapshot = try Self.encoder.encode(MotionEngine(timeZone: Self.zone))
        var events: [MotionEvent] = []
        var batchStart = start - 150
        var batches = 0
        while batchStart <= max(samples.last!.time, fixes.last!.time) {
            let end = batchStart + period
            var engine = try JSONDecoder().decode(MotionEngine.self, from: snapshot)
            try engine.process(samples: samples.filter { $0.time >= batchStart && $0.time < end },
                               fixes: fixes.filter { $0.time >= batchStart && $0.time < end }) { events.append($0) }
            snapshot = try Self.encoder.encode(engine)
            batchStart = end
            batches += 1
        }
        var last = try JSONDecoder().decode(MotionEngine.self, from: snapshot)
        last.finish { events.append($0) }
        #expect(batches >= 4)
        #expect(events == expected)
        #expect(last.lateInputCount == 0)
        let gaps = events.filter { if case .gap(let from, let to) = $0 { to - from > 60 } else { false } }.count
        if recordedShare < 1 { #expect(gaps >= batches - 1, "each pause between recordings is a gap") }
    }

    /// Fixes delivered up to `maximumSkew` late (as CoreLocation does) and samples in irregular chunks give the
    /// events of the in-order stream.
    @Test func skewedDeliveryEqualsInOrder() throws {
        let (samples, fixes) = try EngineTestData.day()
        var inOrder = MotionEngine(timeZone: Self.zone)
        var expected: [MotionEvent] = []
        for input in Self.inputs(samples, fixes) { try Self.push(input, to: &inOrder, &expected) }
        inOrder.finish { expected.append($0) }

        // Deliver each fix when the sample clock has passed its time by a pseudo-random 0–1.9 s.
        var random = RandomRecording(seed: 11)
        var engine = MotionEngine(timeZone: Self.zone)
        var events: [MotionEvent] = []
        var pending = fixes.map { ($0, $0.time + random.uniform(in: 0...1.9)) }[...]
        for sample in samples {
            while let (fix, due) = pending.first, due <= sample.time {
                try engine.push(fix) { events.append($0) }
                pending = pending.dropFirst()
            }
            try engine.push(sample) { events.append($0) }
        }
        for (fix, _) in pending { try engine.push(fix) { events.append($0) } }
        engine.finish { events.append($0) }
        #expect(engine.lateInputCount == 0)
        #expect(events == expected)
    }

    @Test func refusedInputsLeaveTheEngineUnchanged() throws {
        let (samples, fixes) = try EngineTestData.day()
        var engine = MotionEngine(timeZone: Self.zone)
        var events: [MotionEvent] = []
        for input in Self.inputs(Array(samples.prefix(2000)), fixes.filter { $0.time < samples[2000].time }) {
            try Self.push(input, to: &engine, &events)
        }
        let before = try Self.encoder.encode(engine), eventCount = events.count
        let lastFix = fixes.last { $0.time < samples[2000].time }!
        var refused: [MotionEngineError] = []
        for bad in [AccelerometerSample(time: samples[1000].time, x: 0, y: 0, z: 1), AccelerometerSample(time: -.infinity, x: 0, y: 0, z: 1)] {
            do { try engine.push(bad) { events.append($0) } } catch { refused.append(error) }
        }
        for bad in [LocationFix(time: lastFix.time + 1, latitude: 91, longitude: -122),
                    LocationFix(time: .infinity, latitude: 37, longitude: -122)] {
            do { try engine.push(bad) { events.append($0) } } catch { refused.append(error) }
        }
        do { try engine.push(ActivityUpdate(start: samples[1999].time, activity: .walking, confidence: .high)) { events.append($0) } } catch {
            refused.append(error)
        }
        #expect(refused == [
            .sampleOutOfOrder(previous: samples[1999].time, received: samples[1000].time), .nonFiniteTime(-.infinity),
            .invalidFix(time: lastFix.time + 1),
            .nonFiniteTime(.infinity), .activityFromClassifier,
        ])
        #expect(try Self.encoder.encode(engine) == before)
        #expect(events.count == eventCount)
    }

    /// A fix earlier than the one before it is no evidence: the events are those of the run without it, but for the
    /// odometer's record of it (out of order, on its day's tally), in the place it was pushed.
    @Test func aFixOutOfOrderReachesOnlyTheOdometer() throws {
        let (samples, fixes) = try EngineTestData.day()
        let cut = samples.count / 2
        let lastFix = try #require(fixes.last { $0.time < samples[cut].time })
        let late = LocationFix(time: lastFix.time - 30, latitude: lastFix.latitude + 0.01, longitude: lastFix.longitude,
                               horizontalAccuracy: 5, speed: 30)
        func run(with extra: LocationFix?) throws -> (events: [MotionEvent], engine: MotionEngine) {
            var engine = MotionEngine(timeZone: Self.zone)
            var events: [MotionEvent] = []
            for input in Self.inputs(Array(samples[..<cut]), fixes.filter { $0.time < samples[cut].time }) {
                try Self.push(input, to: &engine, &events)
            }
            if let extra { try engine.push(extra) { events.append($0) } }
            for input in Self.inputs(Array(samples[cut...]), fixes.filter { $0.time >= samples[cut].time }) {
                try Self.push(input, to: &engine, &events)
            }
            engine.finish { events.append($0) }
            return (events, engine)
        }
        let without = try run(with: nil), with = try run(with: late)
        let rejected = with.events.enumerated().filter {
            if case .distance(let update) = $0.element { return update.outcome == .rejected(.outOfOrder) }
            return false
        }
        #expect(rejected.count == 1)
        var events = with.events
        for (offset, _) in rejected.reversed() { events.remove(at: offset) }
        // The day's tallies in later distance updates count it; every decision is the same.
        func decisions(_ events: [MotionEvent]) -> [MotionEvent] {
            events.map { event in
                guard case .distance(var update) = event else { return event }
                update.tally.rejectedOutOfOrder = 0
                return .distance(update)
            }
        }
        #expect(decisions(events) == decisions(without.events), "the late fix changed no activity, gate or distance decision")
        let day = try #require(with.engine.odometer.history.last)
        #expect(day.rejectedOutOfOrder == (without.engine.odometer.history.last?.rejectedOutOfOrder ?? 0) + 1)
    }
}

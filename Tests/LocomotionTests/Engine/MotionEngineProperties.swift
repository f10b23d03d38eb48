import Foundation
import LocomotionDSP
import PropertyBased
import Testing
@_spi(Harness) @testable import Locomotion

/// The engine's contracts on random recordings (mechanics only): restore anywhere = uninterrupted; wake-up batches =
/// continuous; delivery skewed within the bound = in order; external activity = the gate and odometer fed by hand.
@Suite struct MotionEngineProperties {
    static let zones = ["UTC", "Europe/Zurich", "America/New_York", "Asia/Kolkata"].map { TimeZone(identifier: $0)! }

    /// A random recording: samples with gaps, fixes in non-decreasing time over the same span, a zone.
    static func recording(_ random: inout RandomRecording) -> ([AccelerometerSample], [LocationFix], TimeZone) {
        let samples = random.samples(duration: random.uniform(in: 60...240))
        var fixes = random.fixes(count: random.integer(in: 0...80), from: samples[0].time - 5)
        var latest = -Double.infinity
        fixes = fixes.filter { fix in
            defer { latest = max(latest, fix.time) }
            return fix.time >= latest
        }
        return (samples, fixes, zones[random.integer(in: 0...zones.count - 1)])
    }

    /// The fixes up to each sample's time, then the sample.
    static func pushInOrder(_ samples: [AccelerometerSample], _ fixes: [LocationFix], to engine: inout MotionEngine,
                            from start: (sample: Int, fix: Int) = (0, 0), until cut: Int? = nil,
                            _ events: inout [MotionEvent]) throws -> (sample: Int, fix: Int) {
        var (sampleIndex, fixIndex) = start
        var pushed = 0
        while sampleIndex < samples.count || fixIndex < fixes.count {
            if let cut, pushed == cut { break }
            if fixIndex < fixes.count && (sampleIndex == samples.count || fixes[fixIndex].time <= samples[sampleIndex].time) {
                try engine.push(fixes[fixIndex]) { events.append($0) }
                fixIndex += 1
            } else {
                try engine.push(samples[sampleIndex]) { events.append($0) }
                sampleIndex += 1
            }
            pushed += 1
        }
        return (sampleIndex, fixIndex)
    }

    @Test func restoredFromJSONAtARandomInputEqualsUninterrupted() async {
        await propertyCheck(count: 12, input: Gen.uint64()) { seed in
            var random = RandomRecording(seed: seed)
            let (samples, fixes, zone) = Self.recording(&random)
            do {
                var whole = MotionEngine(timeZone: zone)
                var expected: [MotionEvent] = []
                _ = try Self.pushInOrder(samples, fixes, to: &whole, &expected)
                whole.finish { expected.append($0) }

                var engine = MotionEngine(timeZone: zone)
                var events: [MotionEvent] = []
                let cut = random.integer(in: 0...(samples.count + fixes.count))
                let position = try Self.pushInOrder(samples, fixes, to: &engine, until: cut, &events)
                var restored = try JSONDecoder().decode(MotionEngine.self, from: JSONEncoder().encode(engine))
                _ = try Self.pushInOrder(samples, fixes, to: &restored, from: position, &events)
                restored.finish { events.append($0) }
                #expect(events == expected)
                #expect(restored.odometer == whole.odometer)
            } catch {
                Issue.record("engine failed: \(error)")
            }
        }
    }

    @Test func randomWakeUpBatchesEqualAContinuousRun() async {
        await propertyCheck(count: 12, input: Gen.uint64()) { seed in
            var random = RandomRecording(seed: seed)
            let (samples, fixes, zone) = Self.recording(&random)
            do {
                var continuous = MotionEngine(timeZone: zone)
                var expected: [MotionEvent] = []
                try continuous.process(samples: samples, fixes: fixes) { expected.append($0) }
                continuous.finish { expected.append($0) }

                var boundaries = (0..<random.integer(in: 1...6)).map { _ in random.uniform(in: samples[0].time...samples.last!.time) }
                boundaries = boundaries.sorted() + [.infinity]
                var events: [MotionEvent] = []
                var snapshot = try JSONEncoder().encode(MotionEngine(timeZone: zone))
                var lower = -Double.infinity
                for upper in boundaries {
                    var engine = try JSONDecoder().decode(MotionEngine.self, from: snapshot)
                    try engine.process(samples: samples.filter { $0.time >= lower && $0.time < upper },
                                       fixes: fixes.filter { $0.time >= lower && $0.time < upper }) { events.append($0) }
                    snapshot = try JSONEncoder().encode(engine)
                    lower = upper
                }
                var last = try JSONDecoder().decode(MotionEngine.self, from: snapshot)
                last.finish { events.append($0) }
                #expect(events == expected)
                #expect(last.lateInputCount == 0)
            } catch {
                Issue.record("engine failed: \(error)")
            }
        }
    }

    @Test func deliveryWithinTheSkewEqualsInOrder() async {
        await propertyCheck(count: 12, input: Gen.uint64()) { seed in
            var random = RandomRecording(seed: seed)
            let (samples, fixes, zone) = Self.recording(&random)
            var configuration = MotionEngine.Configuration()
            configuration.maximumSkew = random.uniform(in: 0.2...10)
            do {
                var inOrder = MotionEngine(configuration: configuration, timeZone: zone)
                var expected: [MotionEvent] = []
                _ = try Self.pushInOrder(samples, fixes, to: &inOrder, &expected)
                inOrder.finish { expected.append($0) }

                // Each fix arrives when the samples have reached its time give or take 0.9 of the skew (early, late),
                // fixes in their own order: either stream may lag the other by less than the skew.
                var engine = MotionEngine(configuration: configuration, timeZone: zone)
                var events: [MotionEvent] = []
                let skew = configuration.maximumSkew
                let arrivals = fixes.map { $0.time + random.uniform(in: -0.9...0.9) * skew }
                var next = 0
                for sample in samples {
                    while next < fixes.count && arrivals[next] <= sample.time {
                        try engine.push(fixes[next]) { events.append($0) }
                        next += 1
                    }
                    try engine.push(sample) { events.append($0) }
                }
                for fix in fixes[next...] { try engine.push(fix) { events.append($0) } }
                engine.finish { events.append($0) }
                #expect(engine.lateInputCount == 0)
                #expect(events == expected)
            } catch {
                Issue.record("engine failed: \(error)")
            }
        }
    }

    @Test func externalActivityFeedsTheGateAndOdometerAsByHand() async {
        await propertyCheck(count: 12, input: Gen.uint64()) { seed in
            var random = RandomRecording(seed: seed)
            let (samples, fixes, zone) = Self.recording(&random)
            let updates = random.activityUpdates(count: random.integer(in: 1...20), from: samples[0].time - 10)
            var configuration = MotionEngine.Configuration()
            configuration.activitySource = .external
            do {
                var engine = MotionEngine(configuration: configuration, timeZone: zone)
                var events: [MotionEvent] = []
                // The reference: the gate fed the merged stream by hand (fixes, then updates, then samples at equal
                // times); the engine gets the same inputs stream by stream as they come.
                var merged: [(time: Double, rank: Int, input: RecordingGate.Input)] = []
                merged += fixes.map { ($0.time, 0, .fix($0)) }
                merged += updates.map { ($0.start, 1, .activity($0)) }
                merged += samples.map { ($0.time, 2, .time($0.time)) }
                merged = merged.enumerated().sorted { ($0.element.time, $0.element.rank, $0.offset) < ($1.element.time, $1.element.rank, $1.offset) }.map(\.element)
                var sampleIndex = 0
                for (_, rank, input) in merged {
                    switch input {
                    case .fix(let fix): try engine.push(fix) { events.append($0) }
                    case .activity(let update): try engine.push(update) { events.append($0) }
                    case .time:
                        try engine.push(samples[sampleIndex]) { events.append($0) }
                        sampleIndex += 1
                    }
                    _ = rank
                }
                engine.finish { events.append($0) }

                let gateEvents = try RecordingGate.replay(merged.map(\.input), configuration: configuration.gate)
                #expect(events.gateEvents == gateEvents)
                #expect(events.activityUpdates == updates)
                #expect(engine.odometer == Odometer.measuring(fixes, activities: updates, configuration: configuration.odometer,
                                                              timeZone: zone))
                // Steps: the detector's, each judged by a StepActivityGate after the updates that start at or before
                // its time (an automotive update holds back a short bout's steps and drops them; cycling drops
                // them), as the engine does once the activity at the step is final.
                var detector = StepDetector(), detected: [StepDetector.Event] = []
                for sample in samples { detector.push(sample) { detected.append($0) } }
                detector.finish { detected.append($0) }
                let steps = EngineTestData.judged(detected, by: updates).compactMap { event -> Double? in
                    if case .step(let time) = event { time } else { nil }
                }
                #expect(events.steps == steps)
            } catch {
                Issue.record("engine failed: \(error)")
            }
        }
    }
}

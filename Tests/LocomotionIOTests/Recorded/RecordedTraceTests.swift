import Foundation
import Locomotion
import LocomotionDSP
import Testing
@_spi(Harness) import LocomotionIO
import LocomotionDatasets
import LocomotionTestSupport

/// `RecordedTrace` is the engine over a recorded trace in the documented order: pushing the samples and fixes of
/// the files one by one, merged by time, gives the same events; fixes after the last sample count for distance only;
/// the fixes keep the file order and those out of order are counted and warned about, naming the file.
@Suite struct RecordedTraceTests {
    static let zone = TimeZone(identifier: "UTC")!

    /// 30 simulated minutes (walks, rides, a gap) written to a trace and a fixes file; the samples and fixes as
    /// written.
    static func recording() throws -> (trace: String, fixesPath: String, samples: [AccelerometerSample], fixes: [LocationFix]) {
        let trace = temporaryPath("recorded.csv"), fixesPath = temporaryPath("recorded-fixes.csv")
        var writer = try TraceWriter(path: trace, includesLabels: true)
        var samples: [AccelerometerSample] = [], fixes: [LocationFix] = []
        try TraceSimulator(configuration: .init(segments: DaySchedule.segments(duration: 1800), seed: 7)).run {
            (sample: AccelerometerSample, label: MotionActivity) throws(OutputError) in
            samples.append(sample)
            try writer.write(sample, label: label)
        } fix: { (fix: LocationFix) throws(OutputError) in fixes.append(fix) }
        try writer.finish()
        try FixCSVWriter.string(fixes).write(toFile: fixesPath, atomically: true, encoding: .utf8)
        return (trace, fixesPath, samples, fixes)
    }

    static func events(of trace: String, fixes: FixFile?) throws -> (events: [MotionEvent], engine: MotionEngine, run: RecordedTrace) {
        var engine = MotionEngine(timeZone: zone)
        var run = RecordedTrace(fixes: fixes)
        var source = try TraceInput(path: trace)
        var events: [MotionEvent] = []
        try run.run(&source, through: &engine) { events.append($0) }
        return (events, engine, run)
    }

    @Test func aRunIsTheEngineOverTheMergedInputs() throws {
        let (trace, fixesPath, samples, fixes) = try Self.recording()
        let file = try FixReader.readFile(path: fixesPath)
        #expect(file.fixes == fixes)
        #expect(fixes.last!.time <= samples.last!.time, "the simulator's fixes lie within its samples")
        let run = try Self.events(of: trace, fixes: file)

        var engine = MotionEngine(timeZone: Self.zone)
        var expected: [MotionEvent] = []
        try engine.process(samples: samples, fixes: fixes) { expected.append($0) }
        engine.finish { expected.append($0) }
        #expect(run.events == expected)
        #expect(run.run.sampleCount == samples.count && run.run.firstSampleTime == samples.first?.time
                && run.run.lastSampleTime == samples.last?.time)
        #expect(expected.contains { if case .distance = $0 { true } else { false } })
        #expect(expected.contains { if case .recording(let event) = $0 { event.changesMode } else { false } })
    }

    @Test func fixesAfterTheLastSampleCountForDistanceOnly() throws {
        let (trace, fixesPath, samples, _) = try Self.recording()
        let file = try FixReader.readFile(path: fixesPath)
        // The trace cut at two thirds; all the fixes.
        let cut = samples[2 * samples.count / 3].time
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.prefix { line in
            guard let time = line.split(separator: ",").first.flatMap({ Double($0) }) else { return true }
            return time <= cut
        }
        let shortTrace = temporaryPath("recorded-cut.csv")
        try (kept.joined(separator: "\n") + "\n").write(toFile: shortTrace, atomically: true, encoding: .utf8)
        let inside = FixFile(file: file.file, format: file.format, fixes: file.fixes.filter { $0.time <= cut })
        #expect(inside.fixes.count < file.fixes.count)

        let all = try Self.events(of: shortTrace, fixes: file)
        let within = try Self.events(of: shortTrace, fixes: inside)
        // The same events, then the distance of each fix after the last sample, and nothing else.
        #expect(Array(all.events.prefix(within.events.count)) == within.events)
        let after = all.events.dropFirst(within.events.count)
        #expect(after.count == file.fixes.count - inside.fixes.count)
        #expect(after.allSatisfy { if case .distance(let update) = $0 { update.time > cut } else { false } })
        // The odometer measured every fix, each with the activity in force at its time.
        let updates = all.events.compactMap { if case .activity(let update) = $0 { update } else { nil } }
        let measured = Odometer.measuring(file.fixes, activities: updates, configuration: MotionEngine.Configuration().odometer,
                                          timeZone: Self.zone)
        #expect(all.engine.odometer.history == measured.history)
    }

    @Test func theFeedKeepsFileOrderAndCountsFixesOutOfOrder() {
        func fix(_ time: Double, _ latitude: Double) -> LocationFix {
            LocationFix(time: time, latitude: latitude, longitude: 8.5, horizontalAccuracy: 5, speed: 1)
        }
        // 10, 11, a segment break, 12, 9 (out of order), an untimed point, 13, 13 (a duplicate), 8 (out of order), 14.
        let fixes = [fix(10, 47), fix(11, 47.0001), fix(12, 47.0002), fix(9, 47.01), fix(.nan, 47.0003),
                     fix(13, 47.0004), fix(13, 47.0005), fix(8, 47.02), fix(14, 47.0006)]
        let file = FixFile(file: "f.csv", format: .csv, fixes: fixes, segmentStarts: [2])
        for joins in [false, true] {
            var inputs = RecordedInputs(fixes: file.fixes, segmentStarts: file.segmentStarts, joinsSegments: joins)
            inputs.endSamples()
            var odometer = Odometer(timeZone: Self.zone)
            var outcomes: [FixOutcome] = []
            while let input = inputs.next() { odometer.push(input) { outcomes.append($0.outcome) } }
            // The odometer alone, fed by hand in file order.
            var expected = Odometer(timeZone: Self.zone)
            var expectedOutcomes: [FixOutcome] = []
            for (index, fix) in fixes.enumerated() {
                if index == 2 && !joins { expected.startNewSegment() }
                expected.push(fix) { expectedOutcomes.append($0.outcome) }
            }
            #expect(outcomes == expectedOutcomes)
            #expect(odometer.history == expected.history && odometer.undated == expected.undated)
            #expect(inputs.outOfOrderFixCount == 2 && inputs.hasHandedOutEveryFix)
            let first = inputs.firstOutOfOrderFix
            #expect(first?.index == 3 && first?.time == 9 && first?.previous == 12)
            #expect(file.outOfOrderWarning(count: inputs.outOfOrderFixCount, first: first)
                    == "f.csv: warning: 2 location fixes go back in time (the first, fix 4, at 9.0 s "
                    + "after one at 12.0 s); out-of-order fixes are no activity evidence and count as rejected_out_of_order "
                    + "(Docs/formats.md)")
        }
    }

    /// A source that forwards to a `TraceInput` under another type, so that `run` takes its generic overload.
    struct ForwardingSource: TraceSource {
        var input: TraceInput
        var file: String { input.file }
        var hasLabels: Bool { input.hasLabels }
        var warnings: [InputWarning] { input.warnings }
        var skippedRowCount: Int { input.skippedRowCount }
        mutating func next() throws(InputError) -> TraceRow? { try input.next() }
    }

    /// The classifier's run over a `TraceInput` (its own overload, compiled for that source) is the generic run over
    /// any source, with and without fixes; without fixes, both are the classifier over the samples.
    @Test func theClassifierRunOverATraceInputIsTheGenericRun() throws {
        let (trace, fixesPath, samples, _) = try Self.recording()
        let fixes = try FixReader.readFile(path: fixesPath)
        func updates(fixes: FixFile?, generic: Bool) throws -> (updates: [ActivityUpdate], rows: Int, run: RecordedTrace) {
            var classifier = ActivityClassifier(smoothing: .full)
            var run = RecordedTrace(fixes: fixes)
            var updates: [ActivityUpdate] = []
            var rows = 0
            if generic {
                var source = ForwardingSource(input: try TraceInput(path: trace))
                try run.run(&source, through: &classifier, row: { _ in rows += 1 }) { updates.append($0) }
            } else {
                var source = try TraceInput(path: trace)
                try run.run(&source, through: &classifier, row: { _ in rows += 1 }) { updates.append($0) }
            }
            return (updates, rows, run)
        }
        var classifier = ActivityClassifier(smoothing: .full)
        var direct: [ActivityUpdate] = []
        for sample in samples { classifier.push(sample) { direct.append($0) } }
        classifier.finish { direct.append($0) }
        #expect(direct.count > 2, "the simulated half hour changes activity")
        for file in [nil, fixes] {
            let concrete = try updates(fixes: file, generic: false), generic = try updates(fixes: file, generic: true)
            #expect(concrete.updates == generic.updates)
            #expect(concrete.rows == samples.count && generic.rows == samples.count)
            #expect(concrete.run.sampleCount == samples.count && concrete.run.lastSampleTime == samples.last?.time)
            if file == nil { #expect(concrete.updates == direct) }
        }
    }
}

import Foundation
@_spi(Tuning) import Locomotion
import LocomotionDSP
import LocomotionIO

/// The calls of the Python module, each what a command of the command line does for one trace, through the same
/// library code (``RecordedTrace``, ``ParticipantRecording``, ``TableRows``): `label`, `steps`, `epochs`, `daily`
/// and `read`. The trace is either four columns in memory or a file (`path=` option), read by the library's readers.
struct TraceCalls {
    /// The columns of a trace in memory; nil pointers when the call reads a file.
    var time, x, y, z: UnsafePointer<Double>?
    var count: Int

    /// Runs `command` with `options`, filling `result`.
    func run(_ command: String, options text: String, into result: CallResult) throws(CallFailure) {
        var options = try CallOptions(text)
        switch command {
        case "label": try label(&options, result)
        case "steps": try steps(&options, result)
        case "epochs": try table(.epochs, &options, result)
        case "daily": try table(.daily, &options, result)
        case "read": try read(&options, result)
        case "distance": try distance(&options, result)
        default: throw .argument("unknown command '\(command)'")
        }
    }

    /// The trace of a call: a file (`path=`, read by the library's readers) or the columns in memory, named for
    /// messages by `name=` (default "data frame").
    private enum Opened {
        case file(TraceInput)
        case memory(ArrayTraceSource)
    }

    private func open(_ options: inout CallOptions, reading: TraceReadingOptions) throws(CallFailure) -> Opened {
        if let path = options.string("path") {
            do { return .file(try TraceInput(path: path, options: reading)) } catch { throw .input(error) }
        }
        let name = options.string("name") ?? "data frame"
        guard let time, let x, let y, let z else { throw .argument("no trace: give path= or the four columns") }
        do {
            return .memory(try ArrayTraceSource(file: name, time: time, x: x, y: y, z: z, count: count, options: reading))
        } catch { throw .input(error) }
    }

    private func classifier(_ options: inout CallOptions) throws(CallFailure) -> (ActivityClassifier.Configuration, ActivityClassifier.Smoothing) {
        var configuration = ActivityClassifier.Configuration()
        if let path = options.string("config") {
            do { configuration = try ConfigurationFile.read(path: path, over: configuration) } catch { throw CallFailure(error) }
        }
        if let model = options.string("model") {
            guard let value = ActivityClassifier.Model(rawValue: model) else { throw .argument("model=\(model): expected temporal or rules") }
            configuration.model = value
        }
        let smoothing: ActivityClassifier.Smoothing
        switch options.string("smoothing") ?? "full" {
        case "full": smoothing = .full
        case "lagged": smoothing = .lagged
        case let other: throw .argument("smoothing=\(other): expected full or lagged")
        }
        return (configuration, smoothing)
    }

    /// `locomotion label`: the table `activity` (CSV; JSON Lines with the rule and reason when `explain=true`).
    private func label(_ options: inout CallOptions, _ result: CallResult) throws(CallFailure) {
        let reading = try options.reading()
        let (configuration, smoothing) = try classifier(&options)
        let format: OutputFormat = try options.bool("explain", default: false) ? .json : .csv
        let fixes: FixFile?
        if let path = options.string("fixes") {
            do { fixes = try FixReader.readFile(path: path, options: FixReadingOptions(lenient: reading.lenient)) } catch { throw CallFailure(error) }
        } else {
            fixes = nil
        }
        let opened = try open(&options, reading: reading)
        try options.finish()
        switch opened {
        case .file(var source): try label(&source, configuration, smoothing, format, fixes, result)
        case .memory(var source): try label(&source, configuration, smoothing, format, fixes, result)
        }
    }

    /// As `locomotion label` (ActivityTraceRun): with `fixes`, their speeds join the evidence, and fixes that share no
    /// time with the trace are refused (``FixOverlap``).
    private func label(_ source: inout some TraceSource, _ configuration: ActivityClassifier.Configuration,
                       _ smoothing: ActivityClassifier.Smoothing, _ format: OutputFormat, _ fixes: FixFile?,
                       _ result: CallResult) throws(CallFailure) {
        var text = ResultTable.activity.header(format)
        var classifier = ActivityClassifier(configuration: configuration, smoothing: smoothing)
        var segmenter = ActivitySegmenter()
        var open = ActivityExplanation(rule: .warmUp)
        var run = RecordedTrace(fixes: fixes)
        var rowCount = 0
        do {
            try run.run(&source, through: &classifier, row: { _ in rowCount += 1 }, emit: { update in
                let closing = open
                segmenter.push(update) { text += TableRows.activity($0, closing, format: format) }
                open = update.explanation
            })
        } catch { throw CallFailure(error) }
        try Self.requireTwoSamples(rowCount, file: source.file)
        var warnings = ""
        if let fixes {
            warnings += fixes.warnings.map { $0.description + "\n" }.joined()
            if let warning = run.fixesOutOfOrderWarning { warnings += warning + "\n" }
            if let start = run.firstSampleTime, let end = run.lastSampleTime {
                do {
                    if let warning = try FixOverlap.check(traceStart: start, traceEnd: end, fixTimes: fixes.fixes.map(\.time),
                                                          trace: source.file, fixes: fixes.file) {
                        warnings += warning
                    }
                } catch { throw .input(error) }
            }
        }
        if let end = classifier.lastSampleTime {
            segmenter.finish(at: end) { text += TableRows.activity($0, open, format: format) }
        }
        result.setText("table:activity", text)
        result.setText("format:activity", format == .csv ? "csv" : "json")
        Self.warn(source, into: result)
        if !warnings.isEmpty { result.setText("warnings", (result.text("warnings") ?? "") + warnings) }
    }

    /// `locomotion steps`: the summary table `steps`, the step times and the bouts (start, end, steps).
    private func steps(_ options: inout CallOptions, _ result: CallResult) throws(CallFailure) {
        let reading = try options.reading()
        let gated = try options.bool("activity_gate", default: true)
        let opened = try open(&options, reading: reading)
        try options.finish()
        switch opened {
        case .file(var source): try steps(&source, gated: gated, result)
        case .memory(var source): try steps(&source, gated: gated, result)
        }
    }

    private func steps(_ source: inout some TraceSource, gated: Bool, _ result: CallResult) throws(CallFailure) {
        var engineConfiguration = MotionEngine.Configuration()
        if !gated { engineConfiguration.activitySource = .external }
        // No fixes, so no days: the zone is never used (as `locomotion steps`).
        var engine = MotionEngine(configuration: engineConfiguration, timeZone: TimeZone(identifier: "UTC")!)
        var run = RecordedTrace()
        var steps: [Double] = []
        var bouts: [WalkingBout] = []
        var rowCount = 0
        do {
            try run.run(&source, through: &engine, row: { _ in rowCount += 1 }, emit: { event in
                switch event {
                case .step(let time): steps.append(time)
                case .boutEnded(let bout): bouts.append(bout)
                default: break
                }
            })
        } catch { throw CallFailure(error) }
        let name = source.file
        try Self.requireTwoSamples(rowCount, file: name)
        let detector = engine.stepDetector, configuration = engineConfiguration.steps
        if detector.intervalCount == 0 {
            throw .refused("\(name): \(StepDetectionError.tooFewSamples(count: rowCount))")
        }
        if detector.isRecordingTooSparse {
            let share = Int((100 * Double(detector.sparseIntervalCount) / Double(detector.intervalCount)).rounded())
            throw .refused("\(name): sampled too sparsely to count steps: \(share) % of the \(detector.intervalCount) "
                + "sampling intervals are longer than \(NumberText.decimals(1 / configuration.minimumSamplingRate, 3)) s, "
                + "so the median rate is below \(NumberText.decimals(configuration.minimumSamplingRate, 3)) Hz, where "
                + "steps cannot be told apart; none are counted")
        }
        let detection = StepDetection(steps: steps, bouts: bouts, refusedDuration: detector.refusedDuration)
        result.setText("table:steps", ResultTable.steps.header(.csv) + TableRows.steps(detection, format: .csv))
        result.numbers["step_times"] = steps
        result.numbers["bout_start"] = bouts.map(\.start)
        result.numbers["bout_end"] = bouts.map(\.end)
        result.numbers["bout_steps"] = bouts.map { Double($0.stepCount) }
        Self.warn(source, into: result)
    }

    /// `locomotion epochs` / `daily` for one participant's recording (one trace).
    private func table(_ table: TableRows.Table, _ options: inout CallOptions, _ result: CallResult) throws(CallFailure) {
        let reading = try options.reading()
        let (configuration, smoothing) = try classifier(&options)
        let path = options.string("path")
        let name = path ?? options.string("name") ?? "data frame"
        let participant = options.string("participant") ?? (path.map(ResultWriter.baseName(of:)) ?? name)
        let zones = try Self.zones(&options, participant: participant)
        let dayStartText = options.string("day_start") ?? "00:00"
        guard let dayStart = Self.secondsAfterMidnight(dayStartText) else {
            throw .argument("day_start '\(dayStartText)' is not a time HH:MM between 00:00 and 23:59")
        }
        let epochLength = try options.int("epoch", default: 60)
        let epoch = RecordingTables.Configuration(length: epochLength, zones: zones, dayStart: dayStart,
                                                  maximumGap: configuration.maximumGap)
        if let problem = epoch.problem { throw .argument("epoch=\(epochLength) day_start=\(dayStartText): \(problem)") }
        let policyName = options.string("policy") ?? RecordingGate.Policy.onFoot.name
        guard let policy = RecordingGate.Policy.named(policyName) else {
            throw .argument("policy=\(policyName): expected \(RecordingGate.Policy.builtIn.map(\.name).joined(separator: ", "))")
        }
        let minimumHours = try options.double("minimum_hours", default: RecordingTables.defaultMinimumCoveredHours)
        let fixes = options.string("fixes")
        try options.finish()
        var recording = ParticipantRecording(reading: reading, classifier: configuration, smoothing: smoothing,
                                             policy: policy, epoch: epoch, minimumCoveredHours: minimumHours,
                                             fixes: fixes.map { .file($0) } ?? .none)
        var warnings = ""
        do {
            let sinks = try TableSinks(tables: [table], main: table, format: .csv, zones: zones, files: [:])
            try sinks.writeHeaders()
            recording.tables = sinks.tables
            let emit = sinks.output(participant: participant)
            let notice: (ParticipantRecording.Notice) -> Void = { warnings += Self.text(of: $0) }
            let late: Int
            // The recording opens the one trace; what `units="auto"` decided for it goes back with the result.
            var decided: AccelerationUnitDecision?
            if path != nil {
                late = try recording.run([name], opening: { file throws(InputError) in
                    let source = try TraceInput(path: file, options: reading)
                    decided = source.accelerationUnitDecision
                    return source
                }, notice: notice, emit: emit)
            } else {
                guard let time, let x, let y, let z else { throw CallFailure.argument("no trace: give path= or the four columns") }
                let count = count
                late = try recording.run([name], opening: { file throws(InputError) in
                    let source = try ArrayTraceSource(file: file, time: time, x: x, y: y, z: z, count: count, options: reading)
                    decided = source.accelerationUnitDecision
                    return source
                }, notice: notice, emit: emit)
            }
            if let decided { Self.setUnits(decided, into: result) }
            if late > 0 { throw CallFailure.refused("internal error: \(late) events of the engine came after their epoch was written") }
            var text = ""
            try sinks.finish()?.forEachPiece { text += $0 }
            result.setText("table:\(table.rawValue)", text)
        } catch {
            throw CallFailure(error)
        }
        if !warnings.isEmpty { result.setText("warnings", warnings) }
    }

    /// `locomotion distance FIXES` (the odometer alone, default filters): the table `distance` (`details=true`: with
    /// the columns of `--details`).
    private func distance(_ options: inout CallOptions, _ result: CallResult) throws(CallFailure) {
        let lenient = try options.bool("lenient", default: false)
        let details = try options.bool("details", default: false)
        guard let path = options.string("path") else { throw .argument("distance needs the fixes (path=)") }
        let zones = try Self.zones(&options, participant: options.string("participant") ?? ResultWriter.baseName(of: path))
        let dayStartText = options.string("day_start") ?? "00:00"
        guard let dayStart = Self.secondsAfterMidnight(dayStartText) else {
            throw .argument("day_start '\(dayStartText)' is not a time HH:MM between 00:00 and 23:59")
        }
        try options.finish()
        let file: FixFile
        do { file = try FixReader.readFile(path: path, options: FixReadingOptions(lenient: lenient)) } catch { throw CallFailure(error) }
        var configuration = Odometer.Configuration()
        configuration.dayStart = dayStart
        var odometer = Odometer(configuration: configuration, timeZone: zones.initial)
        odometer.follow(zones)
        var inputs = RecordedInputs(fixes: file.fixes, segmentStarts: file.segmentStarts)
        inputs.endSamples()
        while let input = inputs.next() { odometer.push(input) { _ in } }
        let table: ResultTable = details ? .distanceDetails : .distance
        var text = table.header(.csv)
        for tally in odometer.history + (odometer.undated.map { [$0] } ?? []) {
            text += TableRows.distance(tally, format: .csv, details: details)
        }
        result.setText("table:\(table.rawValue)", text)
        var warnings = file.warnings.map { $0.description + "\n" }.joined()
        if let warning = file.outOfOrderWarning(count: inputs.outOfOrderFixCount, first: inputs.firstOutOfOrderFix) {
            warnings += warning + "\n"
        }
        if !warnings.isEmpty { result.setText("warnings", warnings) }
    }

    /// The zones of a call's days:
    /// - `time_zones=FILE`: the map `--time-zones` reads (``TimeZoneMap``), `participant`'s schedule in it; a
    ///   participant absent from it gets `time_zone=` when given, else it is an error naming the map;
    /// - `zone_changes=TIME,ZONE;TIME,ZONE…`: Python's list of (time, zone) pairs, times in s since 1970 strictly
    ///   increasing, the first zone in force before its time too (as the map's first row);
    /// - else `time_zone=` alone (``zone(_:)``).
    static func zones(_ options: inout CallOptions, participant: String) throws(CallFailure) -> ZoneSchedule {
        let path = options.string("time_zones"), changes = options.string("zone_changes")
        if let path {
            guard changes == nil else { throw .argument("give time_zones as a file or as a list, not both") }
            let fallback = try options.string("time_zone").map { (name: String) throws(CallFailure) -> TimeZone in
                guard let zone = TimeZoneName.zone(name) else { throw .argument(TimeZoneName.problem(name)) }
                return zone
            }
            do {
                return try TimeZoneMap(contentsOf: path).schedule(of: participant, fallback: fallback)
            } catch { throw .input(error) }
        }
        guard let changes else { return ZoneSchedule(try zone(&options)) }
        if options.string("time_zone") != nil { throw .argument("give time_zone or a list of time_zones, not both") }
        var entries: [ZoneSchedule.Change] = []
        for (index, pair) in changes.split(separator: ";", omittingEmptySubsequences: false).enumerated() {
            let fields = pair.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 2, let time = Double(fields[0]), time.isFinite else {
                throw .argument("time_zones[\(index)]: expected (time, zone), time in seconds since 1970")
            }
            guard let zone = TimeZoneName.zone(fields[1]) else {
                throw .argument("time_zones[\(index)]: \(TimeZoneName.problem(fields[1]))")
            }
            if let last = entries.last, time <= last.time {
                throw .argument("time_zones[\(index)]: \(NumberText.decimals(time, 3)) s is not after time_zones[\(index - 1)]'s "
                    + "\(NumberText.decimals(last.time, 3)) s: give the zones in time order, one per time")
            }
            entries.append(ZoneSchedule.Change(time: time, zone: zone))
        }
        guard let first = entries.first, let schedule = ZoneSchedule(initial: first.zone, changes: Array(entries.dropFirst())) else {
            throw .argument("time_zones: expected at least one (time, zone) pair")
        }
        return schedule
    }

    /// `time_zone=`: an IANA name or `UTC±HH:MM` as `--time-zone` takes it; this system's zone by default.
    static func zone(_ options: inout CallOptions) throws(CallFailure) -> TimeZone {
        guard let name = options.string("time_zone") else { return TimeZone.current }
        guard let zone = TimeZoneName.zone(name) else { throw .argument(TimeZoneName.problem(name)) }
        return zone
    }

    /// `read`: a trace file as columns (`timestamp`, `x`, `y`, `z` in g, and `label` as text, one a line).
    private func read(_ options: inout CallOptions, _ result: CallResult) throws(CallFailure) {
        let reading = try options.reading()
        guard let path = options.string("path") else { throw .argument("read needs path=") }
        try options.finish()
        var time: [Double] = [], x: [Double] = [], y: [Double] = [], z: [Double] = []
        var labels = ""
        var input: TraceInput
        do {
            input = try TraceInput(path: path, options: reading)
            while let row = try input.next() {
                time.append(row.sample.time)
                x.append(row.sample.acceleration.x)
                y.append(row.sample.acceleration.y)
                z.append(row.sample.acceleration.z)
                if input.hasLabels { labels += (row.label?.rawValue ?? "") + "\n" }
            }
        } catch { throw .input(error) }
        result.numbers["timestamp"] = time
        result.numbers["x"] = x
        result.numbers["y"] = y
        result.numbers["z"] = z
        if input.hasLabels { result.setText("labels", labels) }
        Self.warn(input, into: result)
    }

    private static func requireTwoSamples(_ count: Int, file: String) throws(CallFailure) {
        if count < 2 {
            // The command line's words (TraceSpan.requireTwoSamples).
            throw .input(InputError(file: file, problem: "the trace spans no time: it has \(count) sample\(count == 1 ? "" : "s")",
                                    hint: "every command needs at least two samples with increasing times"))
        }
    }

    /// `HH:MM` → seconds after midnight, as `--day-start` reads it.
    private static func secondsAfterMidnight(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
              (0..<24).contains(hours), (0..<60).contains(minutes) else { return nil }
        return hours * 3600 + minutes * 60
    }

    private static func warn(_ source: some TraceSource, into result: CallResult) {
        var text = ""
        if let reporting = source as? any AccelerationUnitReporting, let decision = reporting.accelerationUnitDecision {
            setUnits(decision, into: result)
            text += reporting.unitDecisionLine ?? ""
        }
        if source.skippedRowCount > 0 {
            text += source.warnings.map { $0.description + "\n" }.joined() + "\(source.skippedRowCount) rows skipped\n"
        }
        if !text.isEmpty { result.setText("warnings", text) }
    }

    /// `units`: what `units="auto"` decided (`g` or `ms2`), for the Python module to hand back with the result.
    private static func setUnits(_ decision: AccelerationUnitDecision, into result: CallResult) {
        result.setText("units", decision.unit == .g ? "g" : "ms2")
        result.setText("units_median", "\(decision.medianMagnitude)")
    }

    private static func text(of notice: ParticipantRecording.Notice) -> String {
        switch notice {
        case .traceRead(_, let warnings, let skipped):
            skipped == 0 ? "" : warnings.map { $0.description + "\n" }.joined() + "\(skipped) rows skipped\n"
        case .fixesRead(let fixes): fixes.warnings.map { $0.description + "\n" }.joined()
        case .fixesOutOfOrder(let warning): warning + "\n"
        case .fixesOutsideTrace(let warning): warning
        case .duplicateBoundarySample(let note): note
        case .stepsRefused(let warning): warning
        case .accelerationUnits(let line): line
        }
    }
}

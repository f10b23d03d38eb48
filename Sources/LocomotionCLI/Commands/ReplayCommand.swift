import ArgumentParser
import Foundation
@_spi(Tuning) import Locomotion
import LocomotionDSP
import LocomotionIO
import LocomotionEvaluation

/// `locomotion replay`: runs a recorded trace through the activity stream and
/// the gate exactly as a collector would have, and writes the mode segments.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay traces through classifier and recording gate; write the recording-mode segments.",
        discussion: """
            Writes CSV `start,end,mode,reason` (mode = high-accuracy or low-power; reason = the rule that \
            started the segment, e.g. dwell:walking, stop-timeout:stationary, gap) on stdout, and a summary \
            (time and share in each mode, switches, share of samples recorded; with a label column also \
            onset delays, share of moving time recorded and per-hour completeness) on stderr, or as JSON \
            with --summary FILE. Rules and definitions: Docs/gating.md.

            Several traces (without --fixes): each text summary on stderr is headed `# PATH`; --summary FILE and \
            --events FILE get one JSON line per trace (summary) or per event, each with a leading "file" key.

            \(InputOptions.manyInputsHelp(files: "DIR/NAME.replay.csv (NAME.replay.jsonl with --format json)"))

            Examples:
              locomotion replay day.csv --fixes day-fixes.csv
              locomotion replay day.csv --policy any-movement --summary s.json > modes.csv
              # the gate alone, fed the label column:
              locomotion replay walk.csv --activity-from-labels --label-confidence high
              # many traces: modes in one table, one summary line per trace:
              locomotion replay converted/us-tm2017 --summary all.jsonl > modes.csv
              # what a collector applying the profiles gets (low power: accelerometer off):
              locomotion replay day.csv --closed-loop --low-power-accelerometer-rate 0
            """
    )

    @Argument(help: ArgumentHelp(
        "Accelerometer traces (CSV timestamp,x,y,z[,label], or JSON Lines): files, folders, patterns, or '-' alone for standard input.",
        valueName: "trace"))
    var traces: [String]

    @Option(help: "Location fixes of a single trace (CSV timestamp,latitude,longitude[,horizontal_accuracy][,speed], GPX or NMEA).")
    var fixes: String?

    @Option(help: "Which activities are recorded: on-foot, on-foot-and-cycling or any-movement.")
    var policy: RecordingGate.Policy = .onFoot

    @Option(help: "Write the summary as JSON to this file instead of text on stderr.")
    var summary: String?

    @Flag(help: "Use the trace's label column as the activity stream instead of the classifier (gate alone).")
    var activityFromLabels = false

    @Option(help: "Confidence given to label-derived activity updates (low, medium, high); high skips the entry dwell.")
    var labelConfidence: ActivityConfidence = .medium

    @Option(parsing: .unconditional, help: "Seconds a recorded activity must last before recording starts (the entry dwell).")
    var entryDwell: Double = RecordingGate.Configuration().entryDwell

    @Option(help: "Confidence at which a recorded activity starts recording at once: low, medium, high or none.")
    var immediateEntryConfidence: ImmediateEntry = .high

    @Option(parsing: .unconditional, help: "Seconds of stillness or unknown activity before recording stops.")
    var stopTimeout: Double = RecordingGate.Configuration().stopTimeout

    @Option(parsing: .unconditional, help: "Seconds of an unrecorded moving activity (e.g. a vehicle under on-foot) before recording stops.")
    var switchTimeout: Double = RecordingGate.Configuration().switchTimeout

    @Option(help: "Also write every gate event (state change with its full reason) as JSON Lines to this file.")
    var events: String?

    @Option(parsing: .unconditional, help: "Seconds at the start of each moving bout not counted in the after-onset share.")
    var onsetAllowance: Double = 30

    @Flag(help: "Closed loop: the engine gets only what a collector applying its profiles would (the accelerometer thinned to the low-power rate, or off; fixes through the distance filter). Docs/gating.md.")
    var closedLoop = false

    @Option(parsing: .unconditional, help: "Accelerometer rate of the low-power profile, in Hz (0: off).")
    var lowPowerAccelerometerRate: Double = RecordingProfile.lowPower.accelerometerRate

    @OptionGroup var options: TracesOptions
    @OptionGroup var classifierOptions: ClassifierOptions

    /// The gate's constants from the options, each checked against its parameter's range.
    func gatingConfiguration() throws -> RecordingGate.Configuration {
        var lowPower = RecordingProfile.lowPower
        lowPower.accelerometerRate = lowPowerAccelerometerRate
        let configuration = RecordingGate.Configuration(
            policy: policy, lowPowerProfile: lowPower, entryDwell: entryDwell,
            immediateEntryConfidence: immediateEntryConfidence.confidence, stopTimeout: stopTimeout,
            switchTimeout: switchTimeout)
        try ParameterOptions.check(configuration, options: [
            "entryDwell": "--entry-dwell", "stopTimeout": "--stop-timeout", "switchTimeout": "--switch-timeout",
            "lowPowerProfile.accelerometerRate": "--low-power-accelerometer-rate",
        ])
        return configuration
    }

    func validate() throws {
        try ParameterOptions.validating {
            _ = try gatingConfiguration()
            try ParameterOptions.check(onsetAllowance, option: "--onset-allowance", in: 0...86_400, unit: "s")
        }
    }

    func run() async throws {
        try InputPaths.standardInputOnce(traces: traces, [("--fixes", fixes)])
        let inputs = try InputPaths.expandInputs(traces)
        if fixes != nil && inputs.count > 1 {
            throw CommandFailure.badUsage("--fixes belongs to one trace; replay the traces one by one to give each its fixes")
        }
        let format = options.output.format, single = inputs.count == 1
        var plan = OutputPlan(reading: inputs + [fixes])
        let writer = try plan.resultWriter(
            inputs: inputs, output: options.output.output, outputDirectory: options.inputs.outputDirectory,
            suffix: format == .csv ? ".replay.csv" : ".replay.jsonl", shape: format == .csv ? .csvTable : .jsonLines)
        // --events and --summary collect every input, in input order (several: one JSON line each, with a "file" key).
        let eventsFile = try events.map {
            try plan.resultWriter(inputs: inputs, output: $0, outputDirectory: nil, suffix: "", shape: .jsonLines,
                                  option: "--events")
        }
        let summaryFile = try summary.map {
            try plan.resultWriter(inputs: inputs, output: $0, outputDirectory: nil, suffix: "", shape: .jsonLines,
                                  option: "--summary")
        }
        let command = self
        let todo = try options.inputs.pending(options.inputs.selected(inputs), writers: [writer])
        try await InputBatch(inputs: todo, jobs: options.inputs.jobs).run(
            progress: ProgressLine(quiet: options.inputs.quiet)
        ) { path, diagnostics, progress in
            try command.replay(trace: path, single: single, diagnostics: &diagnostics, progress: progress)
        } deliver: { _, path, replayed in
            if let events = replayed.events { try eventsFile?.write(events, for: path) }
            try writer.write(replayed.segments, for: path)
            if let summary = replayed.summary { try summaryFile?.write(summary, for: path) }
        } finish: {
            try eventsFile?.finish()
            try writer.finish()
            try summaryFile?.finish()
        }
    }

    /// What replaying one trace gives: the mode segments as written to the output, and the --summary JSON and
    /// --events JSON Lines when asked for.
    struct Replayed: Sendable {
        var segments: String
        var summary: String?
        var events: String?
    }

    /// Replays one trace; the text summary (without --summary) goes to `diagnostics`, headed by the trace's path
    /// when it is one of several (`single` false), and --summary JSON is then one line instead of pretty-printed.
    func replay(trace: String, single: Bool, diagnostics: inout String, progress: ReadProgress = .none) throws -> Replayed {
        // The trace is streamed (constant memory, like `label`) through a MotionEngine: its classifier (lagged, as
        // the phone decides) or, with --activity-from-labels, the label column as the activity.
        var source = try TraceInput(path: trace, options: options.trace.readingOptions)
        diagnostics += source.unitDecisionLine ?? ""
        if activityFromLabels && !source.hasLabels {
            throw InputError(file: trace, line: 1, problem: "--activity-from-labels needs a `label` column, and the header has none",
                             hint: "drop --activity-from-labels to use the classifier")
        }
        let fixFile = try fixes.map { try TraceAnalysis.readFixes(path: $0, lenient: options.trace.lenient) }
        let classifierConfiguration = try classifierOptions.load()
        let configuration = try gatingConfiguration()

        var engineConfiguration = MotionEngine.Configuration()
        engineConfiguration.activitySource = activityFromLabels ? .external : .classifier(classifierConfiguration)
        engineConfiguration.gate = configuration
        engineConfiguration.countsSteps = false  // a replay reports no steps
        // No day is reported: the zone is never used.
        var engine = MotionEngine(configuration: engineConfiguration, timeZone: TimeZone(identifier: "UTC")!)
        var run = RecordedTrace(fixes: fixFile?.file, activityFromLabels: activityFromLabels ? labelConfidence : nil)
        // --closed-loop: the engine gets the rows and fixes a collector applying its profiles would have received
        // (GateReplay is the same collector over buffers).
        var collector = ReplayCollector(truthHold: source.hasLabels ? configuration.gapLimit : nil,
                                        closedLoop: closedLoop ? configuration : nil)
        var rowCount = 0
        do {
            while let row = try source.next() {
                collector.read(sampleAt: row.sample.time, label: row.label)
                try run.push(row, of: trace) { (input: MotionInput) throws(MotionEngineError) in
                    try collector.deliver(input, to: &engine)
                }
                rowCount += 1
                progress.row(rowCount)
            }
            try run.finish(&engine) { collector.observe($0) }
        } catch {
            diagnostics += LenientReport.text(source.warnings, skipped: source.skippedRowCount, in: trace)
            throw error
        }
        diagnostics += LenientReport.text(source.warnings, skipped: source.skippedRowCount, in: trace)
        try TraceSpan.requireTwoSamples(rowCount, file: trace)
        if let fixes, let fixFile, let first = run.firstSampleTime, let last = run.lastSampleTime {
            diagnostics += fixFile.warnings
            if let warning = run.fixesOutOfOrderWarning { diagnostics += "locomotion: \(warning)\n" }
            try TraceSpan.checkOverlap(traceStart: first, traceEnd: last, fixTimes: fixFile.file.fixes.map(\.time),
                                       trace: trace, fixes: fixes, diagnostics: &diagnostics)
        }
        collector.finish(at: run.lastSampleTime ?? 0)
        let replay = collector.recorder

        var eventLines: String?
        if events != nil {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            var lines = ""
            for event in replay.events {
                lines += String(decoding: try encoder.encode(event), as: UTF8.self) + "\n"
            }
            eventLines = lines
        }

        var text = ResultTable.modes.header(options.output.format)
        for segment in replay.segments { text += TableRows.mode(segment, format: options.output.format) }

        let result = collector.summary(configuration: configuration, onsetAllowance: onsetAllowance)
        var summaryJSON: String?
        if summary != nil {
            let encoder = JSONEncoder()
            encoder.outputFormatting = single ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
            summaryJSON = String(decoding: try encoder.encode(result), as: UTF8.self) + "\n"
        } else {
            diagnostics += (single ? "" : "# \(trace)\n") + ReplaySummaryText.render(result)
        }
        return Replayed(segments: text, summary: summaryJSON, events: eventLines)
    }
}

/// `--immediate-entry-confidence`: a confidence, or none to always wait for the dwell.
enum ImmediateEntry: String, ExpressibleByArgument, CaseIterable {
    case low, medium, high, none

    var confidence: ActivityConfidence? {
        switch self {
        case .low: .low
        case .medium: .medium
        case .high: .high
        case .none: nil
        }
    }
}

extension ActivityConfidence: ExpressibleByArgument {}

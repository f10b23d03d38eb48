import Foundation
import ArgumentParser
@_spi(Tuning) import Locomotion
import LocomotionDSP
import LocomotionIO

struct StepsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steps",
        abstract: "Count steps in traces and report cadence.",
        discussion: """
            Prints a summary: steps=N, cadence_spm (mean steps per minute while walking), bouts, \
            walking_s (time in bouts). With --events, writes one row per step (CSV `timestamp`, \
            or JSON Lines {"timestamp":…}) and prints the summary on stderr instead.
            By default the activity classifier runs alongside: while it says automotive, a bout's steps count only \
            once the bout reaches 10 steps (parameter strongBoutSteps; --no-activity-gate counts them all). \
            A trace sampled below the detector's minimum rate (8 Hz by default, median interval) \
            is refused with exit status 1. The algorithm and its parameters: Docs/steps.md.

            Several inputs in one output: the summary becomes a CSV table \
            file,steps,cadence_spm,bouts,walking_s with one row per input (JSON: an object per input with a \
            "file" key); with --events, rows file,timestamp, and each input's summary on one line of stderr.

            \(InputOptions.manyInputsHelp(files: "DIR/NAME.steps.txt (NAME.steps.json with --format json;\n    NAME.step-times.csv or NAME.step-times.jsonl with --events)"))

            Examples:
              locomotion steps day.csv
              locomotion steps day.csv --events --format json > steps.jsonl
              locomotion steps day.csv --parameter periodicityThreshold=0.6
              # one row per recording:
              locomotion steps converted/oxford-step-counter --jobs 2
            """
    )

    @Argument(help: ArgumentHelp(
        "Accelerometer traces (CSV timestamp,x,y,z[,label], or JSON Lines): files, folders, patterns, or '-' alone for standard input.",
        valueName: "trace"))
    var traces: [String]

    @Flag(help: "Write one row per step (timestamp) instead of the summary; the summary goes to stderr.")
    var events = false

    @Option(
        name: .customLong("parameter"),
        help: ArgumentHelp(
            "Override a detector parameter, NAME=VALUE (repeatable), e.g. periodicityThreshold=0.6.",
            valueName: "NAME=VALUE"))
    var parameters: [String] = []

    @Flag(help: "Count steps whatever the activity (by default a bout's steps count in a vehicle only once it is long).")
    var noActivityGate = false

    @OptionGroup var options: TracesOptions

    func run() async throws {
        let configuration = try detectorConfiguration()
        let inputs = try InputPaths.expandInputs(traces)
        let format = options.output.format, readingOptions = options.trace.readingOptions, events = events
        let gated = !noActivityGate
        let single = inputs.count == 1 || options.inputs.outputDirectory != nil
        let suffix = events ? (format == .csv ? ".step-times.csv" : ".step-times.jsonl")
            : (format == .csv ? ".steps.txt" : ".steps.json")
        var plan = OutputPlan(reading: inputs)
        let writer = try plan.resultWriter(
            inputs: inputs, output: options.output.output, outputDirectory: options.inputs.outputDirectory,
            suffix: suffix, shape: format == .csv ? .csvTable : .jsonLines)
        let todo = try options.inputs.pending(options.inputs.selected(inputs), writers: [writer])
        try await InputBatch(inputs: todo, jobs: options.inputs.jobs).run(
            progress: ProgressLine(quiet: options.inputs.quiet)
        ) { path, diagnostics, progress in
            let result = try Self.detectSteps(path: path, options: readingOptions, configuration: configuration,
                                              gated: gated, diagnostics: &diagnostics, progress: progress)
            guard events else {
                // Several inputs into one output: a table row per input (the key=value summary cannot take a file column).
                if format == .csv && single { return TableRows.stepsText(result) }
                return ResultTable.steps.header(format) + TableRows.steps(result, format: format)
            }
            let summary = TableRows.stepsText(result)
            diagnostics += single ? summary
                : path + ": " + summary.split(separator: "\n").joined(separator: " ") + "\n"
            var text = ResultTable.stepTimes.header(format)
            for time in result.steps { text += TableRows.stepTime(time, format: format) }
            return text
        } deliver: { _, path, text in
            try writer.write(text, for: path)
        } finish: {
            try writer.finish()
        }
    }

    /// Reads one trace and detects its steps, as `steps` does for each input: a ``MotionEngine`` over the trace
    /// (``RecordedTrace``), whose step events are the count. With `gated`, its classifier runs alongside and its
    /// ``StepActivityGate`` holds the steps of bouts in a vehicle until they are long; without, the engine is given
    /// no activity (an external source that says nothing), so every step counts.
    ///
    /// - Throws: ``InputError`` for bad input; ``CommandFailure`` (bad input) for a trace with too few samples or
    ///   sampled below the detector's minimum rate.
    static func detectSteps(path: String, options: TraceReadingOptions, configuration: StepDetector.Configuration,
                            gated: Bool = true, diagnostics: inout String, progress: ReadProgress) throws -> StepDetection {
        var engineConfiguration = MotionEngine.Configuration()
        engineConfiguration.steps = configuration
        if !gated { engineConfiguration.activitySource = .external }
        // No fixes, so no days: the zone is never used.
        var engine = MotionEngine(configuration: engineConfiguration, timeZone: TimeZone(identifier: "UTC")!)
        var source = try TraceInput(path: path, options: options)
        diagnostics += source.unitDecisionLine ?? ""
        var run = RecordedTrace()
        var steps: [Double] = []
        var bouts: [WalkingBout] = []
        var rowCount = 0
        try run.run(&source, through: &engine, row: { _ in
            rowCount += 1
            progress.row(rowCount)
        }, emit: { event in
            switch event {
            case .step(let time): steps.append(time)
            case .boutEnded(let bout): bouts.append(bout)
            default: break
            }
        })
        diagnostics += LenientReport.text(source.warnings, skipped: source.skippedRowCount, in: path)
        try TraceSpan.requireTwoSamples(rowCount, file: path)
        let detector = engine.stepDetector
        if detector.intervalCount == 0 {
            throw CommandFailure.badInput(
                "\(path): \(StepDetectionError.tooFewSamples(count: rowCount))")
        }
        if detector.isRecordingTooSparse {
            let share = Int((100 * Double(detector.sparseIntervalCount) / Double(detector.intervalCount)).rounded())
            let limit = 1 / configuration.minimumSamplingRate
            throw CommandFailure.badInput(
                "\(path): sampled too sparsely to count steps: \(share) % of the \(detector.intervalCount) sampling "
                    + "intervals are longer than \(NumberText.decimals(limit, 3)) s, so the median rate is below "
                    + "\(NumberText.decimals(configuration.minimumSamplingRate, 3)) Hz, where steps cannot be told apart; none are counted")
        }
        return StepDetection(steps: steps, bouts: bouts, refusedDuration: detector.refusedDuration)
    }

    private func detectorConfiguration() throws -> StepDetector.Configuration {
        try ParameterOptions.configuration(StepDetector.Configuration.default, settings: parameters)
    }
}

import ArgumentParser
import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO

struct LabelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "label",
        abstract: "Write activity segments (start,end,activity,confidence) of traces.",
        discussion: """
            One row per maximal segment of equal activity (stationary, walking, running, cycling, automotive, \
            unknown); times in the input's clock. With --format json each JSON line also carries the rule, the \
            transition that allowed the segment (temporal model), the reason in words and the feature values \
            that decided it.

            --fixes adds the speed of location fixes (a `speed` column, or GPX/NMEA speed) to the evidence: \
            sustained speed above walking pace without gait supports automotive, and moving at cycling speed \
            without steps supports cycling (Docs/activity.md). Fixes without a speed add nothing.

            \(InputOptions.manyInputsHelp(files: "DIR/NAME.label.csv (NAME.label.jsonl with --format json)"))

            Examples:
              locomotion label day.csv
              locomotion label day.csv --format json --output day-activity.jsonl
              locomotion label day.csv --fixes day-fixes.csv
              cat day.csv | locomotion label -
              # every trace of a folder in one table, `file` column first:
              locomotion label converted/us-tm2017 --jobs 2 > segments.csv
              # one file per trace, segments/NAME.label.csv:
              locomotion label 'converted/*/*.csv' --output-dir segments
            """
    )

    @Argument(help: ArgumentHelp(
        "Accelerometer traces (CSV timestamp,x,y,z[,label], or JSON Lines): files, folders (their .csv files), patterns, or '-' alone for standard input.",
        valueName: "trace"))
    var traces: [String]

    @OptionGroup var traceOptions: TraceOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var classifierOptions: ClassifierOptions
    @OptionGroup var smoothingOptions: SmoothingOptions

    @Option(help: ArgumentHelp(
        "Location fixes of a single trace (CSV timestamp,latitude,longitude[,horizontal_accuracy][,speed], GPX or NMEA); their speed supports automotive and cycling.",
        valueName: "file"))
    var fixes: String?

    func run() async throws {
        let configuration = try classifierOptions.load(), smoothing = smoothingOptions.smoothing.smoothing
        let inputs = try InputPaths.expandInputs(traces)
        if fixes != nil && inputs.count > 1 {
            throw CommandFailure.badUsage("--fixes belongs to one trace; label the traces one by one to give each its fixes")
        }
        let readingOptions = traceOptions.readingOptions
        let fixFile = try fixes.map { try TraceAnalysis.readFixes(path: $0, lenient: readingOptions.lenient) }
        let format = outputOptions.format
        var plan = OutputPlan(reading: inputs + [fixes, classifierOptions.config])
        let writer = try plan.resultWriter(
            inputs: inputs, output: outputOptions.output, outputDirectory: inputOptions.outputDirectory,
            suffix: format == .csv ? ".label.csv" : ".label.jsonl", shape: format == .csv ? .csvTable : .jsonLines)
        // Segments are few (one per change of activity); each trace's are written only once it has been read
        // whole, so a bad row leaves nothing of that trace on stdout and no half-written output file.
        let todo = inputOptions.pending(inputOptions.selected(inputs), writers: [writer])
        try await InputBatch(inputs: todo, jobs: inputOptions.jobs).run(
            progress: ProgressLine(quiet: inputOptions.quiet)
        ) { path, diagnostics, progress in
            var text = ResultTable.activity.header(format)
            try ActivityTraceRun.run(path: path, options: readingOptions, configuration: configuration,
                                     smoothing: smoothing, fixes: fixFile, fixesPath: fixes,
                                     diagnostics: &diagnostics, progress: progress) { segment, explanation in
                text += TableRows.activity(segment, explanation, format: format)
            }
            return text
        } deliver: { _, path, text in
            try writer.write(text, for: path)
        } finish: {
            try writer.finish()
        }
    }
}

extension ActivityClassifier.Model: ExpressibleByArgument {}

/// `--config` and `--model`: the classifier's thresholds from a JSON file, and the model that smooths them.
struct ClassifierOptions: ParsableArguments {
    @Option(help: ArgumentHelp("JSON file with ActivityClassifier thresholds (any subset; see Docs/activity.md).",
                               valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp(
        "temporal (default): the temporal model over the window rules; rules: the rule table with persistence smoothing only, for comparison. Overrides `model` in --config.",
        valueName: "model"))
    var model: ActivityClassifier.Model?

    /// The default configuration with the file's values set, each checked against its parameter's range
    /// (``ConfigurationFile``: errors name the line, the column and the key), and `--model`.
    func load() throws -> ActivityClassifier.Configuration {
        var configuration = try loadFile()
        if let model { configuration.model = model }
        return configuration
    }

    private func loadFile() throws -> ActivityClassifier.Configuration {
        guard let config else { return .init() }
        return try ConfigurationFile.read(path: config, over: ActivityClassifier.Configuration())
    }
}

/// `--smoothing` of the commands that label a recorded trace (`label`, `evaluate`, `epochs`, `daily`; `replay` is always lagged, like
/// the phone it replays).
struct SmoothingOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "full (default): every decision on all the evidence that can change it (a recorded trace); lagged: what a phone streaming the trace reports, each decision final after at most the temporal model's lag (temporal.lag, 20 s by default).",
        valueName: "smoothing"))
    var smoothing: SmoothingName = .full

    enum SmoothingName: String, ExpressibleByArgument, CaseIterable, Sendable {
        case full, lagged
        var smoothing: ActivityClassifier.Smoothing { self == .full ? .full : .lagged }
    }
}

/// Reads a trace and streams it through the classifier: the one code path of `label` and `evaluate`.
enum ActivityTraceRun {
    /// Streams `path` through a classifier (``RecordedTrace``: with the speeds of `fixes`, read from `fixesPath`,
    /// each before the first sample not earlier than it, fixes out of order giving no evidence); calls `segment`
    /// for each finished segment with the explanation of the update that opened it and `label` for each labelled
    /// row. Warnings (lenient reading of the trace and of the fixes, fixes out of order, fixes outside the trace)
    /// are appended to `diagnostics`; rows read are reported to `progress`. The fixes must overlap the trace in time
    /// (``TraceSpan/checkOverlap(traceStart:traceEnd:fixTimes:trace:fixes:diagnostics:)``) when `fixesPath` is
    /// given. A trace of one sample is refused. Returns whether the trace has a `label` column.
    @discardableResult
    static func run(path: String, options: TraceReadingOptions, configuration: ActivityClassifier.Configuration,
                    smoothing: ActivityClassifier.Smoothing = .full, fixes: (file: FixFile, warnings: String)? = nil,
                    fixesPath: String? = nil, diagnostics: inout String, progress: ReadProgress = .none,
                    label: (MotionActivity, Double) -> Void = { _, _ in },
                    segment: (ActivitySegment, ActivityExplanation) -> Void) throws -> Bool {
        var source = try TraceInput(path: path, options: options)
        var classifier = ActivityClassifier(configuration: configuration, smoothing: smoothing)
        var segmenter = ActivitySegmenter()
        // Updates always change the activity, so the open segment is explained by the last update.
        var open = ActivityExplanation(rule: .warmUp)
        var run = RecordedTrace(fixes: fixes?.file)
        var rowCount = 0
        try run.run(&source, through: &classifier, row: { row in
            rowCount += 1
            progress.row(rowCount)
            if let truth = row.label { label(truth, row.sample.time) }
        }, emit: { update in
            let closing = open
            segmenter.push(update) { finished in segment(finished, closing) }
            open = update.explanation
        })
        diagnostics += LenientReport.text(source.warnings, skipped: source.skippedRowCount, in: path)
        try TraceSpan.requireTwoSamples(rowCount, file: path)
        if let fixes {
            diagnostics += fixes.warnings
            if let warning = run.fixesOutOfOrderWarning { diagnostics += "locomotion: \(warning)\n" }
            if let fixesPath, let start = run.firstSampleTime, let end = run.lastSampleTime {
                try TraceSpan.checkOverlap(traceStart: start, traceEnd: end, fixTimes: fixes.file.fixes.map(\.time),
                                           trace: path, fixes: fixesPath, diagnostics: &diagnostics)
            }
        }
        if let end = classifier.lastSampleTime {
            segmenter.finish(at: end) { finished in segment(finished, open) }
        }
        return source.hasLabels
    }
}

import ArgumentParser
import Foundation
import Locomotion
import LocomotionIO
import LocomotionEvaluation

struct EvaluateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Score activity labels against the label column of traces.",
        discussion: """
            Each whole second of a trace gets its most frequent `label` as truth and the activity the classifier \
            reports at the middle of that second as prediction; seconds labelled `unknown` are counted but not \
            scored. Prints the confusion matrix (rows: truth, columns: predicted, in seconds), per-class \
            precision, recall and F1, and the macro-F1 over the true classes present. With --format json: JSON \
            Lines, one object per trace (with --per-trace) and a last object for all traces together. A trace \
            without a label column is read and checked but not scored (a note on stderr).

            Traces: files, folders (their .csv files, recursively, in path order), quoted patterns, or '-' alone \
            for standard input. They are scored in parallel (--jobs) and reported in the order given, the same for \
            any --jobs. A bad trace is reported on stderr (file:line) and left out; the others are still scored, \
            the total covers them (its `traces` count says how many), and the exit status is 1.

            Examples:
              locomotion evaluate converted/us-tm2017 --per-trace
              locomotion evaluate walk.csv --config thresholds.json
              # the total over every trace matching a pattern, as one JSON line:
              locomotion evaluate 'converted/geotecinit-sp-har/*.csv' --format json | tail -1
            """
    )

    enum ReportFormat: String, ExpressibleByArgument, CaseIterable, Sendable { case text, json }

    @Argument(help: ArgumentHelp(
        "Labelled accelerometer traces (timestamp,x,y,z,label): files, folders (their .csv files), patterns, or '-' alone.",
        valueName: "trace"))
    var traces: [String]

    @OptionGroup var traceOptions: TraceOptions
    @OptionGroup var classifierOptions: ClassifierOptions
    @OptionGroup var smoothingOptions: SmoothingOptions

    @Option(help: ArgumentHelp(
        "Location fixes of a single trace (CSV timestamp,latitude,longitude[,horizontal_accuracy][,speed], GPX or NMEA); their speed is evidence, as with `label --fixes`.",
        valueName: "file"))
    var fixes: String?

    @Option(help: "Report encoding: text (a readable table) or json (JSON Lines).")
    var format: ReportFormat = .text

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(help: "Also report each trace on its own.")
    var perTrace = false

    @Option(name: .customLong("jobs"), parsing: .unconditional,
            help: ArgumentHelp("Traces scored at the same time (default: the number of active processors; 1: one after another). The report is the same for any value.",
                               valueName: "n"))
    var requestedJobs: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Score only part K of N (1 ≤ K ≤ N) of the traces: those at positions K, K+N, K+2N, … of the sorted list.",
                               valueName: "K/N"))
    var shard: Shard?

    @Flag(help: "No progress line on standard error (shown only when standard error is a terminal).")
    var quiet = false

    func validate() throws {
        if traces.isEmpty { throw ValidationError("give at least one labelled trace") }
        if let requestedJobs, !InputOptions.jobRange.contains(requestedJobs) {
            throw ValidationError("--jobs \(requestedJobs): must be a whole number in 1…\(InputOptions.jobRange.upperBound)")
        }
    }

    func run() async throws {
        try InputPaths.standardInputOnce(traces: traces, [("--fixes", fixes)])
        let configuration = try classifierOptions.load(), smoothing = smoothingOptions.smoothing.smoothing
        let inputs = try InputPaths.expandInputs(traces)
        if fixes != nil && inputs.count > 1 {
            throw CommandFailure.badUsage("--fixes belongs to one trace; evaluate the traces one by one to give each its fixes")
        }
        let readingOptions = traceOptions.readingOptions, format = format, perTrace = perTrace
        let fixFile = try fixes.map { try TraceAnalysis.readFixes(path: $0, lenient: readingOptions.lenient) }
        var plan = OutputPlan(reading: inputs + [classifierOptions.config])
        try plan.claim(output, as: output == nil ? "standard output" : "--output")
        // The report is written only after a trace has been scored, so a single bad trace leaves nothing on stdout.
        var sink: OutputFile?
        func write(_ text: String) throws {
            if sink == nil { sink = try OutputFile(path: output ?? "-") }
            try sink?.write(text)
        }
        var total = ActivityEvaluationReport(scope: "total")
        try await InputBatch(inputs: shard?.select(inputs) ?? inputs, jobs: requestedJobs ?? InputOptions.defaultJobs).run(
            progress: ProgressLine(quiet: quiet)
        ) { path, diagnostics, progress in
            var scorer = ActivityScorer()
            var segments: [ActivitySegment] = []
            var labelCount = 0
            let labelled = try ActivityTraceRun.run(
                path: path, options: readingOptions, configuration: configuration, smoothing: smoothing,
                fixes: fixFile,
                diagnostics: &diagnostics,
                progress: progress, label: { scorer.push($0, at: $1); labelCount += 1 },
                segment: { segment, _ in segments.append(segment) })
            if !labelled {
                diagnostics += "locomotion: \(path): no label column (timestamp,x,y,z,label); nothing scored\n"
            } else if labelCount == 0 {
                // A label column with every cell empty was left out of both counts without a word.
                diagnostics += "locomotion: \(path): the label column is empty in every row; nothing scored\n"
            }
            let (matrix, unscored) = scorer.score(segments)
            return ActivityEvaluationReport(scope: path, traces: 1, matrix: matrix, unscoredSeconds: unscored)
        } deliver: { _, _, report in
            total.add(report)
            if perTrace { try write(format == .json ? report.json() : report.text()) }
        } finish: {
            try write(format == .json ? total.json() : total.text())
            try sink?.commit()
        }
    }
}

/// The scores of one trace or of several: what `evaluate` prints. Activity only for now; step-count error
/// (for traces with true step counts) belongs next to it as another section.
struct ActivityEvaluationReport: Sendable {
    var scope: String
    var traces = 0
    var matrix = ActivityConfusionMatrix()
    var unscoredSeconds = 0

    mutating func add(_ other: ActivityEvaluationReport) {
        traces += other.traces
        matrix.merge(other.matrix)
        unscoredSeconds += other.unscoredSeconds
    }

    private static let classes = MotionActivity.allCases

    private func format(_ value: Double?) -> String {
        guard let value else { return "-" }
        var text = NumberText.rounded(value, 3)
        while text.count < 5 { text += "0" }
        return text
    }

    private func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    func text() -> String {
        var out = "# \(scope): \(traces) trace(s), \(matrix.total) scored seconds, \(unscoredSeconds) seconds labelled unknown (not scored)\n"
        out += "confusion matrix (seconds; rows: truth, columns: predicted)\n"
        out += padded("truth", 12) + Self.classes.map { padded($0.rawValue, 11) }.joined() + "\n"
        for truth in Self.classes where matrix.support(of: truth) > 0 {
            out += padded(truth.rawValue, 12)
                + Self.classes.map { padded("\(matrix.count(truth: truth, predicted: $0))", 11) }.joined() + "\n"
        }
        out += padded("class", 12) + padded("support", 9) + padded("precision", 11) + padded("recall", 9) + padded("F1", 9) + "\n"
        for activity in Self.classes where matrix.support(of: activity) > 0 || matrix.predictions(of: activity) > 0 {
            out += padded(activity.rawValue, 12) + padded("\(matrix.support(of: activity))", 9)
                + padded(format(matrix.precision(of: activity)), 11) + padded(format(matrix.recall(of: activity)), 9)
                + padded(format(matrix.f1(of: activity)), 9) + "\n"
        }
        let present = matrix.classesPresent.map(\.rawValue).joined(separator: ", ")
        out += "macro-F1 over [\(present)]: \(format(matrix.macroF1()))\n"
        out += "accuracy: \(format(matrix.accuracy))\n\n"
        return out
    }

    func json() -> String {
        func number(_ value: Double?) -> String? { value.map(NumberText.json) }
        var confusion = JSONObject()
        for truth in Self.classes where matrix.support(of: truth) > 0 {
            var row = JSONObject()
            for predicted in Self.classes { row.add(predicted.rawValue, matrix.count(truth: truth, predicted: predicted)) }
            confusion.add(truth.rawValue, row)
        }
        var classes = JSONObject()
        for a in Self.classes where matrix.support(of: a) > 0 || matrix.predictions(of: a) > 0 {
            var scores = JSONObject()
            scores.add("support", matrix.support(of: a))
            scores.add("predicted", matrix.predictions(of: a))
            scores.add("precision", number: number(matrix.precision(of: a)))
            scores.add("recall", number: number(matrix.recall(of: a)))
            scores.add("f1", number: number(matrix.f1(of: a)))
            classes.add(a.rawValue, scores)
        }
        var report = JSONObject()
        report.add("scope", scope)
        report.add("traces", traces)
        report.add("scored_seconds", matrix.total)
        report.add("unscored_seconds", unscoredSeconds)
        report.add("confusion", confusion)
        report.add("classes", classes)
        report.add("macro_f1", number: number(matrix.macroF1()))
        report.add("accuracy", number: number(matrix.accuracy))
        return report.line
    }
}

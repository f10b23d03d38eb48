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

    @OptionGroup var options: TracesOptions
    @OptionGroup var classifierOptions: ClassifierOptions
    @OptionGroup var smoothingOptions: SmoothingOptions

    @Option(help: ArgumentHelp(
        "Location fixes of a single trace (CSV timestamp,latitude,longitude[,horizontal_accuracy][,speed], GPX or NMEA); their speed supports automotive and cycling.",
        valueName: "file"))
    var fixes: String?

    func run() async throws {
        try InputPaths.standardInputOnce(traces: traces, [("--fixes", fixes)])
        let configuration = try classifierOptions.load(), smoothing = smoothingOptions.smoothing.smoothing
        let inputs = try InputPaths.expandInputs(traces)
        if fixes != nil && inputs.count > 1 {
            throw CommandFailure.badUsage("--fixes belongs to one trace; label the traces one by one to give each its fixes")
        }
        let readingOptions = options.trace.readingOptions
        let fixFile = try fixes.map { try TraceAnalysis.readFixes(path: $0, lenient: readingOptions.lenient) }
        let format = options.output.format
        var plan = OutputPlan(reading: inputs + [fixes, classifierOptions.config])
        let writer = try plan.resultWriter(
            inputs: inputs, output: options.output.output, outputDirectory: options.inputs.outputDirectory,
            suffix: format == .csv ? ".label.csv" : ".label.jsonl", shape: format == .csv ? .csvTable : .jsonLines)
        // Segments are few (one per change of activity); each trace's are written only once it has been read
        // whole, so a bad row leaves nothing of that trace on stdout and no half-written output file.
        let todo = try options.inputs.pending(options.inputs.selected(inputs), writers: [writer])
        try await InputBatch(inputs: todo, jobs: options.inputs.jobs).run(
            progress: ProgressLine(quiet: options.inputs.quiet)
        ) { path, diagnostics, progress in
            var text = ResultTable.activity.header(format)
            try ActivityTraceRun.run(path: path, options: readingOptions, configuration: configuration,
                                     smoothing: smoothing, fixes: fixFile,
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

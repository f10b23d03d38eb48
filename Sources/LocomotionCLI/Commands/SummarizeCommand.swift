import ArgumentParser
import Foundation
import Locomotion
import LocomotionIO

/// How `summarize` writes its report.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Readable text for people.
    case text
    /// One JSON object on one line, for scripts.
    case json
}

struct SummarizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summarize",
        abstract: "Print a readable report of each trace: activities, steps, distance per day, recording modes.",
        discussion: """
            Runs the classifier, the step detector, the odometer (with --fixes) and the recording gate over one \
            trace, exactly as `label`, `steps`, `distance` and `replay` do, and prints one report: the activity \
            segments, step count and cadence, distance per local day, and the time in each recording mode with the \
            share of time and (estimated) sensor energy that low power saved.

            The energy estimate is a model: high-accuracy recording is assumed to draw \
            \(Int(TraceReport.Gating.defaultHighAccuracyMilliwatts)) mW (GNSS tracking and a 50 Hz accelerometer), \
            low power \(Int(TraceReport.Gating.defaultLowPowerMilliwatts)) mW (network positioning); pass your \
            device's figures.

            Several traces (without --fixes) give one report each: text reports one after another, a blank line \
            apart; JSON one object per line with a leading "file" key.

            \(InputOptions.manyInputsHelp(files: "DIR/NAME.summary.txt (NAME.summary.json with --format json)"))

            Examples:
              locomotion summarize Datasets/sample/day.csv \\
                  --fixes Datasets/sample/day-fixes.csv
              locomotion summarize day.csv --time-zone Europe/Zurich --policy any-movement
              # a participant who travelled: days and clock times in the zone in force (Docs/cohorts.md)
              locomotion summarize p01.csv --fixes p01-fixes.csv --time-zones zones.csv
              locomotion summarize day.csv --format json | python3 -m json.tool
              # one report per trace, reports/NAME.summary.txt:
              locomotion summarize converted/us-tm2017 --output-dir reports
            """
    )

    @Argument(help: ArgumentHelp(
        "Accelerometer traces (CSV `timestamp,x,y,z[,label]`, or JSON Lines): files, folders, patterns, or '-' alone for standard input.",
        valueName: "trace"))
    var traces: [String]

    @Option(help: ArgumentHelp("Location fixes (CSV, GPX or NMEA) of a single trace: distance per day, and speed evidence for the classifier and the gate.", valueName: "file"))
    var fixes: String?

    @OptionGroup var traceOptions: TraceOptions

    @Option(help: ArgumentHelp("Time zone of days and clock times (IANA name such as Europe/Zurich, or UTC); default: this system's.", valueName: "zone"))
    var timeZone: String?

    @OptionGroup var zoneMap: ZoneMapOptions

    @Option(help: "Gating policy: on-foot, on-foot-and-cycling or any-movement.")
    var policy: RecordingGate.Policy = .onFoot

    @Option(help: "Report encoding: text for people, or json (one object on one line) for scripts.")
    var format: ReportFormat = .text

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @OptionGroup var inputOptions: InputOptions

    @Flag(help: "Give times as h:mm:ss since the first sample even when the trace is in Unix time.")
    var relativeTime = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Assumed power draw of high-accuracy recording in milliwatts, for the energy estimate.", valueName: "mW"))
    var highAccuracyMilliwatts: Double = TraceReport.Gating.defaultHighAccuracyMilliwatts

    @Option(parsing: .unconditional, help: ArgumentHelp("Assumed power draw of low-power recording in milliwatts, for the energy estimate.", valueName: "mW"))
    var lowPowerMilliwatts: Double = TraceReport.Gating.defaultLowPowerMilliwatts

    func validate() throws {
        if let timeZone, TimeZoneName.zone(timeZone) == nil { throw ValidationError(TimeZoneName.problem(timeZone)) }
        // A phone draws at most a few watts; 10 W is beyond any.
        try ParameterOptions.validating {
            try ParameterOptions.check(highAccuracyMilliwatts, option: "--high-accuracy-milliwatts", in: 0.001...10_000, unit: "mW")
            try ParameterOptions.check(lowPowerMilliwatts, option: "--low-power-milliwatts", in: 0...10_000, unit: "mW")
            guard lowPowerMilliwatts <= highAccuracyMilliwatts else {
                throw CommandFailure.badUsage("--low-power-milliwatts must not exceed --high-accuracy-milliwatts")
            }
        }
    }

    func run() async throws {
        try InputPaths.standardInputOnce(traces: traces, [("--fixes", fixes)])
        let inputs = try InputPaths.expandInputs(traces)
        let schedules = try zoneMap.schedules(of: inputs, timeZone: timeZone)
        if fixes != nil && inputs.count > 1 {
            throw CommandFailure.badUsage("--fixes belongs to one trace; summarize the traces one by one to give each its fixes")
        }
        var plan = OutputPlan(reading: inputs + [fixes])
        let writer = try plan.resultWriter(
            inputs: inputs, output: output, outputDirectory: inputOptions.outputDirectory,
            suffix: format == .text ? ".summary.txt" : ".summary.json", shape: format == .text ? .text : .jsonLines)
        let readingOptions = traceOptions.readingOptions, fixes = fixes, policy = self.policy, format = format
        let relativeTime = relativeTime, highAccuracy = highAccuracyMilliwatts, lowPower = lowPowerMilliwatts
        let todo = try inputOptions.pending(inputOptions.selected(inputs), writers: [writer])
        try await InputBatch(inputs: todo, jobs: inputOptions.jobs).run(
            progress: ProgressLine(quiet: inputOptions.quiet)
        ) { path, diagnostics, progress in
            let zones = schedules[path]!
            let analysis = try TraceAnalysis.run(path: path, options: readingOptions, fixesPath: fixes, policy: policy,
                                                 zones: zones, diagnostics: &diagnostics, progress: progress)
            let zoneName = ZoneMapOptions.name(zones)
            let report = TraceReport(analysis: analysis, fixesPath: fixes, timeZone: zoneName,
                                     highAccuracyMilliwatts: highAccuracy, lowPowerMilliwatts: lowPower)
            switch format {
            case .text:
                let labels: TimeAxis.Labels = !relativeTime && PlotCommand.looksLikeUnixTime(analysis.start)
                    ? ZoneMapOptions.labels(zones) : .relative(origin: analysis.start)
                return report.text(labels: labels)
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
            }
        } deliver: { _, path, text in
            try writer.write(text, for: path)
        } finish: {
            try writer.finish()
        }
    }
}

import ArgumentParser
import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO

struct PlotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a trace, its activities, steps, recording modes and distance as SVG.",
        discussion: """
            Writes one self-contained SVG on one time axis: the acceleration magnitude |a| (min and max per pixel \
            column, so long traces stay small and keep their peaks) over coloured activity bands, a lane each for \
            activity, steps and the recording mode, and the distance per day when --fixes is given. Times are \
            clock times in --time-zone when the trace is stamped in Unix time, otherwise (or with --relative-time) \
            h:mm since the first sample. With --time-zones, each clock label is the local time in the zone in force \
            at that time (a change of zone moves the clock at its instant; the axis title names the zones), and the \
            distance per day follows the same days as `daily`.

            Examples:
              locomotion plot day.csv --fixes day-fixes.csv --output day.svg
              locomotion plot day.csv --from +2h --to +2h30m --width 1600 -o walk.svg
              # a PNG, if you need one:
              rsvg-convert day.svg -o day.png
            """
    )

    @Argument(help: "The accelerometer trace (CSV `timestamp,x,y,z[,label]`, or JSON Lines; '-' for standard input).")
    var trace: String

    @Option(help: ArgumentHelp("Location fixes (CSV, GPX or NMEA) for the distance panel, the gate and the classifier's speed evidence.", valueName: "file"))
    var fixes: String?

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write the SVG ('-' for standard output).", valueName: "file"))
    var output: String

    @OptionGroup var traceOptions: TraceOptions

    @Option(parsing: .unconditional,
            help: "Start of the time range drawn: seconds in the trace's clock, or +OFFSET from the first sample (+90, +15m, +2h, +1d).",
            transform: TimeBound.parse)
    var from: TimeBound?

    @Option(parsing: .unconditional, help: "End of the time range drawn, like --from.", transform: TimeBound.parse)
    var to: TimeBound?

    @Option(parsing: .unconditional, help: "Width of the picture in pixels (400…20000).")
    var width: Int = 1200

    @Option(help: ArgumentHelp("Time zone for clock times and days (IANA name such as Europe/Zurich, or UTC); default: this system's.", valueName: "zone"))
    var timeZone: String?

    @OptionGroup var zoneMap: ZoneMapOptions

    @Flag(help: "Label the time axis h:mm since the first sample even when the trace is in Unix time.")
    var relativeTime = false

    @Option(help: "Gating policy for the mode lane: on-foot, on-foot-and-cycling or any-movement.")
    var policy: RecordingGate.Policy = .onFoot

    @Flag(help: "No progress line on standard error (shown only when standard error is a terminal).")
    var quiet = false

    func validate() throws {
        guard (400...20_000).contains(width) else { throw ValidationError("--width must be between 400 and 20000 pixels") }
        if let timeZone, TimeZoneName.zone(timeZone) == nil { throw ValidationError(TimeZoneName.problem(timeZone)) }
    }

    func run() async throws {
        try InputPaths.standardInputOnce(traces: [trace], [("--fixes", fixes)])
        let zones = try zoneMap.schedules(of: [trace], timeZone: timeZone)[trace]!
        var plan = OutputPlan(reading: [trace, fixes])
        try plan.claim(output, as: "--output")
        let progress = ProgressLine(quiet: quiet)
        var diagnostics = ""
        // The time range drawn starts at --from (or the first sample). With --to its end is known at the first
        // sample and each sample goes straight into its pixel column; without it the end is the last sample, so
        // the samples are set aside (time and |a|, on disk) and put in their columns at the end.
        let columns = TraceChart.plotColumns(width: width), from = from, to = to
        var range: (start: Double, end: Double?)?
        var envelope: MagnitudeEnvelope?
        var spool: SampleSpool?
        var sampleCount = 0
        let analysis: TraceAnalysis
        do {
            analysis = try TraceAnalysis.run(
                path: trace, options: traceOptions.readingOptions, fixesPath: fixes, policy: policy, zones: zones,
                diagnostics: &diagnostics, progress: ReadProgress(progress, file: trace)
            ) { row in
                let time = row.sample.time
                if range == nil {
                    let start = from?.time(start: time) ?? time
                    let end = to?.time(start: time)
                    if let end {
                        guard end > start else { throw Self.emptyRange }
                        envelope = MagnitudeEnvelope(start: start, end: end, columnCount: columns)
                    } else {
                        spool = try SampleSpool()
                    }
                    range = (start, end)
                }
                guard let (start, end) = range, time >= start else { return }
                if let end {
                    if time <= end {
                        envelope!.add(row.sample.acceleration.magnitude, at: time)
                        sampleCount += 1
                    }
                } else {
                    try spool!.append(time, row.sample.acceleration.magnitude)
                }
            }
            progress.clear()
        } catch {
            progress.clear()
            StandardError.write(diagnostics)
            throw error
        }
        StandardError.write(diagnostics)
        let start = range?.start ?? analysis.start
        let end = range?.end ?? analysis.end
        guard end > start else { throw Self.emptyRange }
        if let spool {
            var columnsOfSpool = MagnitudeEnvelope(start: start, end: end, columnCount: columns)
            try spool.forEach { time, magnitude in
                columnsOfSpool.add(magnitude, at: time)
                sampleCount += 1
            }
            envelope = columnsOfSpool
        }
        let chart = PlotCommand.chart(of: analysis, magnitude: envelope!, sampleCount: sampleCount, start: start,
                                      end: end, width: width, zones: zones, relativeTime: relativeTime)
        let sink = try OutputFile(path: output)
        try sink.write(chart.svg())
        try sink.commit()
    }

    private static let emptyRange = CommandFailure.badUsage("the time range is empty: --from must come before --to")

    /// Unix times from 2001 on read as clock times; smaller ones are an arbitrary clock.
    static func looksLikeUnixTime(_ time: Double) -> Bool { time >= 978_307_200 }

    /// The chart of `analysis` between `start` and `end` (seconds), with the acceleration magnitude of the
    /// `sampleCount` samples in that range per pixel column.
    static func chart(of analysis: TraceAnalysis, magnitude envelope: MagnitudeEnvelope, sampleCount: Int,
                      start: Double, end: Double, width: Int, zones: ZoneSchedule, relativeTime: Bool) -> TraceChart {
        let labels: TimeAxis.Labels = !relativeTime && looksLikeUnixTime(analysis.start)
            ? ZoneMapOptions.labels(zones) : .relative(origin: analysis.start)
        var chart = TraceChart(title: "Locomotion · \(ReportText.fileName(analysis.file))",
                               subtitle: "", start: start, end: end, timeLabels: labels, width: width)
        chart.magnitude = envelope
        chart.activities = analysis.activities.map {
            ChartBand(start: $0.start, end: $0.end, label: $0.activity.rawValue, colour: ChartPalette.colour(of: $0.activity))
        }
        if analysis.stepsRefused {
            chart.notes.append("No steps: the trace is sampled too sparsely to count steps (see Docs/steps.md).")
        } else {
            chart.steps = analysis.stepTimes
        }
        chart.modes = analysis.modes.map { segment in
            segment.isGap
                ? ChartBand(start: segment.start, end: segment.end, label: "gap", colour: ChartPalette.gap)
                : ChartBand(start: segment.start, end: segment.end, label: segment.mode.rawValue,
                            colour: segment.mode == .highAccuracy ? ChartPalette.highAccuracy : ChartPalette.lowPower)
        }
        chart.notes.append("Mode lane: the recording gate with policy \(analysis.gate.policy.name) (Docs/gating.md).")
        if let odometer = analysis.odometer {
            chart.distance = DistanceSeries(
                points: analysis.distance.map { .init(time: $0.time, meters: $0.dayDistance) },
                days: odometer.history.compactMap { tally in
                    guard let day = tally.day, let first = analysis.distance.first(where: { $0.day == day }) else { return nil }
                    return DistanceSeries.Day(label: day.description, start: first.time, meters: tally.distance)
                })
        } else {
            chart.notes.append("No distance panel: pass --fixes FILE (CSV, GPX or NMEA) to draw the distance per day.")
        }

        var parts = [ReportText.rangeText(start: start, end: end, labels: labels)]
        var samplesText = "\(ReportText.grouped(sampleCount)) samples"
        if let rate = analysis.samplingRate { samplesText += " at \(ReportText.grouped(Int(rate.rounded()))) Hz" }
        parts.append(samplesText)
        if let steps = chart.steps {
            parts.append("\(ReportText.grouped(steps.count { $0 >= start && $0 <= end })) steps")
        }
        if let days = chart.distance?.days, !days.isEmpty {
            parts.append(ReportText.distanceText(days.reduce(0) { $0 + $1.meters }) + (days.count > 1 ? " in \(days.count) days" : ""))
        }
        chart.subtitle = parts.joined(separator: " · ")
        return chart
    }

}

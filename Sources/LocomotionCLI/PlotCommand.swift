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
            h:mm since the first sample.

            Examples:
              locomotion plot day.csv --fixes day-fixes.csv --output day.svg
              locomotion plot day.csv --from +2h --to +2h30m --width 1600 -o walk.svg
              # a PNG, if you need one:
              rsvg-convert day.svg -o day.png
            """
    )

    @Argument(help: "The accelerometer trace (CSV `timestamp,x,y,z[,label]`; '-' for standard input).")
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

    @Flag(help: "Label the time axis h:mm since the first sample even when the trace is in Unix time.")
    var relativeTime = false

    @Option(help: "Gating policy for the mode lane: on-foot, on-foot-and-cycling or any-movement.")
    var policy: GatingPolicy = .onFoot

    @Flag(help: "No progress line on standard error (shown only when standard error is a terminal).")
    var quiet = false

    func validate() throws {
        guard (400...20_000).contains(width) else { throw ValidationError("--width must be between 400 and 20000 pixels") }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("unknown time zone '\(timeZone)' (use an IANA name such as Europe/Zurich, or UTC)")
        }
    }

    func run() async throws {
        let zone = timeZone.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
        var plan = OutputPlan(reading: [trace, fixes])
        try plan.claim(output, as: "--output")
        let progress = ProgressLine(quiet: quiet)
        var diagnostics = ""
        let trace: Trace
        do {
            trace = try TraceAnalysis.readTrace(path: self.trace, options: traceOptions.readingOptions,
                                                diagnostics: &diagnostics, progress: ReadProgress(progress, file: self.trace))
            progress.clear()
        } catch {
            progress.clear()
            StandardError.write(diagnostics)
            throw error
        }
        StandardError.write(diagnostics)
        diagnostics = ""
        let fixFile = try fixes.map {
            try TraceAnalysis.readFixes(path: $0, lenient: traceOptions.lenient, diagnostics: &diagnostics)
        }
        if let fixes, let fixFile, let first = trace.samples.first, let last = trace.samples.last {
            do {
                try TraceSpan.checkOverlap(traceStart: first.time, traceEnd: last.time, fixTimes: fixFile.fixes.map(\.time),
                                           trace: self.trace, fixes: fixes, diagnostics: &diagnostics)
            } catch {
                StandardError.write(diagnostics)
                throw error
            }
        }
        StandardError.write(diagnostics)
        let analysis = try TraceAnalysis(trace: trace, fixes: fixFile, policy: policy,
                                         timeZone: zone)
        let first = analysis.start, last = analysis.end
        let start = from?.time(start: first) ?? first
        let end = to?.time(start: first) ?? last
        guard end > start else {
            throw CommandFailure.badUsage("the time range is empty: --from must come before --to")
        }
        let chart = PlotCommand.chart(of: analysis, start: start, end: end, width: width, timeZone: zone,
                                      relativeTime: relativeTime)
        let sink = try OutputFile(path: output)
        try sink.write(chart.svg())
        try sink.commit()
    }

    /// Unix times from 2001 on read as clock times; smaller ones are an arbitrary clock.
    static func looksLikeUnixTime(_ time: Double) -> Bool { time >= 978_307_200 }

    /// The chart of `analysis` between `start` and `end` (seconds).
    static func chart(of analysis: TraceAnalysis, start: Double, end: Double, width: Int,
                      timeZone: TimeZone, relativeTime: Bool) -> TraceChart {
        let labels: TimeAxis.Labels = !relativeTime && looksLikeUnixTime(analysis.start)
            ? .absolute(timeZone) : .relative(origin: analysis.start)
        var envelope = MagnitudeEnvelope(start: start, end: end, columnCount: TraceChart.plotColumns(width: width))
        var sampleCount = 0
        for sample in analysis.trace.samples where sample.time >= start && sample.time <= end {
            envelope.add(sample.acceleration.magnitude, at: sample.time)
            sampleCount += 1
        }
        var chart = TraceChart(title: "Locomotion · \(ReportText.fileName(analysis.trace.file))",
                               subtitle: "", start: start, end: end, timeLabels: labels, width: width)
        chart.magnitude = envelope
        chart.activities = analysis.activities.map {
            ChartBand(start: $0.start, end: $0.end, label: $0.activity.rawValue, colour: ChartPalette.colour(of: $0.activity))
        }
        if analysis.stepsRefused {
            chart.notes.append("No steps: the trace is sampled too sparsely to count steps (see Docs/steps.md).")
        } else {
            chart.steps = analysis.steps.steps
        }
        chart.modes = analysis.modes.map { segment in
            segment.isGap
                ? ChartBand(start: segment.start, end: segment.end, label: "gap", colour: ChartPalette.gap)
                : ChartBand(start: segment.start, end: segment.end, label: segment.mode.rawValue,
                            colour: segment.mode == .highAccuracy ? ChartPalette.highAccuracy : ChartPalette.lowPower)
        }
        chart.notes.append("Mode lane: the recording gate with policy \(analysis.gating.policy.name) (Docs/gating.md).")
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

import ArgumentParser
import Locomotion
import LocomotionDSP
import LocomotionIO

struct StepsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steps",
        abstract: "Count steps in a trace and report cadence.",
        discussion: """
            Prints a summary: steps=N, cadence_spm (mean steps per minute while walking), bouts, \
            walking_s (time in bouts). With --events, writes one row per step (CSV `timestamp`, \
            or JSON Lines {"timestamp":…}) and prints the summary on stderr instead.
            A trace sampled below the detector's minimum rate (8 Hz by default, median interval) \
            is refused with exit status 1. The algorithm and its parameters: Docs/steps.md.
            """
    )

    @Argument(help: "Accelerometer trace (CSV timestamp,x,y,z[,label]); - reads standard input.")
    var trace: String

    @Flag(help: "Write one row per step (timestamp) instead of the summary; the summary goes to stderr.")
    var events = false

    @Option(
        name: .customLong("parameter"),
        help: ArgumentHelp(
            "Override a detector parameter, NAME=VALUE (repeatable), e.g. periodicityThreshold=0.6.",
            valueName: "NAME=VALUE"))
    var parameters: [String] = []

    @OptionGroup var traceOptions: TraceOptions
    @OptionGroup var outputOptions: OutputOptions

    func run() async throws {
        let configuration = try detectorConfiguration()
        var reader = try TraceReader(path: trace, options: traceOptions.readingOptions)
        var detector = StepDetector(configuration: configuration)
        var steps: [Double] = []
        var bouts: [WalkingBout] = []
        let collect = { (event: StepDetector.Event) in
            switch event {
            case .step(let time): steps.append(time)
            case .boutEnded(let bout): bouts.append(bout)
            }
        }
        var rowCount = 0
        while let row = try reader.next() {
            rowCount += 1
            detector.push(row.sample, onEvent: collect)
        }
        detector.finish(onEvent: collect)
        LenientReport.report(reader.warnings, skipped: reader.skippedRowCount, in: trace)
        if detector.intervalCount == 0 {
            throw CommandFailure.badInput(
                "\(trace): \(StepDetectionError.tooFewSamples(count: rowCount))")
        }
        if detector.isRecordingTooSparse {
            let share = Int((100 * Double(detector.sparseIntervalCount) / Double(detector.intervalCount)).rounded())
            let limit = 1 / configuration.minimumSamplingRate
            throw CommandFailure.badInput(
                "\(trace): sampled too sparsely to count steps: \(share) % of the \(detector.intervalCount) sampling "
                    + "intervals are longer than \(format(limit)) s, so the median rate is below "
                    + "\(format(configuration.minimumSamplingRate)) Hz, where steps cannot be told apart; none are counted")
        }
        let result = StepDetection(steps: steps, bouts: bouts, refusedDuration: detector.refusedDuration)
        let sink = try outputOptions.openSink()
        if events {
            if outputOptions.format == .csv { sink.write("timestamp\n") }
            for time in steps {
                sink.write(outputOptions.format == .csv ? "\(time)\n" : "{\"timestamp\":\(time)}\n")
            }
            sink.close()
            StandardError.write(summary(result, format: .csv))
        } else {
            sink.write(summary(result, format: outputOptions.format))
            sink.close()
        }
    }

    private func detectorConfiguration() throws -> StepDetectorConfiguration {
        var configuration = StepDetectorConfiguration.default
        for parameter in parameters {
            let parts = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Double(parts[1]) else {
                throw CommandFailure.badUsage("--parameter expects NAME=VALUE with a number, got '\(parameter)'")
            }
            guard let updated = configuration.setting(parts[0], to: value) else {
                let known = StepDetectorConfiguration.parameterNames.joined(separator: ", ")
                throw CommandFailure.badUsage(
                    "--parameter \(parameter): unknown name or value out of range (names: \(known))")
            }
            configuration = updated
        }
        return configuration
    }

    private func summary(_ result: StepDetection, format: OutputFormat) -> String {
        let cadence = result.stepsPerMinute.map { format2($0) }
        switch format {
        case .csv:
            return """
                steps=\(result.steps.count)
                cadence_spm=\(cadence ?? "")
                bouts=\(result.bouts.count)
                walking_s=\(format2(result.walkingDuration))

                """
        case .json:
            return "{\"steps\":\(result.steps.count),\"cadence_spm\":\(cadence ?? "null"),"
                + "\"bouts\":\(result.bouts.count),\"walking_s\":\(format2(result.walkingDuration))}\n"
        }
    }
}

/// A number with at most two decimals, for summaries.
private func format2(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}

/// A number with at most three decimals, for messages.
private func format(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}

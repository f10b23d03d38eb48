import ArgumentParser
import Locomotion
import LocomotionDSP
import LocomotionIO

struct CarryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carry",
        abstract: "Write when the phone was carried and when it was put down (start,end,state,reason).",
        discussion: """
            One row per maximal stretch of one state: carried (on a body or in a hand: the phone moves with a \
            living person, if only by breathing and sway), not-carried (lying on a desk, standing on a charger, \
            in a bag on the floor: nothing but the sensor's noise around a fixed gravity vector for at least \
            minimumStillDuration, 45 s) or unknown (the first window of the input, and after a gap); times in the \
            input's clock; reason is the rule (movement, noise-floor, resumed, warm-up, gap). With --format json \
            each line also has excess_g (how far the one-second means moved beyond the sensor's noise) and \
            noise_g (the sensor noise per sample), both in g. The same decisions as the MotionEngine's carry \
            events (Docs/activity.md, "Carried or not").

            --parameter NAME=VALUE sets a threshold of the carry detector: windowLength, \
            maximumExcessDeviation, minimumStillDuration, maximumSensorNoise, maximumGap, resumeTolerance.

            \(InputOptions.manyInputsHelp(files: "DIR/NAME.carry.csv (NAME.carry.jsonl with --format json)"))

            Examples:
              locomotion carry day.csv
              locomotion carry converted/hhar-still-phones --jobs 2 > carry.csv
              locomotion carry day.csv --parameter minimumStillDuration=60 --format json
            """
    )

    @Argument(help: ArgumentHelp(
        "Accelerometer traces (CSV timestamp,x,y,z[,label], or JSON Lines): files, folders (their .csv files), patterns, or '-' alone for standard input.",
        valueName: "trace"))
    var traces: [String]

    @Option(name: .customLong("parameter"), help: ArgumentHelp(
        "A threshold of the carry detector, NAME=VALUE (repeatable); see above.", valueName: "name=value"))
    var parameters: [String] = []

    @OptionGroup var options: TracesOptions

    func validate() throws {
        try ParameterOptions.validating { _ = try detectorConfiguration() }
    }

    func run() async throws {
        let configuration = try detectorConfiguration()
        let inputs = try InputPaths.expandInputs(traces)
        let readingOptions = options.trace.readingOptions
        let format = options.output.format
        var plan = OutputPlan(reading: inputs)
        let writer = try plan.resultWriter(
            inputs: inputs, output: options.output.output, outputDirectory: options.inputs.outputDirectory,
            suffix: format == .csv ? ".carry.csv" : ".carry.jsonl", shape: format == .csv ? .csvTable : .jsonLines)
        let todo = try options.inputs.pending(options.inputs.selected(inputs), writers: [writer])
        try await InputBatch(inputs: todo, jobs: options.inputs.jobs).run(
            progress: ProgressLine(quiet: options.inputs.quiet)
        ) { path, diagnostics, progress in
            var text = ResultTable.carry.header(format)
            try Self.segments(path: path, options: readingOptions, configuration: configuration,
                              diagnostics: &diagnostics, progress: progress) { start, end, update in
                text += TableRows.carry(start: start, end: end, update: update, format: format)
            }
            return text
        } deliver: { _, path, text in
            try writer.write(text, for: path)
        } finish: {
            try writer.finish()
        }
    }

    /// Streams `path` through a ``CarryDetector`` and calls `segment` with each maximal stretch of one state (start,
    /// end, the update that opened it), the last closed at the last sample. An update that a later one back-dated
    /// to its own start has no length and is left out, and the stretches on either side of it, in one state, are
    /// one. Lenient-reading warnings go to `diagnostics`. A trace of one sample is refused.
    static func segments(path: String, options: TraceReadingOptions, configuration: CarryDetector.Configuration,
                         diagnostics: inout String, progress: ReadProgress = .none,
                         segment: (Double, Double, CarryUpdate) -> Void) throws {
        var source = try TraceInput(path: path, options: options)
        diagnostics += source.unitDecisionLine ?? ""
        var detector = CarryDetector(configuration: configuration)
        // The stretch being built (its start and opening update) and the latest update, which may end it.
        var stretch: (start: Double, update: CarryUpdate)?
        var open: CarryUpdate?
        var rowCount = 0
        func close(at end: Double) {
            guard let previous = open, end > previous.start else { return }
            if let current = stretch, current.update.state != previous.state {
                segment(current.start, previous.start, current.update)
                stretch = nil
            }
            if stretch == nil { stretch = (previous.start, previous) }
        }
        func take(_ update: CarryUpdate) {
            close(at: update.start)
            open = update
        }
        while let row = try source.next() {
            rowCount += 1
            progress.row(rowCount)
            detector.push(row.sample, emit: take)
        }
        detector.finish(emit: take)
        diagnostics += LenientReport.text(source.warnings, skipped: source.skippedRowCount, in: path)
        try TraceSpan.requireTwoSamples(rowCount, file: path)
        guard let end = detector.lastSampleTime else { return }
        close(at: end)
        if let current = stretch { segment(current.start, end, current.update) }
    }

    private func detectorConfiguration() throws -> CarryDetector.Configuration {
        try ParameterOptions.configuration(CarryDetector.Configuration(), settings: parameters)
    }
}

import ArgumentParser
import Locomotion
import LocomotionDSP
@_spi(Harness) import LocomotionIO
import LocomotionDatasets

struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Write a synthetic trace from a documented model (never for accuracy claims).",
        discussion: """
            Plays a scripted day (sleep, walk, bus, desk, walk, a gap, car, run, cycle, …) through a seeded \
            model of a phone's accelerometer (Docs/formats.md, "Simulated traces"). The trace has a `label` \
            column with the simulation's ground truth; --fixes also writes matching location fixes \
            (timestamp,latitude,longitude,horizontal_accuracy,speed). The same options give byte-identical output.

            Synthetic data is for demos, tests of mechanics and benchmarks: never use it for accuracy claims.

            Examples:
              # a whole day (24 h) at 50 Hz, with its location fixes:
              locomotion simulate --output day.csv --fixes day-fixes.csv
              # the bundled sample day:
              locomotion simulate --duration 1800 --seed 7 \\
                  --output Datasets/sample/day.csv --fixes Datasets/sample/day-fixes.csv
              locomotion simulate --duration 600 --rate 100 --output - | head
            """
    )

    @Option(parsing: .unconditional, help: ArgumentHelp("Length of the simulated day in seconds; shorter days compress the still parts first.", valueName: "seconds"))
    var duration: Double = 86_400

    @Option(parsing: .unconditional, help: "Seed of the pseudo-random generator (any unsigned 64-bit integer).")
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("Accelerometer sampling rate in Hz.", valueName: "Hz"))
    var rate: Double = 50

    @Option(parsing: .unconditional, help: "Time of the first sample in seconds since the Unix epoch (default 2023-11-14T00:00:00Z).")
    var start: Double = TraceSimulator.Configuration.defaultStart

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write the trace CSV ('-' for standard output).", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("Also write location fixes (CSV) to this file.", valueName: "file"))
    var fixes: String?

    @Option(help: "Trace encoding: csv, or json for JSON Lines.")
    var format: OutputFormat = .csv

    func validate() throws {
        // A day of 31 days at most, at a phone's rates, from 1970 to 2100.
        try ParameterOptions.validating {
            try ParameterOptions.check(duration, option: "--duration", in: 1...31 * 86_400, unit: "s")
            try ParameterOptions.check(rate, option: "--rate", in: 1...1000, unit: "Hz")
            try ParameterOptions.check(start, option: "--start", in: 0...4_102_444_800, unit: "s since 1970")
        }
    }

    func run() async throws {
        let simulator = TraceSimulator(configuration: .init(
            segments: DaySchedule.segments(duration: duration), seed: seed, rate: rate, start: start))
        var plan = OutputPlan(reading: [])
        try plan.claim(output, as: "--output")
        if let fixes { try plan.claim(fixes, as: "--fixes") }
        // Both files appear under their names only when complete (an interrupted run leaves neither).
        var traceWriter = try TraceWriter(path: output, format: format == .json ? .jsonLines : .csv,
                                          includesLabels: true)
        var fixWriter = try fixes.map { path throws(OutputError) in try LocationFixWriter(path: path) }
        try simulator.run { (sample: AccelerometerSample, label: MotionActivity) throws(OutputError) in
            try traceWriter.write(sample, label: label)
        } fix: { (fix: LocationFix) throws(OutputError) in
            try fixWriter?.write(fix)
        }
        try fixWriter?.finish()
        try traceWriter.finish()
    }
}

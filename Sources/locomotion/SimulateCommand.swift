import ArgumentParser
import Locomotion
import LocomotionDSP
import LocomotionIO

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

    @Option(help: ArgumentHelp("Length of the simulated day in seconds; shorter days compress the still parts first.", valueName: "seconds"))
    var duration: Double = 86_400

    @Option(help: "Seed of the pseudo-random generator (any unsigned 64-bit integer).")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Accelerometer sampling rate in Hz.", valueName: "Hz"))
    var rate: Double = 50

    @Option(help: "Time of the first sample in seconds since the Unix epoch (default 2023-11-14T00:00:00Z).")
    var start: Double = TraceSimulator.Configuration.defaultStart

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write the trace CSV ('-' for standard output).", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("Also write location fixes (CSV) to this file.", valueName: "file"))
    var fixes: String?

    @Option(help: "Trace encoding: csv, or json for JSON Lines.")
    var format: OutputFormat = .csv

    func validate() throws {
        guard duration > 0, duration.isFinite, duration <= 31 * 86_400 else {
            throw ValidationError("--duration must be in (0, 2678400] seconds")
        }
        guard rate > 0, rate <= 1000 else { throw ValidationError("--rate must be in (0, 1000] Hz") }
        guard start.isFinite else { throw ValidationError("--start must be a number of seconds") }
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

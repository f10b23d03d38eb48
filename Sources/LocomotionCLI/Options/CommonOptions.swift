import ArgumentParser
import LocomotionDSP
import LocomotionIO

extension OutputFormat: ExpressibleByArgument {}

/// `--format` and `--output`, shared by every command that writes tables.
struct OutputOptions: ParsableArguments {
    @Option(help: "Output encoding: csv, or json for JSON Lines (one object per row).")
    var format: OutputFormat = .csv

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?
}

/// How to read accelerometer traces: `--units` and `--lenient`.
struct TraceOptions: ParsableArguments {
    @Option(help: "Unit of x,y,z in the trace: g (CoreMotion) or ms2 (Android, m/s²).")
    var units: AccelerationUnit = .g

    @Flag(help: "Skip bad rows with a warning on stderr instead of stopping at the first one.")
    var lenient = false

    @Flag(name: .customLong("unit-check"), inversion: .prefixedNo,
          help: "Refuse a trace whose median |a| says it is in the other unit, or whose timestamps look like milliseconds (--no-unit-check reads it anyway).")
    var unitCheck = true

    var readingOptions: TraceReadingOptions {
        TraceReadingOptions(units: units, lenient: lenient, checkUnits: unitCheck)
    }
}

extension AccelerationUnit: ExpressibleByArgument {}

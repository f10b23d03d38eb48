import Foundation
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

/// How to read accelerometer traces: `--units`, `--lenient`, `--unit-check` and `--time-unit`.
struct TraceOptions: ParsableArguments {
    @Option(help: "Unit of x,y,z in the trace: g (CoreMotion), ms2 (Android, m/s²) or auto (per file from the median |a| of its first rows: 0.5–2 is g, 4.9–19.6 is m/s², else refused; said on standard error).")
    var units: UnitsChoice = .g

    @Flag(help: "Skip bad rows with a warning on stderr instead of stopping at the first one.")
    var lenient = false

    @Flag(name: .customLong("unit-check"), inversion: .prefixedNo,
          help: "Refuse a trace whose median |a| says it is in the other unit, or whose timestamps look like milliseconds (--no-unit-check reads it anyway).")
    var unitCheck = true

    @Option(name: .customLong("time-unit"),
            help: ArgumentHelp("Unit of the timestamp column: auto (from the first rows; ambiguous ones are refused), s, ms, us or ns (since 1970).",
                               valueName: "unit"))
    var timeUnit: TimeUnitChoice = .auto

    @Option(name: .customLong("columns"),
            help: ArgumentHelp("Names of the columns to read, as timestamp=NAME,x=NAME,y=NAME,z=NAME (default: Locomotion's timestamp,x,y,z, AWARE's double_values_0..2 or RADAR-base's value.time,value.x,… found by name).",
                               valueName: "map"))
    var columns: ColumnMap?

    @Option(name: .customLong("repeat-gaps"),
            help: ArgumentHelp("Read a gap of at most this many seconds as repeats of the sample before it, at the trace's sampling interval (change-only collectors such as AWARE with a threshold drop unchanged samples; default: 60 with --layout aware, else 0: every gap over 1 s is a gap).",
                               valueName: "seconds"))
    var repeatGaps: Double?

    func validate() throws {
        if let repeatGaps, !(repeatGaps >= 0 && repeatGaps <= 86_400) {
            throw ValidationError("--repeat-gaps must be a number of seconds in 0…86400 (0: off), not \(repeatGaps)")
        }
    }

    /// `--repeat-gaps` when `--layout aware` is given and it is not: AWARE's accelerometer drops unchanged samples by
    /// default, and 60 s recovered still time without hiding a stopped collector for long (Docs/formats.md,
    /// "Low-rate and change-only sampling").
    static let awareRepeatGapSeconds = 60.0

    @Option(help: ArgumentHelp("Layout of the traces: auto (from each header), canonical (timestamp,x,y,z), aware (AWARE's accelerometer table, a participant per device_id in epochs and daily), beiwe or radar; a file whose header does not match is refused.",
                               valueName: "layout"))
    var layout: LayoutChoice = .auto

    var readingOptions: TraceReadingOptions {
        var options = TraceReadingOptions(units: units.unit ?? .g, lenient: lenient, checkUnits: unitCheck)
        options.detectsUnits = units == .auto
        options.layout = layout.layout
        options.timestampUnit = timeUnit.unit
        options.columnNames = columns?.names
        let repeatGapSeconds = repeatGaps ?? (layout == .aware ? Self.awareRepeatGapSeconds : 0)
        options.repeatGapLimit = repeatGapSeconds > 0 ? repeatGapSeconds : nil
        return options
    }
}

/// `--columns timestamp=…,x=…,y=…,z=…`: the four columns' names, each given once.
struct ColumnMap: ExpressibleByArgument {
    /// The names of the timestamp, x, y and z columns, in that order.
    let names: [String]

    init?(argument: String) {
        var named: [String: String] = [:]
        for pair in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, ["timestamp", "x", "y", "z"].contains(parts[0]), !parts[1].isEmpty,
                  named.updateValue(parts[1], forKey: parts[0]) == nil else { return nil }
        }
        guard named.count == 4 else { return nil }
        names = ["timestamp", "x", "y", "z"].map { named[$0]! }
    }
}

/// `--time-unit`: a ``TimestampUnit`` or `auto`.
/// `--layout`: `auto`, or one of ``TraceLayout``.
enum LayoutChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, canonical, aware, beiwe, radar

    var layout: TraceLayout? { self == .auto ? nil : TraceLayout(rawValue: rawValue) }
}

/// `--units`: an ``AccelerationUnit`` or `auto`.
enum UnitsChoice: String, CaseIterable, ExpressibleByArgument {
    case g, ms2, auto

    /// The unit to read in, nil to decide it per trace.
    var unit: AccelerationUnit? { self == .auto ? nil : AccelerationUnit(rawValue: rawValue) }
}

enum TimeUnitChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, s, ms, us, ns

    /// The unit to read in, nil to detect it.
    var unit: TimestampUnit? { self == .auto ? nil : TimestampUnit(rawValue: rawValue) }
}

extension AccelerationUnit: ExpressibleByArgument {}

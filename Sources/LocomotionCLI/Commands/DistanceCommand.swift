import ArgumentParser
import Foundation
@_spi(Tuning) import Locomotion
import LocomotionIO

struct DistanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "distance",
        abstract: "Daily distance from location fixes.",
        discussion: """
            Reads fixes from CSV (timestamp,latitude,longitude[,horizontal_accuracy][,speed]), GPX 1.1 or NMEA \
            ($--GGA/$--RMC) and writes one row per local day with the columns day, distance_m, accepted_fixes, \
            rejected_jumps, rejected_inaccurate, rejected_not_moving, rejected_out_of_order, rejected_invalid, \
            reanchors.

            GPX points without times are measured into one row with day `undated`; a new GPX track segment \
            starts afresh (no distance across the break) unless --join-segments.

            Rules (Docs/odometer.md): by default (--rule implied-speed) a fix is a jump when reaching it needs a speed \
            above what the activity allows (without --trace, a vehicle's 100 m/s unless the fixes' own speeds say \
            less), or after more than 600 s without fixes; a single fix that leaves and comes back is a spike; a fix \
            within the noise of the last one that reports a still speed is still (a parked phone adds nothing); \
            between sparse fixes that report speed, the integral of speed lengthens the chord. 3 consecutive \
            consistent fixes re-anchor after a jump or gap. A fix with horizontal accuracy worse than --max-accuracy \
            is used only for a step at least 10 times its accuracy. --rule fixed-distance (or --jump-limit M) is the \
            original apps' rule: a fix more than M metres (50) from the last accepted fix is a jump, steps are \
            chords. `off` switches a filter off; --no-filters switches them all off (a plain geodesic sum). Every \
            setting of the odometer can be given with --parameter NAME=VALUE.

            --details adds rejected_spikes, rejected_still (fixes dropped for those reasons), speed_steps and \
            speed_added_m (steps the fixes' speed lengthened, and by how much: the uncertainty of those steps) and \
            sparse_chord_steps (steps over more than 10 s measured by the chord alone: lower bounds).

            Several fix files (without --trace) are measured each on its own.

            With --time-zones (the map epochs and daily take), each fix counts on the local day of the zone in \
            force at its time, by the rule of daily: a day never goes back, so the day of a flight west goes on \
            until the new zone's date passes it (Europe/Rome → America/New_York: a 30-h day). The participant is \
            --participant, else the name of the --trace file (of the fix file without --trace) without its \
            extension.

            \(InputOptions.manyInputsHelp(files: "DIR/NAME.distance.csv (NAME.distance.jsonl with --format json)", kinds: ".csv, .gpx and .nmea files"))

            Examples:
              locomotion distance day-fixes.csv --time-zone Europe/Zurich
              locomotion distance day-fixes.csv --trace day.csv --moving on-foot
              # a participant who travelled (Docs/cohorts.md):
              locomotion distance p01-fixes.csv --trace p01.csv --time-zones zones.csv
              # a plain geodesic sum per day:
              locomotion distance ride.gpx --no-filters
              # the original apps' 50 m rule, and every reason a fix was dropped:
              locomotion distance walk.csv --rule fixed-distance --details
              # a tighter top speed for a log known to be on foot:
              locomotion distance run.gpx --parameter vehicleMaximumSpeed=15
              # every fix file of a folder in one table, `file` column first:
              locomotion distance converted/gsdc --jobs 2 > distances.csv
            """
    )

    @Argument(help: ArgumentHelp(
        "Location fixes (CSV, GPX or NMEA): files, folders, patterns, or '-' alone for standard input.",
        valueName: "fixes"))
    var fixes: [String]

    @Option(help: ArgumentHelp("Accelerometer trace (same clock as one fix file) for the moving gate: distance accrues only while the activity classifier says the person moves.", valueName: "file"))
    var trace: String?

    @Option(help: "With --trace, the activities that count as moving: on-foot, on-foot-and-cycling or any-movement.")
    var moving: String = RecordingGate.Policy.anyMovement.name

    @Option(help: ArgumentHelp("IANA time zone whose local days split the distance (default: this system's zone).", valueName: "zone"))
    var timeZone: String?

    @OptionGroup var zoneMap: ZoneMapOptions

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Local time at which each day starts, HH:MM (e.g. 03:00 for night shifts).", valueName: "HH:MM"))
    var dayStart: String = "00:00"

    @Option(help: "How jumps are judged: implied-speed (default) or fixed-distance (the original apps' 50 m rule).")
    var rule: Odometer.Configuration.Rule?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The fixed-distance rule's jump limit in metres from the last accepted fix, or `off` (implies --rule fixed-distance; default 50).",
        valueName: "metres"))
    var jumpLimit: Limit?

    @Option(parsing: .unconditional, help: "Largest trusted horizontal accuracy in metres, or `off`.")
    var maxAccuracy: Limit = Limit(Odometer.Configuration().maximumHorizontalAccuracy)

    @Option(parsing: .unconditional, help: "Consecutive consistent fixes that re-anchor the odometer after a jump or gap.")
    var reanchorFixes: Int = Odometer.Configuration().consistentFixesToReanchor

    @Flag(help: "Switch the jump and accuracy filters off: a plain geodesic sum per day.")
    var noFilters = false

    @Flag(help: "Measure across GPX track-segment breaks too (by default a new segment starts without distance).")
    var joinSegments = false

    @Flag(help: "Do not trust fixes that report no horizontal accuracy.")
    var requireAccuracy = false

    @Option(
        name: .customLong("parameter"),
        help: ArgumentHelp("Set an odometer parameter, NAME=VALUE (repeatable), e.g. stillSpeed=0.5 (Docs/parameters.md).",
                           valueName: "NAME=VALUE"))
    var parameters: [String] = []

    @Flag(help: "Add columns counting every dropped or shortened step by reason, and how steps were measured.")
    var details = false

    @OptionGroup var options: TracesOptions

    func run() async throws {
        try InputPaths.standardInputOnce(traces: [], fixes.map { ("the fixes", $0) } + [("--trace", trace)])
        guard let policy = RecordingGate.Policy.named(moving) else {
            throw CommandFailure.badUsage("--moving must be on-foot, on-foot-and-cycling or any-movement, not '\(moving)'")
        }
        let configuration = try odometerConfiguration()

        let inputs = try InputPaths.expandInputs(
            fixes, extensions: ["csv", "gpx", "nmea", "nma"],
            excluding: InputPaths.traceCompanionSuffixes.subtracting([".fixes.csv"]))
        if trace != nil && inputs.count > 1 {
            throw CommandFailure.badUsage("--trace belongs to one fix file; measure the files one by one to give each its trace")
        }
        // Each fix file's zones, by its participant: the trace's when there is one (as epochs and daily name it).
        let participantInputs = inputs.map { self.trace ?? $0 }
        let schedulesByParticipantInput = try zoneMap.schedules(of: participantInputs, timeZone: timeZone)
        let schedules = Dictionary(zip(inputs, participantInputs.map { schedulesByParticipantInput[$0]! }),
                                   uniquingKeysWith: { first, _ in first })
        let format = options.output.format
        var plan = OutputPlan(reading: inputs + [trace])
        let writer = try plan.resultWriter(
            inputs: inputs, output: options.output.output, outputDirectory: options.inputs.outputDirectory,
            suffix: format == .csv ? ".distance.csv" : ".distance.jsonl", shape: format == .csv ? .csvTable : .jsonLines)
        let trace = trace, readingOptions = options.trace.readingOptions, joinSegments = joinSegments, details = details
        let configured = configuration
        let todo = try options.inputs.pending(options.inputs.selected(inputs), writers: [writer])
        try await InputBatch(inputs: todo, jobs: options.inputs.jobs).run(
            progress: ProgressLine(quiet: options.inputs.quiet)
        ) { path, diagnostics, _ in
            let zones = schedules[path]!
            let file = try FixReader.readFile(path: path, options: FixReadingOptions(lenient: readingOptions.lenient))
            diagnostics += LenientReport.text(file.warnings, skipped: file.warnings.count, in: path)
            let odometer: Odometer
            let warning: String?
            if let trace {
                // The moving gate: the classifier run over the whole trace (each decision on all its evidence, as
                // `label` decides), distance accruing while it reports an activity of --moving.
                var configuration = MotionEngine.Configuration()
                configuration.odometer = configured
                configuration.odometer.movingActivities = policy.recordedActivities
                configuration.countsSteps = false  // distance needs no steps
                var engine = MotionEngine(configuration: configuration, zones: zones, smoothing: .full)
                var run = RecordedTrace(fixes: file, joinsSegments: joinSegments)
                var source = try TraceInput(path: trace, options: readingOptions)
                diagnostics += source.unitDecisionLine ?? ""
                try run.run(&source, through: &engine) { _ in }
                diagnostics += LenientReport.text(source.warnings, skipped: source.skippedRowCount, in: trace)
                try TraceSpan.requireTwoSamples(run.sampleCount, file: trace)
                try TraceSpan.checkOverlap(traceStart: run.firstSampleTime!, traceEnd: run.lastSampleTime!,
                                           fixTimes: file.fixes.map(\.time), trace: trace, fixes: path,
                                           diagnostics: &diagnostics)
                odometer = engine.odometer
                warning = run.fixesOutOfOrderWarning
            } else {
                // The odometer alone, fed the fixes in the recording order.
                var measured = Odometer(configuration: configured, timeZone: zones.initial)
                measured.follow(zones)
                var inputs = RecordedInputs(fixes: file.fixes, segmentStarts: file.segmentStarts, joinsSegments: joinSegments)
                inputs.endSamples()
                while let input = inputs.next() { measured.push(input) { _ in } }
                odometer = measured
                warning = file.outOfOrderWarning(count: inputs.outOfOrderFixCount, first: inputs.firstOutOfOrderFix)
            }
            if let warning { diagnostics += "locomotion: \(warning)\n" }
            let table: ResultTable = details ? .distanceDetails : .distance
            var text = table.header(format)
            for tally in odometer.history + (odometer.undated.map { [$0] } ?? []) {
                text += TableRows.distance(tally, format: format, details: details)
            }
            return text
        } deliver: { _, path, text in
            try writer.write(text, for: path)
        } finish: {
            try writer.finish()
        }
    }

    /// The odometer's configuration from the options, each checked against its parameter's range.
    func odometerConfiguration() throws -> Odometer.Configuration {
        if jumpLimit != nil && rule == .impliedSpeed {
            throw CommandFailure.badUsage("--jump-limit is the fixed-distance rule's limit; with --rule implied-speed set "
                + "the speeds with --parameter (e.g. vehicleMaximumSpeed=40)")
        }
        var configuration = Odometer.Configuration()
        configuration.rule = rule ?? (jumpLimit == nil ? .impliedSpeed : .fixedDistance)
        configuration.jumpLimit = jumpLimit?.value ?? configuration.jumpLimit
        configuration.maximumHorizontalAccuracy = maxAccuracy.value
        configuration.trustsFixesWithoutAccuracy = !requireAccuracy
        configuration.consistentFixesToReanchor = reanchorFixes
        configuration.dayStart = try Self.parseDayStart(dayStart)
        try ParameterOptions.check(configuration, options: [
            "jumpLimit": "--jump-limit", "maximumHorizontalAccuracy": "--max-accuracy",
            "consistentFixesToReanchor": "--reanchor-fixes", "dayStart": "--day-start",
        ])
        configuration = try ParameterOptions.configuration(configuration, settings: parameters)
        if noFilters {
            configuration.rule = .fixedDistance
            configuration.jumpLimit = .infinity
            configuration.maximumHorizontalAccuracy = .infinity
        }
        return configuration
    }

    /// The zone named by --time-zone, or the system's (read here, at the edge, never in the library).
    func resolveTimeZone() throws -> TimeZone { try Self.resolveTimeZone(timeZone) }

    /// The zone named `name` (``TimeZoneName``), or the system's when nil.
    /// - Throws: ``CommandFailure`` (bad usage) for a name that is not a zone.
    static func resolveTimeZone(_ name: String?) throws -> TimeZone {
        guard let name else { return TimeZone.current }
        guard let zone = TimeZoneName.zone(name) else {
            throw CommandFailure.badUsage(TimeZoneName.problem(name))
        }
        return zone
    }

    /// `HH:MM` → seconds after midnight.
    static func parseDayStart(_ text: String) throws -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2,
              let hours = Int(parts[0]), let minutes = Int(parts[1]),
              (0..<24).contains(hours), (0..<60).contains(minutes) else {
            throw CommandFailure.badUsage("--day-start '\(text)' is not a time HH:MM between 00:00 and 23:59")
        }
        return hours * 3600 + minutes * 60
    }
}

/// A filter limit in metres: a number, or `off` (infinity); its range is the odometer parameter's.
struct Limit: ExpressibleByArgument {
    var value: Double

    init(_ value: Double) { self.value = value }

    init?(argument: String) {
        guard let value = argument.lowercased() == "off" ? .infinity : Double(argument) else { return nil }
        self.value = value
    }

    var defaultValueDescription: String { value.isInfinite ? "off" : String(format: "%g", value) }
}

extension Odometer.Configuration.Rule: ExpressibleByArgument {}

import ArgumentParser
import Foundation
import LocomotionIO
import Locomotion

/// The options `epochs` and `daily` share: participants, time zone and days, fixes, the extra tables.
struct TableOptions: ParsableArguments {
    // Unconditional: a name may start with `-` (`-dash`); the parser took it for an option ("Missing value").
    @Option(parsing: .unconditional,
            help: ArgumentHelp("The participant of every input (they are read as one recording, in time order).", valueName: "name"))
    var participant: String?

    @Option(name: .customLong("participant-from"),
            help: ArgumentHelp("Read each input's participant from its path, e.g. '{participant}/*.csv' (Docs/cohorts.md); a participant's files are read as one recording, in time order.",
                               valueName: "pattern"))
    var participantPattern: String?

    @Option(help: ArgumentHelp("IANA time zone whose local time places epochs and days (default: this system's zone).", valueName: "zone"))
    var timeZone: String?

    @Option(name: .customLong("time-zones"),
            help: ArgumentHelp("CSV of each participant's time zones over time: RAPIDS' device_id,tzcode,timestamp (ms) or participant,time_zone,from (Docs/cohorts.md); participants absent from it use --time-zone.",
                               valueName: "file"))
    var timeZones: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Local time at which each day starts, HH:MM (e.g. 03:00 for night shifts).", valueName: "HH:MM"))
    var dayStart: String = "00:00"

    @Option(help: ArgumentHelp("Location fixes of the participant (CSV, GPX or NMEA), for distance_m; one participant only.", valueName: "file"))
    var fixes: String?

    @Flag(name: .customLong("companion-fixes"),
          help: "Use the fixes beside each trace, NAME.fixes.csv next to NAME.csv, where they exist.")
    var companionFixes = false

    @Option(help: "The gating policy whose recording mode high_accuracy_share reports: on-foot, on-foot-and-cycling or any-movement.")
    var policy: RecordingGate.Policy = .onFoot

    @Option(name: .customLong("minimum-hours"), parsing: .unconditional,
            help: ArgumentHelp("Days with fewer hours of data are flagged low_data in the daily table.", valueName: "hours"))
    var minimumHours: Double = RecordingTables.defaultMinimumCoveredHours

    @Option(name: .customLong("minimum-carried-hours"), parsing: .unconditional,
            help: ArgumentHelp("Days with at least this many hours of the phone carried are valid in the daily table (GGIR's and stepmetrics' 10-hour rule, carried time as wear time).",
                               valueName: "hours"))
    var minimumCarriedHours: Double = RecordingTables.defaultMinimumCarriedHours

    @Option(help: ArgumentHelp("With --output-dir, also write this table from the same pass (epochs, daily, segments, participants or bouts; repeat for several).",
                               valueName: "table"))
    var also: [TableRows.Table] = []

    func validate() throws {
        if participant != nil && participantPattern != nil {
            throw ValidationError("give --participant or --participant-from, not both")
        }
        if let participant, participant.hasPrefix("--") {
            // Taken unconditionally: `--participant --time-zone UTC` forgot the name.
            throw ValidationError("--participant '\(participant)' looks like an option: give the participant's name after --participant")
        }
        if fixes != nil && companionFixes { throw ValidationError("give --fixes or --companion-fixes, not both") }
        try ParameterOptions.validating {
            try ParameterOptions.check(minimumHours, option: "--minimum-hours", in: 0...25, unit: "h")
            try ParameterOptions.check(minimumCarriedHours, option: "--minimum-carried-hours", in: 0...25, unit: "h")
        }
    }

    /// How inputs map to participants.
    func naming() throws -> ParticipantNaming {
        if let participant { return .single(participant) }
        if let participantPattern { return .pattern(try ParticipantPattern(participantPattern)) }
        return .perFile
    }

    /// The zone named by --time-zone, or the system's (read here, at the edge, never in the library).
    func resolveTimeZone() throws -> TimeZone { try DistanceCommand.resolveTimeZone(timeZone) }

    /// The zones of each participant: from --time-zones (participants absent from it fall back to --time-zone,
    /// and without --time-zone are an error), else --time-zone or the system's zone for everyone.
    func resolveZones() throws -> ParticipantZones {
        guard let timeZones else { return ParticipantZones(map: nil, fallback: try resolveTimeZone()) }
        let fallback = try timeZone.map { try DistanceCommand.resolveTimeZone($0) }
        return ParticipantZones(map: try TimeZoneMap(contentsOf: timeZones), fallback: fallback)
    }
}

extension TableRows.Table: ExpressibleByArgument {}

import ArgumentParser
import Foundation
import Locomotion
import LocomotionIO

/// `--time-zones` and `--participant` for `summarize`, `distance` and `plot`: the zones a participant lived in, from
/// the map `epochs` and `daily` take (``TimeZoneMap``), each input one participant's — `--participant`, else the
/// input's file name without its extension, as `epochs` and `daily` name a file's participant.
struct ZoneMapOptions: ParsableArguments {
    @Option(name: .customLong("time-zones"),
            help: ArgumentHelp("CSV of participants' time zones over time: RAPIDS' device_id,tzcode,timestamp (ms) or participant,time_zone,from (Docs/cohorts.md); days and clock times follow the zone in force at each time. A participant absent from it uses --time-zone (without it, exit 1).",
                               valueName: "file"))
    var timeZones: String?

    // Unconditional: a name may start with `-` (`-dash`), as in epochs and daily.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("The participant of the inputs in the --time-zones map (default: each input's file name without its extension, as epochs and daily name it).",
                               valueName: "name"))
    var participant: String?

    func validate() throws {
        if let participant, participant.hasPrefix("--") {
            throw ValidationError("--participant '\(participant)' looks like an option: give the participant's name after --participant")
        }
        if participant != nil && timeZones == nil {
            throw ValidationError("--participant names the participant in the --time-zones map: give --time-zones too")
        }
    }

    /// The participant of `input`: `--participant`, else the file name without its extension (`ParticipantNaming.perFile`).
    func participant(of input: String) -> String { participant ?? ResultWriter.baseName(of: input) }

    /// The schedule of each of `inputs` (keyed by the input): from the map when `--time-zones` is given (a participant
    /// absent from it falls back to `timeZone`, and without one is an error), else `timeZone` (the system's zone when
    /// nil) for every input. Read once, before anything is computed, so that a missing participant stops the run
    /// before any output.
    /// - Throws: ``InputError`` for a bad map or a participant absent from it without `--time-zone`;
    ///   ``CommandFailure`` (bad usage) for a bad zone name.
    func schedules(of inputs: [String], timeZone: String?) throws -> [String: ZoneSchedule] {
        guard let timeZones else {
            let zone = ZoneSchedule(try DistanceCommand.resolveTimeZone(timeZone))
            return Dictionary(inputs.map { ($0, zone) }, uniquingKeysWith: { first, _ in first })
        }
        let zones = ParticipantZones(map: try TimeZoneMap(contentsOf: timeZones),
                                     fallback: try timeZone.map { try DistanceCommand.resolveTimeZone($0) })
        var schedules: [String: ZoneSchedule] = [:]
        for input in inputs where schedules[input] == nil {
            schedules[input] = try zones.schedule(of: participant(of: input))
        }
        return schedules
    }

    /// How clock times read under `schedule`: one zone's clock, or the zone in force at each time.
    static func labels(_ schedule: ZoneSchedule) -> TimeAxis.Labels {
        schedule.changes.isEmpty ? .absolute(schedule.initial) : .scheduled(schedule)
    }

    /// The name of the zones of `schedule` for reports: one zone's name (`UTC` under any of its names), or each
    /// zone in order, `Europe/Rome → America/New_York`.
    static func name(_ schedule: ZoneSchedule) -> String {
        var names: [String] = []
        for zone in [schedule.initial] + schedule.changes.map(\.zone) {
            let name = TimeAxis.isUniversal(zone) ? "UTC" : zone.identifier
            if names.last != name { names.append(name) }
        }
        return names.joined(separator: " → ")
    }
}

import Foundation
import Locomotion
import LocomotionIO

/// Where each participant's local days come from: a `--time-zones` map (with `--time-zone`, if given, for
/// participants absent from it), or one zone for everyone.
struct ParticipantZones: Sendable {
    var map: TimeZoneMap?
    /// `--time-zone` (or, without a map, the system's zone); nil when only a map was given.
    var fallback: TimeZone?

    /// The schedule of `participant`.
    /// - Throws: ``InputError`` when the map lacks the participant and there is no `--time-zone`.
    func schedule(of participant: String) throws -> ZoneSchedule {
        if let map { return try map.schedule(of: participant, fallback: fallback) }
        return ZoneSchedule(fallback ?? TimeZone(identifier: "UTC")!)
    }

    /// The zone of messages and of checks that need one (the fallback, else UTC).
    var representative: TimeZone { fallback ?? TimeZone(identifier: "UTC")! }
}

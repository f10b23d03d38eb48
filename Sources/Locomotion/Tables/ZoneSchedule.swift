import Foundation

/// The time zones a participant lived in, in time order: a zone, then zero or more changes, each a zone that
/// applies from an instant on (a flight, a move). One zone is the schedule with no changes.
///
/// Local time is `zone(at: t)`'s local time at `t`, daylight saving included, so a change of zone is to the
/// epoch grid what a change of UTC offset is: Europe/Rome → America/New_York at 14:00 UTC sets the clock back
/// six hours (the day of the flight lasts 30 h), the way back forward six hours (18 h). Days never go backwards
/// (``EpochAccumulator``): when the new zone's date is earlier than the day under way, that day continues until
/// the new zone's date passes it.
package struct ZoneSchedule: Sendable, Hashable, Codable {
    /// The zone before the first change (and at every instant when there is none).
    package let initial: TimeZone
    /// Each change: the instant (s since 1970, UTC) from which `zone` applies; strictly increasing times.
    package let changes: [Change]

    /// A zone that applies from `time` (s since 1970, UTC) until the next change.
    package struct Change: Sendable, Hashable, Codable {
        package var time: Double
        package var zone: TimeZone

        package init(time: Double, zone: TimeZone) {
            self.time = time
            self.zone = zone
        }
    }

    /// One zone, always.
    package init(_ zone: TimeZone) {
        initial = zone
        changes = []
    }

    /// `initial`, then each of `changes` from its time on; nil when the times are not strictly increasing or not
    /// finite.
    package init?(initial: TimeZone, changes: [Change]) {
        guard changes.allSatisfy({ $0.time.isFinite }),
              zip(changes, changes.dropFirst()).allSatisfy({ $0.time < $1.time }) else { return nil }
        self.initial = initial
        self.changes = changes
    }

    /// The zone in force at `time` (s since 1970, UTC): the last change at or before it, else `initial`.
    /// - Complexity: O(log changes).
    package func zone(at time: Double) -> TimeZone {
        var low = 0, high = changes.count  // the first change after `time` lies in low..<high
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? initial : changes[low - 1].zone
    }

    /// The UTC offset (s) in force at `time`: `zone(at:)`'s, daylight saving included.
    /// - Complexity: O(log changes).
    package func offset(at time: Double) -> Int {
        zone(at: time).secondsFromGMT(for: Date(timeIntervalSince1970: time))
    }
}

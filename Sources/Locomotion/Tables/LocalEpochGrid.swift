import Foundation

/// Epoch boundaries on local time: where an epoch starts and ends, and which local day it belongs to.
///
/// An epoch is the interval between two consecutive instants whose local time is a multiple of the length
/// (counted from local midnight). Around a change of UTC offset the local boundaries are mapped back to
/// absolute time one by one, so epochs never overlap and never leave a hole: on a fall-back night the repeated
/// local hour has its own epochs; on a spring-forward night the missing hour has none. An offset change is always
/// an epoch boundary: one that does not fall on a boundary of the grid (Australia/Lord_Howe's 30-minute shift with
/// hour-long epochs, a zone change at 14:10) ends the epoch it falls in there, and the next epoch starts at the
/// change, at the new offset's local time, and ends at the new offset's next boundary — so no epoch spans two
/// offsets, and Lord Howe's repeated half hour (01:30–02:00 at +10:30) is an epoch of its own. A change of zone
/// (``ZoneSchedule``) is one more change of offset. At most one change of offset within one epoch's length is
/// looked for (a length divides a day; zones change their offset at most twice a year).
struct LocalEpochGrid: Sendable, Hashable {
    let length: Int
    let zones: ZoneSchedule
    let dayStart: Int

    init(_ configuration: RecordingTables.Configuration) {
        length = configuration.length
        zones = configuration.zones
        dayStart = configuration.dayStart
    }

    /// The UTC offset (s) in force at `time`.
    func offset(at time: Double) -> Int {
        zones.offset(at: time)
    }

    /// Start (s) of the epoch that contains `time`: the boundary of the grid at or before it in the offset in force
    /// at `time`, or the change of offset between that boundary and `time` when there is one.
    /// - Complexity: O(1) look-ups of the offset, O(log length) when an offset change is near.
    func epochStart(containing time: Double) -> Double {
        let offset = Double(offset(at: time))
        let span = Double(length)
        let boundary = ((time + offset) / span).rounded(.down) * span - offset
        guard boundary < time, let change = offsetChange(after: boundary, through: time) else { return boundary }
        return change
    }

    /// End (s) of the epoch that starts at `start`: the next boundary of the grid in the offset in force at
    /// `start`, or the first change of offset before it.
    /// - Complexity: O(1) look-ups of the offset, O(log length) when an offset change is near.
    func epochEnd(startingAt start: Double) -> Double {
        let offset = Double(offset(at: start))
        let span = Double(length)
        let boundary = (((start + offset) / span).rounded(.down) + 1) * span - offset
        return offsetChange(after: start, through: boundary) ?? boundary
    }

    /// The first instant in `(after, through]` at which the UTC offset differs from the one at `after`, or nil.
    /// A change of zone is taken at its instant; a change within a zone (daylight saving, a new standard offset)
    /// is found by bisection to the second (zones change on whole seconds).
    private func offsetChange(after start: Double, through end: Double) -> Double? {
        guard start.isFinite, end.isFinite, start < end else { return nil }
        let base = offset(at: start)
        let zone = zones.zone(at: start)
        // The zone in force at `start` holds until the next change of zone (when it comes before `end`).
        let zoneChange = zones.changes.first(where: { $0.time > start && $0.time <= end })?.time
        let zoneEnd = zoneChange ?? end
        func zoneOffset(_ time: Double) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: time)) }
        if zoneOffset(zoneEnd) != base {
            var low = start, high = zoneEnd
            while high - low > 1 {
                let middle = ((low + high) / 2).rounded(.down)
                guard middle > low, middle < high else { break }
                if zoneOffset(middle) == base { low = middle } else { high = middle }
            }
            if zoneChange == nil || high < zoneEnd { return high }
        }
        if let zoneChange, offset(at: zoneChange) != base { return zoneChange }
        return nil
    }

    /// The local day (days since 1970-01-01 of local time minus the day start) of the epoch starting at `start`.
    func dayNumber(ofEpochStartingAt start: Double) -> Int {
        let local = start + Double(offset(at: start) - dayStart)
        // Finite but absurd times must not trap.
        return Int(max(-1e15, min(1e15, (local / Double(RecordingTables.Configuration.secondsPerDay)).rounded(.down))))
    }
}

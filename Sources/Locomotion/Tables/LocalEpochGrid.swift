import Foundation

/// Epoch boundaries on local time: where an epoch starts and ends, and which local day it belongs to.
///
/// An epoch is the interval between two consecutive instants whose local time is a multiple of the length
/// (counted from local midnight). Around a change of UTC offset the local boundaries are mapped back to
/// absolute time one by one, so epochs never overlap and never leave a hole: on a fall-back night the repeated
/// local hour has its own epochs; on a spring-forward night the missing hour has none. An offset change that
/// does not fall on a boundary (e.g. a 30-minute shift with hour-long epochs) shortens the epoch it falls in. A
/// change of zone (``ZoneSchedule``) is one more change of offset.
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

    /// Start (s) of the epoch that contains `time`. O(1): one offset look-up.
    func epochStart(containing time: Double) -> Double {
        let offset = Double(offset(at: time))
        let local = time + offset
        let span = Double(length)
        return (local / span).rounded(.down) * span - offset
    }

    /// End (s) of the epoch that starts at `start`: the start of the epoch containing `start + length`, or
    /// `start + length` when an offset change would put that at or before `start`.
    func epochEnd(startingAt start: Double) -> Double {
        let naive = start + Double(length)
        let next = epochStart(containing: naive)
        return next > start ? next : naive
    }

    /// The local day (days since 1970-01-01 of local time minus the day start) of the epoch starting at `start`.
    func dayNumber(ofEpochStartingAt start: Double) -> Int {
        let local = start + Double(offset(at: start) - dayStart)
        // Finite but absurd times must not trap.
        return Int(max(-1e15, min(1e15, (local / Double(RecordingTables.Configuration.secondsPerDay)).rounded(.down))))
    }
}

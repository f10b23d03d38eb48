/// What happened on one local day: a row of the per-day table (`locomotion daily`), the sum of the day's
/// epochs (``EpochSummary``).
package struct DaySummary: Sendable, Hashable, Codable {
    /// The local day.
    package var day: LocalDay
    /// Start of the day's first epoch and end of its last, seconds (the input's clock). The first and last day of
    /// a recording begin and end with the recording's epochs, not at midnight.
    package var start: Double
    package var end: Double
    /// What happened on the day: its epochs' tallies added up.
    package var tally = RecordingTally()
    /// True when the day has fewer covered hours than ``DayAccumulator``'s minimum: too little data to compare
    /// with full days. Such a day is reported, flagged, never dropped.
    package var hasTooLittleData = false
    /// True when the phone was carried at least ``DayAccumulator/minimumCarriedHours``: a valid day, in the sense of
    /// the wear-time rule of GGIR and stepmetrics (≥ 10 h of wear, `includedaycrit`).
    package var isValid = false
    /// The step count of each minute of the day the phone was carried for at least half of (its 60-s epochs).
    package var minuteCadences = MinuteCadences()

    /// An empty day.
    package init(day: LocalDay, start: Double, end: Double) {
        self.day = day
        self.start = start
        self.end = end
    }

    /// Hours covered by data.
    package var coveredHours: Double { tally.coveredSeconds / 3600 }

    /// Hours the phone was carried.
    package var carriedHours: Double { tally.carriedSeconds / 3600 }

    /// Adds one epoch of the day (in time order); a minute-long epoch carried for at least half its length counts
    /// towards the day's cadence metrics. O(1).
    mutating func add(_ epoch: EpochSummary) {
        end = epoch.end
        tally.add(epoch.tally)
        if epoch.length <= 60, epoch.length > 0, epoch.tally.carriedSeconds >= epoch.length / 2 {
            minuteCadences.add(steps: epoch.tally.steps)
        }
    }
}

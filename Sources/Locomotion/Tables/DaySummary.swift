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

    /// An empty day.
    package init(day: LocalDay, start: Double, end: Double) {
        self.day = day
        self.start = start
        self.end = end
    }

    /// Hours covered by data.
    package var coveredHours: Double { tally.coveredSeconds / 3600 }

    /// Adds one epoch of the day (in time order). O(1).
    mutating func add(_ epoch: EpochSummary) {
        end = epoch.end
        tally.add(epoch.tally)
    }
}

/// What happened in one epoch: a row of the per-minute table (`locomotion epochs`).
///
/// Durations count only time inside the recording (from its first to its last sample): the first and last
/// epochs are partial. A gap in the data is still inside the recording: the classifier reports it as
/// ``MotionActivity/unknown`` and the covered seconds leave it out, so nothing is filled in.
package struct EpochSummary: Sendable, Hashable, Codable {
    /// Start of the epoch, seconds (the input's clock).
    package var start: Double
    /// End of the epoch (exclusive), seconds.
    package var end: Double
    /// UTC offset (s) of the epoch's time zone at `start`: `start + utcOffset` is the local wall-clock time.
    package var utcOffset: Int
    /// The local day the epoch belongs to.
    package var day: LocalDay
    /// What happened in the epoch.
    package var tally = RecordingTally()

    /// An empty epoch.
    package init(start: Double, end: Double, utcOffset: Int, day: LocalDay) {
        self.start = start
        self.end = end
        self.utcOffset = utcOffset
        self.day = day
    }

    /// Nominal length of the epoch, seconds (`end − start`).
    package var length: Double { end - start }

    /// Share of the epoch's length covered by data, 0…1.
    package var coverage: Double { length > 0 ? tally.coveredSeconds / length : 0 }
}

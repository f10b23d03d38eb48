/// Sums epochs (``EpochSummary``, from ``EpochAccumulator``) into local days: the streaming builder of the
/// per-day table (`locomotion daily`).
///
/// A stage of the streaming contract (<doc:StreamingStages>): ``push(_:emit:)`` the epochs in the order they are
/// emitted; a day is emitted when the first epoch of a later day arrives, and the last one by ``finish(emit:)``. A day with fewer covered hours than ``minimumCoveredHours`` is flagged
/// (``DaySummary/hasTooLittleData``), never dropped. Days without any epoch (inside a long gap the epochs are
/// still emitted, so only days before or after the recording) have no row.
///
/// - Complexity: O(1) per epoch, constant memory.
package struct DayAccumulator: Sendable {
    /// The fewest hours covered by data for a day to count as complete. 10 h by default, the usual valid-day
    /// rule of accelerometry studies (a day with at least 10 hours of wear).
    package let minimumCoveredHours: Double

    /// The fewest hours carried for a day to be valid (``DaySummary/isValid``): 10 h by default, GGIR's and
    /// stepmetrics' valid-day rule with the phone's carried time as its wear time.
    package let minimumCarriedHours: Double

    private var current: DaySummary?

    /// Creates an accumulator that flags days with fewer than `minimumCoveredHours` of data and calls valid those
    /// carried at least `minimumCarriedHours`.
    package init(minimumCoveredHours: Double = RecordingTables.defaultMinimumCoveredHours,
                 minimumCarriedHours: Double = RecordingTables.defaultMinimumCarriedHours) {
        self.minimumCoveredHours = minimumCoveredHours
        self.minimumCarriedHours = minimumCarriedHours
    }

    /// Takes the next epoch and calls `emit` with the previous day when the epoch starts a new one.
    /// - Complexity: O(1).
    package mutating func push(_ epoch: EpochSummary, emit: (DaySummary) -> Void) {
        if let day = current, day.day != epoch.day {
            emitCurrent(emit)
        }
        if current == nil { current = DaySummary(day: epoch.day, start: epoch.start, end: epoch.end) }
        current?.add(epoch)
    }

    /// The input has ended: calls `emit` with the day still open, if any.
    /// - Complexity: O(1).
    package mutating func finish(emit: (DaySummary) -> Void) {
        emitCurrent(emit)
    }

    private mutating func emitCurrent(_ emit: (DaySummary) -> Void) {
        guard var day = current else { return }
        day.hasTooLittleData = day.coveredHours < minimumCoveredHours
        day.isValid = day.carriedHours >= minimumCarriedHours
        current = nil
        emit(day)
    }
}

/// One participant over their valid days (``DaySummary/isValid``): a row of the person-level table
/// (`locomotion daily --also participants`), the unit most analyses start from (stepmetrics' `personSummary`).
///
/// Every "per day" value is a mean over the valid days; the cadence metrics average the days that have them (a day
/// with fewer than 30 carried minutes has no 30-minute peak, as stepmetrics' `exclude_pk30_0` leaves out such days).
/// With no valid day, every value is nil.
package struct ParticipantSummary: Sendable, Hashable {
    /// Days with a row in the daily table, valid or not.
    package var dayCount = 0
    /// Valid days.
    package var validDayCount = 0
    /// Steps per valid day: mean and median.
    package var stepsPerDayMean: Double?
    package var stepsPerDayMedian: Double?
    /// Seconds of each activity per valid day (mean).
    package var activitiesPerDay: ActivityDurations?
    /// Metres per valid day (mean; 0 without fixes).
    package var distancePerDay: Double?
    /// Hours carried per valid day (mean).
    package var carriedHoursPerDay: Double?
    /// The daily cadence metrics (steps/min), each the mean over the valid days that have it.
    package var cadencePeak1: Double?
    package var cadencePeak30: Double?
    package var cadencePercentile95: Double?

    /// No day yet.
    package init() {}
}

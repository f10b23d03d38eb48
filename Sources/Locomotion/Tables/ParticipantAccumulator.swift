/// Sums a participant's days (``DaySummary``, from ``DayAccumulator``) into one ``ParticipantSummary``.
///
/// - Complexity: O(1) per day, O(d log d) for the summary; memory: one step count per valid day (the median needs
///   them all), a few numbers otherwise.
package struct ParticipantAccumulator: Sendable {
    private var dayCount = 0
    private var stepsPerDay: [Int] = []
    private var activities = ActivityDurations()
    private var distance = 0.0
    private var carriedSeconds = 0.0
    private var peak1 = Mean(), peak30 = Mean(), percentile95 = Mean()

    /// Nothing yet.
    package init() {}

    /// Takes one day of the participant; only valid days count towards the per-day values.
    package mutating func push(_ day: DaySummary) {
        dayCount += 1
        guard day.isValid else { return }
        stepsPerDay.append(day.tally.steps)
        activities.add(day.tally.activities)
        distance += day.tally.distance
        carriedSeconds += day.tally.carriedSeconds
        peak1.add(day.minuteCadences.peak(minutes: 1))
        peak30.add(day.minuteCadences.peak(minutes: 30))
        percentile95.add(day.minuteCadences.quantile(0.95))
    }

    /// The participant's row.
    package var summary: ParticipantSummary {
        var summary = ParticipantSummary()
        summary.dayCount = dayCount
        summary.validDayCount = stepsPerDay.count
        guard !stepsPerDay.isEmpty else { return summary }
        let days = Double(stepsPerDay.count)
        let sorted = stepsPerDay.sorted()
        summary.stepsPerDayMean = Double(sorted.reduce(0, +)) / days
        summary.stepsPerDayMedian = Double(sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
        var perDay = ActivityDurations()
        for activity in MotionActivity.allCases { perDay[activity] = activities[activity] / days }
        summary.activitiesPerDay = perDay
        summary.distancePerDay = distance / days
        summary.carriedHoursPerDay = carriedSeconds / 3600 / days
        summary.cadencePeak1 = peak1.value
        summary.cadencePeak30 = peak30.value
        summary.cadencePercentile95 = percentile95.value
        return summary
    }

    /// A mean of the values given (nil ones left out).
    private struct Mean: Sendable {
        var sum = 0.0, count = 0
        mutating func add(_ value: Double?) {
            guard let value else { return }
            sum += value
            count += 1
        }
        var value: Double? { count > 0 ? sum / Double(count) : nil }
    }
}

/// What an ``Odometer`` did with one location fix, and where the day stands: what it emits for every fix (and what
/// a ``MotionEngine`` passes on as ``MotionEvent/distance(_:)``).
public struct DistanceUpdate: Sendable, Hashable, Codable {
    /// Time of the fix (s), or NaN for a fix given without a time (counted in the undated tally).
    public var time: Double
    /// Accepted (with the metres added), rejected (with the reason) or re-anchored (with the metres observed).
    public var outcome: FixOutcome
    /// The tally of the local day the fix counted on, after it: the day's distance so far in metres and its fixes
    /// by outcome (the undated tally for a fix without a time).
    public var tally: DailyDistance
    /// The new tallies of earlier days, when a re-anchoring credited fixes of a run of jumps that began on an earlier
    /// day (the run's fixes count on their own days); almost always empty.
    public var earlierTallies: [DailyDistance]

    /// Creates an update.
    package init(time: Double, outcome: FixOutcome, tally: DailyDistance, earlierTallies: [DailyDistance] = []) {
        self.time = time
        self.outcome = outcome
        self.tally = tally
        self.earlierTallies = earlierTallies
    }
}

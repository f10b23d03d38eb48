extension MotionEngine {
    /// The time (s) before which no event of this engine will carry a time any more, or nil before the first
    /// sample: the classifier's ``settledTime`` (activity updates are back-dated to where the activity began), the
    /// carry detector's ``carrySettledTime`` (a phone put down is reported from the start of its still stretch), and
    /// the latest sample less the longest delay of the step detector (a bout's steps are reported once the bout
    /// is confirmed, its end a pause after its last step). Advance a table built from the events here
    /// (``EpochAccumulator/advance(to:emit:)``).
    /// - Complexity: O(1).
    ///
    /// The step detector's delay is bounded from its configuration: a bout is confirmed within
    /// `maximumPendingSteps` candidates of its first step, each at most `maximumStepInterval` after the previous
    /// one, plus one interval for the pause that ends a bout and one more for the candidate still being
    /// detected, plus the periodicity window it is judged over.
    package var eventSettledTime: Double? {
        guard let settled = settledTime, let last = lastSampleTime else { return nil }
        let steps = configuration.steps
        let stepDelay = Double(steps.maximumPendingSteps + 2) * steps.maximumStepInterval + steps.periodicityWindow
        return min(settled, last - stepDelay, carrySettledTime ?? .infinity)
    }
}

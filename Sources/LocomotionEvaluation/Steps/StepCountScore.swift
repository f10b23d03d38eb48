import Locomotion

/// A counted step total scored against the true one.
package struct StepCountScore: Sendable, Hashable, Codable {
    /// The true number of steps (ground truth).
    package var trueSteps: Int
    /// The number of steps counted.
    package var countedSteps: Int

    /// Scores `countedSteps` against `trueSteps`.
    package init(trueSteps: Int, countedSteps: Int) {
        self.trueSteps = trueSteps
        self.countedSteps = countedSteps
    }

    /// Counted minus true (positive: over-counting).
    package var error: Int { countedSteps - trueSteps }

    /// Signed error as a percentage of the true count, `100 · (counted − true) / true`;
    /// nil when the true count is zero.
    package var percentError: Double? {
        trueSteps > 0 ? 100 * Double(error) / Double(trueSteps) : nil
    }
}

import Locomotion

/// Counts of (true activity, predicted activity) pairs, with the usual scores.
///
/// Used per second of a labelled trace by `ActivityScorer` and `locomotion evaluate`. Rows are the truth,
/// columns the prediction; `unknown` may appear as a prediction (it counts against recall).
package struct ActivityConfusionMatrix: Sendable, Hashable, Codable {
    /// `counts[truth][predicted]`.
    package private(set) var counts: [MotionActivity: [MotionActivity: Int]] = [:]

    /// Creates an empty matrix.
    package init() {}

    /// Adds `count` observations of `truth` predicted as `predicted`.
    /// - Complexity: O(1).
    package mutating func add(truth: MotionActivity, predicted: MotionActivity, count: Int = 1) {
        counts[truth, default: [:]][predicted, default: 0] += count
    }

    /// Adds every count of `other`.
    package mutating func merge(_ other: ActivityConfusionMatrix) {
        for (truth, row) in other.counts {
            for (predicted, count) in row { add(truth: truth, predicted: predicted, count: count) }
        }
    }

    /// The count for one cell.
    package func count(truth: MotionActivity, predicted: MotionActivity) -> Int { counts[truth]?[predicted] ?? 0 }

    /// Observations whose truth is `activity`.
    package func support(of activity: MotionActivity) -> Int { counts[activity]?.values.reduce(0, +) ?? 0 }

    /// Observations predicted as `activity`.
    package func predictions(of activity: MotionActivity) -> Int {
        counts.values.reduce(0) { $0 + ($1[activity] ?? 0) }
    }

    /// All observations.
    package var total: Int { counts.values.reduce(0) { $0 + $1.values.reduce(0, +) } }

    /// Share of the predictions of `activity` that were right; nil when it was never predicted.
    package func precision(of activity: MotionActivity) -> Double? {
        let predicted = predictions(of: activity)
        return predicted > 0 ? Double(count(truth: activity, predicted: activity)) / Double(predicted) : nil
    }

    /// Share of the true `activity` that was found; nil when there was none.
    package func recall(of activity: MotionActivity) -> Double? {
        let support = support(of: activity)
        return support > 0 ? Double(count(truth: activity, predicted: activity)) / Double(support) : nil
    }

    /// Harmonic mean of precision and recall (0 when the class was never predicted); nil without support.
    package func f1(of activity: MotionActivity) -> Double? {
        guard let recall = recall(of: activity) else { return nil }
        let precision = precision(of: activity) ?? 0
        return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
    }

    /// Share of observations predicted right.
    package var accuracy: Double? {
        let total = total
        guard total > 0 else { return nil }
        let right = counts.reduce(0) { $0 + ($1.value[$1.key] ?? 0) }
        return Double(right) / Double(total)
    }

    /// The true classes present (support > 0), in `MotionActivity.allCases` order.
    package var classesPresent: [MotionActivity] { MotionActivity.allCases.filter { support(of: $0) > 0 } }

    /// Mean F1 over `classes` (default: the true classes present). nil when none has support.
    package func macroF1(over classes: [MotionActivity]? = nil) -> Double? {
        let scores = (classes ?? classesPresent).compactMap { f1(of: $0) }
        return scores.isEmpty ? nil : scores.reduce(0, +) / Double(scores.count)
    }
}

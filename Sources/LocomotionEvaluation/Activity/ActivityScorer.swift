import Locomotion

/// Scores predicted activity segments against per-sample labels, one decision per second.
///
/// Each whole second `[k, k+1)` of the input's clock that holds labelled samples gets the most frequent label
/// (ties: the first seen) as truth, and the activity of the segment covering its middle `k + 0.5` as the
/// prediction (`unknown` where no segment covers it). Seconds whose truth is `unknown` are not scored, only
/// counted (transitions, jumps and other unlabelled activity).
///
/// Push the labels in time order with ``push(_:at:)``, then ``score(_:)`` the segments.
///
/// - Complexity: O(1) amortised per label; memory: one entry per second of labelled input.
package struct ActivityScorer: Sendable {
    /// The per-second truth built so far, as (second, label).
    private var seconds: [(second: Double, label: MotionActivity)] = []
    private var current: Double?
    private var tally: [MotionActivity: Int] = [:]
    private var firstSeen: [MotionActivity] = []

    /// Creates an empty scorer.
    package init() {}

    /// Takes the label of the sample at `time` (seconds).
    /// - Complexity: O(1) amortised.
    package mutating func push(_ label: MotionActivity, at time: Double) {
        let second = time.rounded(.down)
        if second != current { closeSecond(); current = second }
        if tally[label] == nil { firstSeen.append(label) }
        tally[label, default: 0] += 1
    }

    private mutating func closeSecond() {
        guard let current, !firstSeen.isEmpty else { return }
        var best = firstSeen[0]
        for label in firstSeen where tally[label]! > tally[best]! { best = label }
        seconds.append((current, best))
        tally.removeAll(keepingCapacity: true)
        firstSeen.removeAll(keepingCapacity: true)
    }

    /// Scores the labels added so far against `segments` (sorted by time, not overlapping).
    /// Returns the confusion matrix and the number of seconds left out because their truth is `unknown`.
    /// - Complexity: O(s + g) for s seconds and g segments.
    package mutating func score(_ segments: [ActivitySegment]) -> (matrix: ActivityConfusionMatrix, unscoredSeconds: Int) {
        closeSecond()
        current = nil
        var matrix = ActivityConfusionMatrix()
        var unscored = 0
        var index = 0
        for (second, truth) in seconds {
            guard truth != .unknown else { unscored += 1; continue }
            let middle = second + 0.5
            while index < segments.count && segments[index].end <= middle { index += 1 }
            let predicted = index < segments.count && segments[index].start <= middle ? segments[index].activity : .unknown
            matrix.add(truth: truth, predicted: predicted)
        }
        return (matrix, unscored)
    }
}

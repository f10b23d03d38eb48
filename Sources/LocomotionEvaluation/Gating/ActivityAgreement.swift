import Locomotion

/// For one ground-truth activity: how its time was reported by the activity
/// stream the gate saw. Separates classifier errors from gate errors in a replay.
package struct ActivityAgreement: Sendable, Hashable, Codable {
    /// The ground-truth activity.
    package var truth: MotionActivity
    /// Its seconds (within the reported span).
    package var time: Double
    /// Seconds reported as each activity (keys are `MotionActivity` raw values).
    package var reported: [String: Double]

    /// Agreement of `updates` (time-ordered; each holds until the next, the
    /// last until `end`) with `truth` (time-ordered).
    /// - Complexity: O(u + t).
    package static func compare(updates: [ActivityUpdate], truth: [ActivitySegment], end: Double) -> [ActivityAgreement] {
        var table: [MotionActivity: [MotionActivity: Double]] = [:]
        var u = 0
        for segment in truth {
            // Skip updates that end before the segment starts.
            while u + 1 < updates.count && updates[u + 1].start <= segment.start { u += 1 }
            var k = u
            while k < updates.count && updates[k].start < segment.end {
                let from = max(segment.start, updates[k].start)
                let to = min(segment.end, k + 1 < updates.count ? updates[k + 1].start : end)
                if to > from { table[segment.activity, default: [:]][updates[k].activity, default: 0] += to - from }
                k += 1
            }
        }
        return MotionActivity.allCases.compactMap { activity in
            guard let row = table[activity] else { return nil }
            let reported = Dictionary(uniqueKeysWithValues: row.map { ($0.key.rawValue, $0.value) })
            return ActivityAgreement(truth: activity, time: row.values.reduce(0, +), reported: reported)
        }
    }
}

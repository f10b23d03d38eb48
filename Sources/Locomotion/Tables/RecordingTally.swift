/// What happened in one stretch of a recording — an epoch or a day: time by activity and recording mode, time
/// covered by data, steps, walking bouts and distance. Tallies of consecutive stretches add up
/// (``add(_:)``), which is how days are made of epochs.
package struct RecordingTally: Sendable, Hashable, Codable {
    /// Seconds inside the recording (from its first sample to its last, gaps included).
    package var recordedSeconds = 0.0
    /// Those seconds by the activity the classifier reported (they add up to ``recordedSeconds`` once the
    /// classifier has reported, which it does from the first sample on; gaps are unknown).
    package var activities = ActivityDurations()
    /// Seconds inside the recording with the recorder in high-accuracy mode.
    package var highAccuracySeconds = 0.0
    /// Seconds between consecutive samples at most ``RecordingTables/Configuration/maximumGap`` apart.
    package var coveredSeconds = 0.0
    /// Seconds inside the recording the ``CarryDetector`` reported the phone carried (``CarryState/carried``): not
    /// those not carried, nor those unknown (its warm-up, gaps), nor any when the engine does not detect carrying.
    package var carriedSeconds = 0.0
    /// Time of the first and last sample, or nil when there is none.
    package var firstSample: Double?
    package var lastSample: Double?
    /// Steps counted.
    package var steps = 0
    /// Intervals between consecutive steps of one walking bout, and their total length (s): the cadence's
    /// numerator and denominator.
    package var stepIntervals = 0
    package var stepIntervalSeconds = 0.0
    /// Walking bouts that ended in the stretch, and the longest of them.
    package var bouts = 0
    package var longestBout: WalkingBout?
    /// Metres the odometer added with fixes timed in the stretch.
    package var distance = 0.0

    /// Nothing yet.
    package init() {}

    /// The activity with the most seconds (``MotionActivity/unknown`` when there are none).
    package var activity: MotionActivity { activities.majority ?? .unknown }

    /// Share of the recorded seconds in high-accuracy mode, 0…1; nil when none is recorded.
    package var highAccuracyShare: Double? { recordedSeconds > 0 ? highAccuracySeconds / recordedSeconds : nil }

    /// Mean steps per minute while walking, `60 · intervals / their length`; nil without intervals.
    package var stepsPerMinute: Double? {
        stepIntervalSeconds > 0 ? 60 * Double(stepIntervals) / stepIntervalSeconds : nil
    }

    /// Adds the tally of the stretch that follows this one.
    /// - Complexity: O(1).
    package mutating func add(_ next: RecordingTally) {
        recordedSeconds += next.recordedSeconds
        activities.add(next.activities)
        highAccuracySeconds += next.highAccuracySeconds
        coveredSeconds += next.coveredSeconds
        carriedSeconds += next.carriedSeconds
        if firstSample == nil { firstSample = next.firstSample }
        lastSample = next.lastSample ?? lastSample
        steps += next.steps
        stepIntervals += next.stepIntervals
        stepIntervalSeconds += next.stepIntervalSeconds
        bouts += next.bouts
        if let bout = next.longestBout, bout.duration > longestBout?.duration ?? -1 { longestBout = bout }
        distance += next.distance
    }
}

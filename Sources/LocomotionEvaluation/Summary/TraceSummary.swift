import Locomotion

/// What happened in a recorded trace, as `locomotion summarize` reports it and `locomotion plot` draws it: the
/// activity segments, the counted steps and walking bouts, the recording modes, and the distance per local day with
/// its running total — gathered from a `MotionEngine`'s events by a ``TraceSummaryRecorder``, with the totals
/// (time in each activity and mode, what low power saved) derived here. Times in seconds (the trace's clock),
/// distances in metres.
package struct TraceSummary: Sendable {
    /// One point of the odometer's running total.
    package struct DistancePoint: Sendable, Hashable {
        /// Time of the fix, s.
        package var time: Double
        /// The distance of the fix's local day so far, m.
        package var dayDistance: Double
        /// The local day the fix counted on.
        package var day: LocalDay
    }

    /// The time spent in one activity.
    package struct ActivityTotal: Sendable, Hashable {
        package var activity: MotionActivity
        /// Seconds in the activity's segments.
        package var duration: Double
        /// Share of the trace's duration (first to last sample), 0…1.
        package var share: Double
    }

    /// Samples read.
    package var sampleCount = 0
    /// First and last sample time, s.
    package var start = 0.0
    package var end = 0.0
    /// The nominal sampling rate in Hz (1 / the median interval), nil for fewer than two samples.
    package var samplingRate: Double?
    /// Activity segments, first to last sample.
    package var activities: [ActivitySegment] = []
    /// Counted steps (times, s) and walking bouts, through the activity gate as `locomotion steps` counts them;
    /// empty when ``stepsRefused``.
    package var stepTimes: [Double] = []
    package var bouts: [WalkingBout] = []
    /// True when the trace is sampled too sparsely to count steps (the step detector's rule).
    package var stepsRefused = false
    /// The gate's configuration (its policy) and its mode segments, first to last sample.
    package var gate: RecordingGate.Configuration
    package var modes: [RecordingGate.Segment] = []
    /// The odometer after the last fix, nil without fixes; and its running total at each dated fix in time order.
    package var odometer: Odometer?
    package var distance: [DistancePoint] = []

    /// An empty summary of a gate with `gating`.
    package init(gate: RecordingGate.Configuration) {
        self.gate = gate
    }

    /// Steps and bouts as one value (its cadence and walking time).
    package var steps: StepDetection { StepDetection(steps: stepTimes, bouts: bouts, refusedDuration: 0) }

    /// The time in each activity that occurs, in the order of `MotionActivity.allCases`.
    /// - Complexity: O(activities × segments).
    package var activityTotals: [ActivityTotal] {
        let duration = end - start
        return MotionActivity.allCases.compactMap { activity in
            let seconds = activities.filter { $0.activity == activity }.reduce(0) { $0 + $1.duration }
            return seconds > 0 ? ActivityTotal(activity: activity, duration: seconds,
                                               share: duration > 0 ? seconds / duration : 0) : nil
        }
    }

    /// The recording modes summed up: time in each, gaps, switches (``ReplaySummary`` of ``modes``, without
    /// sample counts or truth).
    /// - Complexity: O(segments).
    package var modeTotals: ReplaySummary {
        ReplaySummary(segments: modes, sampleTimes: EmptyCollection<Double>(), truth: nil, configuration: gate)
    }

    /// The distance per local day (the odometer's tallies, the undated one last), nil without fixes.
    package var days: [DailyDistance]? {
        odometer.map { $0.history + ($0.undated.map { [$0] } ?? []) }
    }
}

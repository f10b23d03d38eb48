import Locomotion

/// What happened in a recorded trace, as `locomotion summarize` reports it and `locomotion plot` draws it: the
/// activity segments, the counted steps and walking bouts, the recording modes, and the distance per local day with
/// its running total — gathered from a `MotionEngine`'s events by a ``TraceSummaryRecorder``, with the totals
/// (time in each activity and mode, what low power saved) derived here. Times in seconds (the trace's clock),
/// distances in metres.
public struct TraceSummary: Sendable {
    /// One point of the odometer's running total.
    public struct DistancePoint: Sendable, Hashable {
        /// Time of the fix, s.
        public var time: Double
        /// The distance of the fix's local day so far, m.
        public var dayDistance: Double
        /// The local day the fix counted on.
        public var day: LocalDay
    }

    /// The time spent in one activity.
    public struct ActivityTotal: Sendable, Hashable {
        public var activity: MotionActivity
        /// Seconds in the activity's segments.
        public var duration: Double
        /// Share of the trace's duration (first to last sample), 0…1.
        public var share: Double
    }

    /// Samples read.
    public var sampleCount = 0
    /// First and last sample time, s.
    public var start = 0.0
    public var end = 0.0
    /// The nominal sampling rate in Hz (1 / the median interval), nil for fewer than two samples.
    public var samplingRate: Double?
    /// Activity segments, first to last sample.
    public var activities: [ActivitySegment] = []
    /// Counted steps (times, s) and walking bouts, through the activity gate as `locomotion steps` counts them;
    /// empty when ``stepsRefused``.
    public var stepTimes: [Double] = []
    public var bouts: [WalkingBout] = []
    /// True when the trace is sampled too sparsely to count steps (the step detector's rule).
    public var stepsRefused = false
    /// The gate's configuration (its policy) and its mode segments, first to last sample.
    public var gating: RecordingGate.Configuration
    public var modes: [RecordingGate.Segment] = []
    /// The odometer after the last fix, nil without fixes; and its running total at each dated fix in time order.
    public var odometer: Odometer?
    public var distance: [DistancePoint] = []

    /// An empty summary of a gate with `gating`.
    public init(gating: RecordingGate.Configuration) {
        self.gating = gating
    }

    /// Steps and bouts as one value (its cadence and walking time).
    public var steps: StepDetection { StepDetection(steps: stepTimes, bouts: bouts, refusedDuration: 0) }

    /// The time in each activity that occurs, in the order of `MotionActivity.allCases`.
    /// - Complexity: O(activities × segments).
    public var activityTotals: [ActivityTotal] {
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
    public var modeTotals: ReplaySummary {
        ReplaySummary(segments: modes, sampleTimes: EmptyCollection<Double>(), truth: nil, configuration: gating)
    }

    /// The distance per local day (the odometer's tallies, the undated one last), nil without fixes.
    public var days: [DailyDistance]? {
        odometer.map { $0.history + ($0.undated.map { [$0] } ?? []) }
    }
}

/// What happened in one epoch: a row of the per-minute table (`locomotion epochs`).
///
/// Durations count only time inside the recording (from its first to its last sample): the first and last
/// epochs are partial. A gap in the data is still inside the recording: the classifier reports it as
/// ``MotionActivity/unknown`` and ``coveredSeconds`` leaves it out, so nothing is filled in.
public struct EpochSummary: Sendable, Hashable, Codable {
    /// Start of the epoch, seconds (the input's clock).
    public var start: Double
    /// End of the epoch (exclusive), seconds.
    public var end: Double
    /// UTC offset (s) of the epoch's time zone at `start`: `start + utcOffset` is the local wall-clock time.
    public var utcOffset: Int
    /// The local day the epoch belongs to.
    public var day: LocalDay
    /// Seconds of the epoch inside the recording (from its first sample to its last, gaps included).
    public var recordedSeconds = 0.0
    /// Those seconds by the activity the classifier reported (they add up to ``recordedSeconds`` once the
    /// classifier has reported, which it does from the first sample on).
    public var activities = ActivityDurations()
    /// Seconds of the epoch inside the recording with the recorder in high-accuracy mode.
    public var highAccuracySeconds = 0.0
    /// Seconds of the epoch between consecutive samples at most ``EpochConfiguration/maximumGap`` apart.
    public var coveredSeconds = 0.0
    /// Time of the first and last sample in the epoch, or nil when it has none.
    public var firstSample: Double?
    public var lastSample: Double?
    /// Steps whose time falls in the epoch.
    public var steps = 0
    /// Intervals between consecutive steps of one walking bout that end in the epoch, and their total length (s):
    /// the cadence's numerator and denominator.
    public var stepIntervals = 0
    public var stepIntervalSeconds = 0.0
    /// Walking bouts that end in the epoch, and the longest of them.
    public var bouts = 0
    public var longestBout: WalkingBout?
    /// Metres the odometer added with fixes timed in the epoch.
    public var distance = 0.0

    /// An empty epoch.
    public init(start: Double, end: Double, utcOffset: Int, day: LocalDay) {
        self.start = start
        self.end = end
        self.utcOffset = utcOffset
        self.day = day
    }

    /// Nominal length of the epoch, seconds (`end − start`).
    public var length: Double { end - start }

    /// The activity with the most seconds in the epoch (``MotionActivity/unknown`` when there are none).
    public var activity: MotionActivity { activities.majority ?? .unknown }

    /// Share of the epoch's length covered by data, 0…1.
    public var coverage: Double { length > 0 ? coveredSeconds / length : 0 }

    /// Share of the epoch's recorded seconds in high-accuracy mode, 0…1; nil when none is recorded.
    public var highAccuracyShare: Double? { recordedSeconds > 0 ? highAccuracySeconds / recordedSeconds : nil }

    /// Mean steps per minute while walking in the epoch, `60 · intervals / their length`; nil without intervals.
    public var stepsPerMinute: Double? {
        stepIntervalSeconds > 0 ? 60 * Double(stepIntervals) / stepIntervalSeconds : nil
    }
}

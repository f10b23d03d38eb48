/// What happened on one local day: a row of the per-day table (`locomotion daily`), the sum of the day's
/// epochs (``EpochSummary``).
public struct DaySummary: Sendable, Hashable, Codable {
    /// The local day.
    public var day: LocalDay
    /// Start of the day's first epoch and end of its last, seconds (the input's clock). The first and last day of
    /// a recording begin and end with the recording's epochs, not at midnight.
    public var start: Double
    public var end: Double
    /// Seconds inside the recording (gaps included), and those seconds by the activity the classifier reported
    /// (gaps are unknown).
    public var recordedSeconds = 0.0
    public var activities = ActivityDurations()
    /// Seconds recorded in high-accuracy mode.
    public var highAccuracySeconds = 0.0
    /// Seconds covered by data (consecutive samples at most the gap limit apart).
    public var coveredSeconds = 0.0
    /// Time of the day's first and last sample, or nil when it has none.
    public var firstSample: Double?
    public var lastSample: Double?
    /// Steps counted.
    public var steps = 0
    /// Step intervals within bouts and their total length (s): the cadence.
    public var stepIntervals = 0
    public var stepIntervalSeconds = 0.0
    /// Walking bouts that ended on the day, and the longest of them.
    public var bouts = 0
    public var longestBout: WalkingBout?
    /// Metres the odometer added.
    public var distance = 0.0
    /// True when the day has fewer covered hours than ``DayAccumulator``'s minimum: too little data to compare
    /// with full days. Such a day is reported, flagged, never dropped.
    public var hasTooLittleData = false

    /// An empty day.
    public init(day: LocalDay, start: Double, end: Double) {
        self.day = day
        self.start = start
        self.end = end
    }

    /// Hours covered by data.
    public var coveredHours: Double { coveredSeconds / 3600 }

    /// Mean steps per minute while walking, `60 · intervals / their length`; nil without intervals.
    public var stepsPerMinute: Double? {
        stepIntervalSeconds > 0 ? 60 * Double(stepIntervals) / stepIntervalSeconds : nil
    }

    /// Adds one epoch of the day (in time order). O(1).
    mutating func add(_ epoch: EpochSummary) {
        end = epoch.end
        recordedSeconds += epoch.recordedSeconds
        activities.add(epoch.activities)
        highAccuracySeconds += epoch.highAccuracySeconds
        coveredSeconds += epoch.coveredSeconds
        if firstSample == nil { firstSample = epoch.firstSample }
        lastSample = epoch.lastSample ?? lastSample
        steps += epoch.steps
        stepIntervals += epoch.stepIntervals
        stepIntervalSeconds += epoch.stepIntervalSeconds
        bouts += epoch.bouts
        if let bout = epoch.longestBout, bout.duration > longestBout?.duration ?? -1 { longestBout = bout }
        distance += epoch.distance
    }
}

/// A maximal stretch of time with one activity: the unit of `locomotion label`.
public struct ActivitySegment: Sendable, Hashable, Codable {
    /// Start time in seconds (the input's clock).
    public var start: Double
    /// End time in seconds (the input's clock); `end >= start`.
    public var end: Double
    /// The activity throughout the segment.
    public var activity: MotionActivity
    /// The lowest confidence reported within the segment.
    public var confidence: ActivityConfidence

    package init(start: Double, end: Double, activity: MotionActivity, confidence: ActivityConfidence) {
        self.start = start
        self.end = end
        self.activity = activity
        self.confidence = confidence
    }

    /// Length in seconds.
    public var duration: Double { end - start }
}

/// A run of counted steps without a pause: from its first step to its last.
public struct WalkingBout: Sendable, Hashable, Codable {
    /// Time (s) of the first step, in the input's clock.
    public var start: Double
    /// Time (s) of the last step.
    public var end: Double
    /// Steps in the bout (at least the configured bout length, 4 by default).
    public var stepCount: Int

    /// Creates a bout from its first and last step times (s) and its step count.
    package init(start: Double, end: Double, stepCount: Int) {
        self.start = start
        self.end = end
        self.stepCount = stepCount
    }

    /// Duration (s) from the first to the last step.
    public var duration: Double { end - start }

    /// Mean cadence in steps per minute, `60 · (stepCount − 1) / duration`; nil for a zero duration.
    public var stepsPerMinute: Double? {
        duration > 0 ? 60 * Double(stepCount - 1) / duration : nil
    }
}

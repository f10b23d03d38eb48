/// One answer of the activity classifier: from `start` on, the person is
/// doing `activity`, with `confidence`, for the reason in `explanation`.
public struct ActivityUpdate: Sendable, Hashable, Codable {
    /// Time in seconds (the input's clock) from which the activity holds.
    public var start: Double
    /// The class decided.
    public var activity: MotionActivity
    /// How sure the decision is.
    public var confidence: ActivityConfidence
    /// The rule and feature values that produced the decision.
    public var explanation: ActivityExplanation

    public init(start: Double, activity: MotionActivity, confidence: ActivityConfidence, explanation: ActivityExplanation = .init(rule: .given)) {
        self.start = start
        self.activity = activity
        self.confidence = confidence
        self.explanation = explanation
    }
}

extension ActivityUpdate: CustomStringConvertible {
    /// One line saying what was decided and why, e.g.
    /// `"automotive from 120.0 s: vibration-no-gait for 42 s after 20 s stationary"`.
    public var description: String { "\(activity) from \(start) s: \(explanation.reason)" }
}

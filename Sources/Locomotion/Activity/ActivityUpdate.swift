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

    public init(start: Double, activity: MotionActivity, confidence: ActivityConfidence, explanation: ActivityExplanation = .init(rule: "given")) {
        self.start = start
        self.activity = activity
        self.confidence = confidence
        self.explanation = explanation
    }
}

/// Why the classifier decided what it did: the name of the rule that fired and
/// the feature values it looked at.
public struct ActivityExplanation: Sendable, Hashable, Codable {
    /// A short, stable identifier of the rule, e.g. `"gait-walking"`.
    public var rule: String
    /// Feature name → value, in the units documented for each feature.
    public var features: [String: Double]

    public init(rule: String, features: [String: Double] = [:]) {
        self.rule = rule
        self.features = features
    }
}

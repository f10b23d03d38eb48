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

/// Why the classifier decided what it did: the name of the rule that fired and
/// the feature values it looked at.
public struct ActivityExplanation: Sendable, Hashable, Codable {
    /// The rule that decided, e.g. ``ActivityRule/gaitWalking`` (written `gait-walking`).
    public var rule: ActivityRule
    /// Feature name → value, in the units documented for each feature.
    public var features: [String: Double]
    /// The change of activity the temporal model allowed, `"previous→new"` (e.g. `"stationary→automotive"`), with
    /// the previous activity's duration in `features["previous_s"]`; nil for the first update, gaps, warm-up and
    /// the rule-only model.
    public var transition: String?

    public init(rule: ActivityRule, features: [String: Double] = [:], transition: String? = nil) {
        self.rule = rule
        self.features = features
        self.transition = transition
    }
}

extension ActivityExplanation {
    /// The reason in words: the rule, how long the evidence for it was seen, and the transition that allowed it,
    /// e.g. `"vibration-no-gait for 42 s after 20 s stationary"` (the parts that are known). O(1).
    public var reason: String {
        var text = rule.rawValue
        if let support = features["support_s"] { text += " for \(Int(support.rounded())) s" }
        if let transition, let previous = transition.split(separator: "→").first, let seconds = features["previous_s"] {
            text += " after \(Int(seconds.rounded())) s \(previous)"
        }
        return text
    }
}

extension ActivityUpdate: CustomStringConvertible {
    /// One line saying what was decided and why, e.g.
    /// `"automotive from 120.0 s: vibration-no-gait for 42 s after 20 s stationary"`.
    public var description: String { "\(activity) from \(start) s: \(explanation.reason)" }
}

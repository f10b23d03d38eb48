/// Why the classifier decided what it did: the name of the rule that fired and
/// the feature values it looked at.
///
/// The classifier builds one for every update it emits, so it keeps what it was given as values — the window's
/// `ActivityFeatures`, up to three named extras (`support_s`, …) and the change of activity — and builds the
/// ``features`` dictionary and the ``transition`` text only when they are read: emitting an update allocates
/// nothing. Reading either is O(number of features); equality, hashing and the `Codable` form are those of the
/// rule, the dictionary and the text.
public struct ActivityExplanation: Sendable {
    /// The rule that decided, e.g. ``ActivityRule/gaitWalking`` (written `gait-walking`).
    public var rule: ActivityRule

    /// Feature name → value, in the units documented for each feature.
    public var features: [String: Double] {
        get { values.dictionary }
        set { values = Values(dictionary: newValue) }
    }

    /// The change of activity the temporal model allowed, `"previous→new"` (e.g. `"stationary→automotive"`), with
    /// the previous activity's duration in `features["previous_s"]`; nil for the first update, gaps, warm-up and
    /// the rule-only model.
    public var transition: String? {
        get { change.map { "\($0.from)→\($0.to)" } ?? transitionText }
        set {
            transitionText = newValue
            change = nil
        }
    }

    private var values: Values
    private var transitionText: String?
    private var change: (from: MotionActivity, to: MotionActivity)?

    public init(rule: ActivityRule, features: [String: Double] = [:], transition: String? = nil) {
        self.rule = rule
        values = Values(dictionary: features)
        transitionText = transition
    }

    /// The explanation of a decision from `window` (when there is one) with up to three named `extras` and the
    /// `change` it reports: no allocation.
    init(rule: ActivityRule, window: ActivityFeatures? = nil, extras: (Extra?, Extra?, Extra?) = (nil, nil, nil),
         change: (from: MotionActivity, to: MotionActivity)? = nil) {
        self.rule = rule
        values = Values(window: window, extras: extras)
        self.change = change
    }
}

extension ActivityExplanation {
    /// A value beside the window's features, under its name in ``features``.
    struct Extra: Sendable {
        enum Name: String, Sendable {
            case support = "support_s", lookahead = "lookahead_s", previous = "previous_s"
            case persisted = "persisted_s", gap = "gap_s"
        }

        var name: Name
        var value: Double

        init(_ name: Name, _ value: Double) {
            self.name = name
            self.value = value
        }
    }

    /// The feature values: a dictionary given through the public API (or decoded), or a window's features and
    /// extras, turned into the dictionary when read.
    private struct Values: Sendable {
        var given: [String: Double]?
        var window: ActivityFeatures?
        var extras: (Extra?, Extra?, Extra?) = (nil, nil, nil)

        init(dictionary: [String: Double]) {
            given = dictionary
        }

        init(window: ActivityFeatures?, extras: (Extra?, Extra?, Extra?)) {
            self.window = window
            self.extras = extras
        }

        var dictionary: [String: Double] {
            if let given { return given }
            var dictionary = window?.dictionary ?? [:]
            for extra in [extras.0, extras.1, extras.2] {
                if let extra { dictionary[extra.name.rawValue] = extra.value }
            }
            return dictionary
        }
    }
}

extension ActivityExplanation {
    /// The reason in words: the rule, how long the evidence for it was seen, and the transition that allowed it,
    /// e.g. `"vibration-no-gait for 42 s after 20 s stationary"` (the parts that are known). O(number of features).
    public var reason: String {
        let features = features
        var text = rule.rawValue
        if let support = features["support_s"] { text += " for \(Int(support.rounded())) s" }
        if let transition, let previous = transition.split(separator: "→").first, let seconds = features["previous_s"] {
            text += " after \(Int(seconds.rounded())) s \(previous)"
        }
        return text
    }
}

extension ActivityExplanation: Hashable {
    public static func == (lhs: ActivityExplanation, rhs: ActivityExplanation) -> Bool {
        lhs.rule == rhs.rule && lhs.transition == rhs.transition && lhs.features == rhs.features
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rule)
        hasher.combine(transition)
        hasher.combine(features)
    }
}

extension ActivityExplanation: Codable {
    private enum CodingKeys: String, CodingKey {
        case rule, features, transition
    }

    /// Decodes the rule, the feature dictionary and the transition text (the form the stored properties had).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(rule: try container.decode(ActivityRule.self, forKey: .rule),
                  features: try container.decode([String: Double].self, forKey: .features),
                  transition: try container.decodeIfPresent(String.self, forKey: .transition))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(features, forKey: .features)
        try container.encodeIfPresent(transition, forKey: .transition)
    }
}

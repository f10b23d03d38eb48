extension RecordingGate {
    /// Why the gate changed state: the rule, what set it off, and the evidence.
    public struct Reason: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The rule that fired.
        public var rule: RecordingGate.Rule
        /// The input kind (or timer) that set the rule off.
        public var trigger: RecordingGate.Trigger
        /// The activity the rule looked at, when it looked at one.
        public var activity: MotionActivity?
        /// The duration the rule measured in seconds: dwell, stop or gap length,
        /// or the time since the confinement anchor.
        public var elapsed: Double?
        /// The distance the rule measured in metres (fix rules), when it measured one.
        public var distance: Double?

        /// Creates a reason.
        package init(rule: RecordingGate.Rule, trigger: RecordingGate.Trigger, activity: MotionActivity? = nil, elapsed: Double? = nil, distance: Double? = nil) {
            self.rule = rule
            self.trigger = trigger
            self.activity = activity
            self.elapsed = elapsed
            self.distance = distance
        }

        /// ``description``'s token (the command-line tool's name for it).
        package var code: String {
            if let activity { return rule.rawValue + ":" + activity.rawValue }
            return rule.rawValue
        }

        /// A short stable token, `rule` or `rule:activity` (e.g.
        /// `stop-timeout:stationary`), with no comma, for CSV.
        public var description: String { code }
    }
}

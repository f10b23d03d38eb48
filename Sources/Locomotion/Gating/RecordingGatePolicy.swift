extension RecordingGate {
    /// Which activities a collector records at high accuracy.
    ///
    /// The three built-in policies cover the usual collectors; a custom policy is
    /// a value built from any set of moving activities:
    ///
    /// ```swift
    /// let runsOnly = RecordingGate.Policy(name: "running", recordedActivities: [.running])
    /// ```
    public struct Policy: Sendable, Hashable, Codable, CustomStringConvertible {
        /// A short name, used in summaries and on the command line.
        public var name: String
        /// The activities recorded at high accuracy. Stationary and unknown are
        /// never recorded, even when listed: they are not movement.
        public var recordedActivities: Set<MotionActivity>

        /// Creates a policy recording `recordedActivities` (stationary and unknown are dropped).
        public init(name: String, recordedActivities: Set<MotionActivity>) {
            self.name = name
            self.recordedActivities = recordedActivities.filter(\.isMoving)
        }

        /// Walking and running: a step-data collector.
        public static let onFoot = RecordingGate.Policy(name: "on-foot", recordedActivities: [.walking, .running])
        /// Walking, running and cycling: a bike tracker.
        public static let onFootAndCycling = RecordingGate.Policy(name: "on-foot-and-cycling", recordedActivities: [.walking, .running, .cycling])
        /// Every moving activity, vehicles included: a travel diary.
        public static let anyMovement = RecordingGate.Policy(name: "any-movement", recordedActivities: [.walking, .running, .cycling, .automotive])

        /// The built-in policies, in order of inclusiveness.
        public static let builtIn: [RecordingGate.Policy] = [.onFoot, .onFootAndCycling, .anyMovement]

        /// The built-in policy called `name`, or nil.
        package static func named(_ name: String) -> RecordingGate.Policy? { builtIn.first { $0.name == name } }

        /// True when `activity` is recorded under this policy.
        @inlinable
        public func records(_ activity: MotionActivity) -> Bool { recordedActivities.contains(activity) }

        public var description: String { name }
    }
}

extension RecordingGate.Policy {
    private enum CodingKeys: String, CodingKey { case name, recordedActivities }

    /// Encodes the name and the activities in the order of `MotionActivity.allCases`, so that equal policies encode
    /// to equal bytes (a set has no order of its own).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(recordedActivities.inCaseOrder, forKey: .recordedActivities)
    }
}

extension Set where Element == MotionActivity {
    /// The activities in the order of `MotionActivity.allCases`.
    var inCaseOrder: [MotionActivity] { MotionActivity.allCases.filter(contains) }
}

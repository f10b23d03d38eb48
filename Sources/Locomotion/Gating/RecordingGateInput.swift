extension RecordingGate {
    /// One input of a ``RecordingGate``, for feeding a merged, time-ordered
    /// stream (replay, tests) through ``RecordingGate/push(_:emit:)-(RecordingGate/Input,_)``.
    package enum Input: Sendable, Hashable, Codable {
        /// An activity update from the classifier.
        case activity(ActivityUpdate)
        /// A location fix.
        case fix(LocationFix)
        /// The passage of time with no new evidence (a heartbeat), in seconds.
        case time(Double)

        /// The input's time in seconds.
        package var time: Double {
            switch self {
            case .activity(let update): update.start
            case .fix(let fix): fix.time
            case .time(let time): time
            }
        }
    }
}

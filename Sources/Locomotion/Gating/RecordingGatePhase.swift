extension RecordingGate {
    /// The state of a ``RecordingGate``, without its timers.
    public enum Phase: String, Sendable, Hashable, Codable, CaseIterable {
        /// Low power; no recorded activity seen (or confined after pacing).
        case idle
        /// Low power; a recorded activity is being held for the entry dwell.
        case arming
        /// High accuracy; a recorded activity is going on.
        case recording
        /// High accuracy; the stop timer is running.
        case stopping

        /// The recording mode of the phase.
        public var mode: RecordingMode {
            switch self {
            case .idle, .arming: .lowPower
            case .recording, .stopping: .highAccuracy
            }
        }
    }
}

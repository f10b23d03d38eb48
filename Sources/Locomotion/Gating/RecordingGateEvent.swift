extension RecordingGate {
    /// One state change of a ``RecordingGate``: from `time` on, the gate is in
    /// `phase` (and so in `mode`), because of `reason`.
    public struct Event: Sendable, Hashable, Codable {
        /// When the change takes effect, in seconds (the inputs' clock). For a
        /// timer this is the moment it ran out; for a gap, the last input before it.
        public var time: Double
        /// The phase from `time` on.
        public var phase: RecordingGate.Phase
        /// The recording mode from `time` on.
        public var mode: RecordingMode
        /// The sensor settings to apply for `mode`.
        public var profile: RecordingProfile
        /// True when `mode` differs from the mode before the event.
        public var changesMode: Bool
        /// Why.
        public var reason: RecordingGate.Reason

        /// Creates an event.
        package init(time: Double, phase: RecordingGate.Phase, mode: RecordingMode, profile: RecordingProfile, changesMode: Bool, reason: RecordingGate.Reason) {
            self.time = time
            self.phase = phase
            self.mode = mode
            self.profile = profile
            self.changesMode = changesMode
            self.reason = reason
        }
    }
}

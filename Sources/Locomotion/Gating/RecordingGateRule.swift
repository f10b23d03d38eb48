extension RecordingGate {
    /// The rule behind a ``RecordingGate/Event``. Raw values are stable identifiers used
    /// in the `reason` column of `locomotion replay`.
    public enum Rule: String, Sendable, Hashable, Codable, CaseIterable {
        /// The first input: the gate starts in low power, undecided.
        case initial
        /// A recorded activity began; the entry dwell timer started (low power).
        case arming
        /// The activity changed before the dwell elapsed; the dwell is cancelled.
        case disarmed
        /// A recorded activity held for the entry dwell: recording starts.
        case dwell
        /// A recorded activity reported with high confidence: recording starts at once.
        case confident
        /// Stillness, unknown activity or an unrecorded activity began while
        /// recording; the stop timer started (still high accuracy).
        case stopTimer = "stop-timer"
        /// A recorded activity came back (with displacement, when fixes are
        /// fresh) before the stop timer ran out: recording continues.
        case resumed
        /// A recorded activity came back without displacement while fixes are
        /// fresh (pacing); the stop timer keeps running.
        case noDisplacement = "no-displacement"
        /// Stillness or unknown activity lasted the stop timeout: recording stops.
        case stopTimeout = "stop-timeout"
        /// An unrecorded moving activity lasted the switch timeout: recording stops.
        case switchTimeout = "switch-timeout"
        /// Recording with fresh fixes that stayed within the minimum displacement
        /// for the stop timeout (pacing without pauses): recording stops.
        case confined
        /// A fix left the stationary radius around the last still position:
        /// high accuracy at once, with the stop timer running until the activity confirms.
        case departure
        /// No input for longer than the gap limit: nothing is known; low power.
        case gap
        /// The first input after a gap: the gate starts afresh from this evidence.
        case afterGap = "after-gap"
    }
}

extension RecordingGate {
    /// What set a rule off.
    public enum Trigger: String, Sendable, Hashable, Codable, CaseIterable {
        /// An ``ActivityUpdate``.
        case activity
        /// A ``LocationFix``.
        case fix
        /// A timer that ran out (the time came from a later input or `advance(to:)`).
        case timer
        /// The passage of time itself (the first input, or a gap).
        case clock
    }
}

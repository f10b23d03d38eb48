/// Whether a phone is on a person's body or hand, or put down: the answer of a ``CarryDetector`` for a stretch of time.
public enum CarryState: String, Sendable, Hashable, Codable, CaseIterable {
    /// On a body or in a hand: the phone moves with a living person (walking, or the small movements of breathing,
    /// postural sway and fidgeting while still).
    case carried
    /// Put down: lying on a desk, standing on a charger, in a bag on the floor — the accelerometer shows nothing
    /// but its own noise around a fixed gravity vector.
    case notCarried = "not-carried"
    /// Not enough evidence yet: the first seconds of the input, or after a gap in the samples.
    case unknown
}

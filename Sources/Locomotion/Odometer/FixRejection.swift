/// Why the odometer did not add a fix's distance.
public enum FixRejection: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Farther than the jump limit from the last accepted fix, and not (yet) part
    /// of a consistent run of fixes that re-anchors the odometer.
    case jump
    /// Horizontal accuracy worse than the limit (or missing, when such fixes are not trusted).
    case inaccurate
    /// The activity at the fix's time is not a moving one under the configured policy.
    /// The fix still becomes the anchor, so distance never accrues while still.
    case notMoving = "not-moving"
    /// Time equal to or earlier than a fix already seen (duplicate or backwards).
    case outOfOrder = "out-of-order"
    /// Coordinates outside −90…90 / −180…180, a non-finite value, or a negative accuracy.
    case invalid

    public var description: String { rawValue }
}

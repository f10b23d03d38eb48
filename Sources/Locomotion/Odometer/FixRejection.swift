/// Why the odometer did not add a fix's distance.
public enum FixRejection: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Not reachable from the last accepted fix (a speed beyond the activity's, a gap in recording, or farther than
    /// the fixed jump limit), and not (yet) part of a consistent run of fixes that re-anchors the odometer.
    case jump
    /// Horizontal accuracy worse than the limit (or missing, when such fixes are not trusted), or, under the
    /// implied-speed rule, a circle too large for the step it would make.
    case inaccurate
    /// The activity at the fix's time is not a moving one under the configured policy.
    /// The fix still becomes the anchor, so distance never accrues while still.
    case notMoving = "not-moving"
    /// Time equal to or earlier than a fix already seen (duplicate or backwards).
    case outOfOrder = "out-of-order"
    /// Coordinates outside −90…90 / −180…180, a non-finite value, or a negative accuracy.
    case invalid
    /// Implied-speed rule: a step that needs more acceleration than the speeds around it allow — a suspected spike
    /// (a fix that leaves and comes back). Credited after all when the next fix continues from it.
    case spike
    /// Implied-speed rule: within the noise of the anchor while the fix's reported speed (or, without one, the
    /// speed from the fix before) is below the still speed: the phone is parked; the anchor stays.
    case still

    public var description: String { rawValue }
}

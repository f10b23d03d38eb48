/// What the odometer did with one fix.
public enum FixOutcome: Sendable, Hashable, Codable {
    /// Accepted: it is the new anchor and `distance` metres (0 for the first fix) were added — when it confirmed a
    /// suspected spike just before it (``FixRejection/spike``), the spike's step too (unless the spike fell on an
    /// earlier day, which is then credited in ``DistanceUpdate/earlierTallies``).
    case accepted(distance: Double)
    /// Not added, for `reason`. A fix rejected as a jump may still be accepted later
    /// when it turns out to start a consistent run (see ``reanchored(distance:)``); one rejected as a spike, when
    /// the next fix continues from it (see ``accepted(distance:)``).
    case rejected(FixRejection)
    /// The fix completed a run of mutually consistent fixes far from the old
    /// anchor: the odometer moved its anchor there and added `distance` metres
    /// observed along the run (never the unobserved gap before it).
    case reanchored(distance: Double)
}

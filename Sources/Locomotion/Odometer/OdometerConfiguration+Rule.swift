extension Odometer.Configuration {
    /// How the odometer decides that a fix's position cannot be reached from the last accepted one (a jump).
    public enum Rule: String, Sendable, Hashable, Codable, CaseIterable {
        /// Judged by what the step implies (the default): a speed no one on the current activity reaches, a spike
        /// that leaves and comes back, a long gap in recording, an accuracy circle large against the step. Between
        /// sparse fixes that report speed, the integral of speed lengthens the chord. Docs/odometer.md, *The
        /// implied-speed rule*.
        case impliedSpeed = "implied-speed"
        /// A fixed distance from the last accepted fix (`Odometer.Configuration.jumpLimit`, 50 m by default): the
        /// rule of the original apps, right for dense on-foot fixes and wrong for sparse ones (every step of a car
        /// logged every few seconds is a "jump"). Steps are chords; nothing else is judged. Fixes without a time are
        /// always judged by it (no speed can be implied without a time).
        case fixedDistance = "fixed-distance"
    }
}

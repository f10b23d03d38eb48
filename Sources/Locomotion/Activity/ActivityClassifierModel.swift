extension ActivityClassifier {
    /// What turns the per-window decisions into activity updates.
    public enum Model: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
        /// The temporal model (the default): a hidden-state model over the window evidence whose transitions
        /// encode physics and habit — minimum durations, a ride starts and ends with a stop, a change must explain
        /// enough evidence to be worth it (`TemporalParameters`, `Docs/activity.md`).
        case temporal
        /// The rule table with persistence smoothing only (the classifier before the temporal model): each
        /// window decided on its own, a new activity reported once its decisions persisted for its minimum
        /// duration. Kept for comparison.
        case rules

        public var description: String { rawValue }
    }

    /// How long the temporal model may wait for later evidence before an update is final.
    public enum Smoothing: Sendable, Hashable, Codable {
        /// Streaming (a phone, a gate): every decision is final after at most `TemporalParameters.lag` seconds
        /// of later windows (usually sooner: as soon as later evidence can no longer change it). O(1) memory.
        case lagged
        /// Batch (a recorded trace): a decision waits until no later evidence can change it — the best
        /// segmentation of the whole input, which `lagged` equals wherever it did not have to decide early.
        /// Memory grows with the longest stretch that stays undecided (a few tens of seconds on real data).
        case full
    }
}

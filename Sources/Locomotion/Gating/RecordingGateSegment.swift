extension RecordingGate {
    /// A stretch of time in one recording mode: a row of `locomotion replay`.
    public struct Segment: Sendable, Hashable, Codable {
        /// Start in seconds (the inputs' clock).
        public var start: Double
        /// End in seconds; `end > start`.
        public var end: Double
        /// The mode throughout.
        public var mode: RecordingMode
        /// Why the segment began (for a gap segment: rule ``RecordingGate/Rule/gap``).
        public var reason: RecordingGate.Reason

        /// Creates a segment.
        package init(start: Double, end: Double, mode: RecordingMode, reason: RecordingGate.Reason) {
            self.start = start
            self.end = end
            self.mode = mode
            self.reason = reason
        }

        /// Length in seconds.
        public var duration: Double { end - start }

        /// True for a stretch with no input (the collector was not running).
        public var isGap: Bool { reason.rule == .gap }
    }
}

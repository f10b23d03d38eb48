extension RecordingGate {
    /// Turns a stream of ``RecordingGate/Event``s into ``RecordingGate/Segment``s: a segment
    /// begins at every mode change, at a gap and at the end of a gap; events that
    /// keep the mode (arming, stop timer) do not split segments. Zero-length
    /// segments are dropped.
    ///
    /// A stage of the streaming contract (<doc:StreamingStages>): ``push(_:emit:)`` each event,
    /// ``finish(at:emit:)`` at the end. Constant memory.
    public struct Segmenter: Sendable, Hashable, Codable {
        /// The segment being built; its `end` is not known yet.
        private var open: RecordingGate.Segment?

        /// An empty segmenter.
        public init() {}

        /// Takes the next event (in time order) and calls `emit` with the segment it closes, if any.
        /// - Complexity: O(1).
        public mutating func push(_ event: RecordingGate.Event, emit: (RecordingGate.Segment) -> Void) {
            let rule = event.reason.rule
            guard event.changesMode || rule == .gap || rule == .afterGap || rule == .initial else { return }
            if var segment = open, event.time > segment.start {
                segment.end = event.time
                emit(segment)
            }
            open = RecordingGate.Segment(start: event.time, end: event.time, mode: event.mode, reason: event.reason)
        }

        /// The input has ended at `time` (the last input): closes the open segment there and calls `emit` with it
        /// unless it is empty. The segmenter is empty afterwards.
        /// - Complexity: O(1).
        public mutating func finish(at time: Double, emit: (RecordingGate.Segment) -> Void) {
            defer { open = nil }
            guard var segment = open, time > segment.start else { return }
            segment.end = time
            emit(segment)
        }

        /// The segments of `events`, the last one closed at `end`: the segmenter run over the sequence.
        /// - Complexity: O(n) in the events.
        public static func segments<Events: Sequence>(of events: Events, end: Double) -> [RecordingGate.Segment]
        where Events.Element == RecordingGate.Event {
            var segmenter = RecordingGate.Segmenter()
            var segments: [RecordingGate.Segment] = []
            for event in events { segmenter.push(event) { segments.append($0) } }
            segmenter.finish(at: end) { segments.append($0) }
            return segments
        }
    }
}

/// Turns a stream of ``GatingEvent``s into ``GatingSegment``s: a segment
/// begins at every mode change, at a gap and at the end of a gap; events that
/// keep the mode (arming, stop timer) do not split segments. Zero-length
/// segments are dropped. O(1) per event.
public struct GatingSegmenter: Sendable, Hashable, Codable {
    /// The segment being built; its `end` is not known yet.
    private var open: GatingSegment?

    /// An empty segmenter.
    public init() {}

    /// Takes the next event; returns the segment it closes, if any.
    public mutating func push(_ event: GatingEvent) -> GatingSegment? {
        let rule = event.reason.rule
        guard event.changesMode || rule == .gap || rule == .afterGap || rule == .initial else { return nil }
        var closed: GatingSegment?
        if var segment = open, event.time > segment.start {
            segment.end = event.time
            closed = segment
        }
        open = GatingSegment(start: event.time, end: event.time, mode: event.mode, reason: event.reason)
        return closed
    }

    /// Closes the open segment at `time` (the last input); returns it unless empty.
    public mutating func finish(at time: Double) -> GatingSegment? {
        defer { open = nil }
        guard var segment = open, time > segment.start else { return nil }
        segment.end = time
        return segment
    }

    /// The segments of `events`, the last one closed at `end`. O(n).
    public static func segments<Events: Sequence>(of events: Events, end: Double) -> [GatingSegment]
    where Events.Element == GatingEvent {
        var segmenter = GatingSegmenter()
        var segments: [GatingSegment] = []
        for event in events {
            if let segment = segmenter.push(event) { segments.append(segment) }
        }
        if let last = segmenter.finish(at: end) { segments.append(last) }
        return segments
    }
}

/// Turns a stream of `ActivityUpdate`s into maximal `ActivitySegment`s: each segment runs from an update's start
/// to the next change of activity, the last one to the end of the input.
///
/// A stage of the streaming contract (<doc:StreamingStages>): ``push(_:emit:)`` each update, ``finish(at:emit:)``
/// at the end. Constant memory.
public struct ActivitySegmenter: Sendable {
    private var open: ActivitySegment?

    /// Creates an empty segmenter.
    public init() {}

    /// Takes the next update (in time order) and calls `emit` with the segment it closes, if any.
    /// Consecutive updates of the same activity extend one segment, whose confidence is the lowest seen.
    /// - Complexity: O(1).
    public mutating func push(_ update: ActivityUpdate, emit: (ActivitySegment) -> Void) {
        if var current = open {
            if current.activity == update.activity {
                current.confidence = min(current.confidence, update.confidence)
                open = current
                return
            }
            current.end = max(current.start, update.start)
            if current.end > current.start { emit(current) }
        }
        open = ActivitySegment(start: update.start, end: update.start, activity: update.activity,
                               confidence: update.confidence)
    }

    /// Closes the open segment at `end` (seconds, typically the last sample's time) and emits it when it is not
    /// empty. The segmenter is empty afterwards.
    /// - Complexity: O(1).
    public mutating func finish(at end: Double, emit: (ActivitySegment) -> Void) {
        if var current = open {
            current.end = max(current.start, end)
            if current.end > current.start { emit(current) }
        }
        open = nil
    }
}

import Locomotion

/// Ground-truth activity segments built from labelled samples one at a time
/// (``segments(times:labels:maximumHold:)`` is this builder over a whole trace): each
/// label holds from its sample to the next sample, for at most `maximumHold` seconds, so a gap in the
/// recording is not labelled; runs of one label are merged.
///
/// A stage of the streaming contract: ``push(_:at:emit:)`` each sample's label, ``finish(emit:)`` at the end. The
/// last sample's label is in no segment (it holds until a next sample that never comes).
package struct TruthSegmentBuilder: Sendable {
    /// The longest a label holds without a following sample (s).
    package let maximumHold: Double
    /// The latest segment, held back while the next sample may extend it.
    private var open: ActivitySegment?
    private var previousTime: Double?
    private var previousLabel: MotionActivity?

    /// A builder whose labels hold for at most `maximumHold` seconds (s).
    package init(maximumHold: Double) {
        self.maximumHold = maximumHold
    }

    /// Takes the next sample's label and time (s, time-ordered) and calls `emit` with the segment this closes, if
    /// any.
    /// - Complexity: O(1).
    package mutating func push(_ label: MotionActivity, at time: Double, emit: (ActivitySegment) -> Void) {
        if let start = previousTime, let previous = previousLabel {
            let stop = min(time, start + maximumHold)
            if stop > start {
                if var last = open, last.activity == previous, last.end == start {
                    last.end = stop
                    open = last
                } else {
                    if let open { emit(open) }
                    open = ActivitySegment(start: start, end: stop, activity: previous, confidence: .high)
                }
            }
        }
        previousTime = time
        previousLabel = label
    }

    /// The input has ended: calls `emit` with the segment still held back, if any. The builder is empty afterwards.
    /// - Complexity: O(1).
    package mutating func finish(emit: (ActivitySegment) -> Void) {
        if let open { emit(open) }
        open = nil
        previousTime = nil
        previousLabel = nil
    }

    /// The ground-truth segments of a whole trace: `labels` parallel to the sample `times`, each label holding for at
    /// most `maximumHold` seconds (by default 60 s, the gate's default gap limit); the builder pushed over the trace.
    /// - Complexity: O(n).
    package static func segments(times: some Sequence<Double>, labels: [MotionActivity], maximumHold: Double = 60) -> [ActivitySegment] {
        var builder = TruthSegmentBuilder(maximumHold: maximumHold)
        var segments: [ActivitySegment] = []
        for (time, label) in zip(times, labels) { builder.push(label, at: time) { segments.append($0) } }
        builder.finish { segments.append($0) }
        return segments
    }
}

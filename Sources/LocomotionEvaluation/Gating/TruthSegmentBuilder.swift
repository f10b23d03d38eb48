import Locomotion

/// Ground-truth activity segments built from labelled samples one at a time
/// (``GatingReplay/truthSegments(times:labels:maximumHold:)`` is this builder over a whole trace): each
/// label holds from its sample to the next sample, for at most `maximumHold` seconds, so a gap in the
/// recording is not labelled; runs of one label are merged. O(1) amortised per sample.
public struct TruthSegmentBuilder: Sendable {
    /// The longest a label holds without a following sample (s).
    public let maximumHold: Double
    /// The segments closed so far (the last sample's label is not in them: it holds until a next sample).
    public private(set) var segments: [ActivitySegment] = []
    private var previousTime: Double?
    private var previousLabel: MotionActivity?

    /// A builder whose labels hold for at most `maximumHold` seconds (s).
    public init(maximumHold: Double) {
        self.maximumHold = maximumHold
    }

    /// Adds the next sample's time (s, time-ordered) and label.
    public mutating func add(time: Double, label: MotionActivity) {
        if let start = previousTime, let label = previousLabel {
            let stop = min(time, start + maximumHold)
            if stop > start {
                if var last = segments.last, last.activity == label, last.end == start {
                    last.end = stop
                    segments[segments.count - 1] = last
                } else {
                    segments.append(ActivitySegment(start: start, end: stop, activity: label, confidence: .high))
                }
            }
        }
        previousTime = time
        previousLabel = label
    }
}

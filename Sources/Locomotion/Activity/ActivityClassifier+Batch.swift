import LocomotionDSP

extension ActivityClassifier {
    /// All updates for a recorded trace: the streaming classifier run over `samples` (in time order), with the
    /// speed of `fixes` in the recording order (``RecordedInputs``: each fix before the first sample not earlier
    /// than it; a fix earlier than the one before it is no evidence), and finished. Identical to pushing the same input one by one into a classifier
    /// with the same `smoothing` (by default `.full`: every decision on all the evidence that can change it) and
    /// calling `finish(emit:)`.
    /// - Complexity: O(n) in the samples.
    public static func updates(of samples: some Sequence<AccelerometerSample>, fixes: [LocationFix] = [],
                               configuration: Configuration = .init(), smoothing: Smoothing = .full) -> [ActivityUpdate] {
        // Arrays and buffers go through their storage: a loop over `some Sequence` is not specialised across the
        // module boundary, and its per-element witness calls cost about as much as the classifier itself.
        if let updates = samples.withContiguousStorageIfAvailable({
            run($0, fixes: fixes, configuration: configuration, smoothing: smoothing)
        }) {
            return updates
        }
        return run(samples, fixes: fixes, configuration: configuration, smoothing: smoothing)
    }

    private static func run(_ samples: some Sequence<AccelerometerSample>, fixes: [LocationFix],
                            configuration: Configuration, smoothing: Smoothing) -> [ActivityUpdate] {
        var classifier = ActivityClassifier(configuration: configuration, smoothing: smoothing)
        var updates: [ActivityUpdate] = []
        var inputs = RecordedInputs(fixes: fixes)
        for sample in samples {
            inputs.append(sample)
            while let input = inputs.next() { classifier.push(input) { updates.append($0) } }
        }
        classifier.finish { updates.append($0) }
        return updates
    }

    /// The activity segments of a recorded trace, from its first to its last sample: maximal stretches of one
    /// activity, as `locomotion label` writes them. Defined as streaming over the buffer (with `smoothing`, by
    /// default `.full`) and finishing.
    /// - Complexity: O(n) in the samples.
    public static func segments(of samples: some Sequence<AccelerometerSample>, fixes: [LocationFix] = [],
                                configuration: Configuration = .init(), smoothing: Smoothing = .full) -> [ActivitySegment] {
        // As in `updates(of:)`: arrays and buffers through their storage.
        if let segments = samples.withContiguousStorageIfAvailable({
            segmentRun($0, fixes: fixes, configuration: configuration, smoothing: smoothing)
        }) {
            return segments
        }
        return segmentRun(samples, fixes: fixes, configuration: configuration, smoothing: smoothing)
    }

    private static func segmentRun(_ samples: some Sequence<AccelerometerSample>, fixes: [LocationFix],
                                   configuration: Configuration, smoothing: Smoothing) -> [ActivitySegment] {
        var classifier = ActivityClassifier(configuration: configuration, smoothing: smoothing)
        var segmenter = ActivitySegmenter()
        var segments: [ActivitySegment] = []
        var inputs = RecordedInputs(fixes: fixes)
        for sample in samples {
            inputs.append(sample)
            while let input = inputs.next() { classifier.push(input) { segmenter.push($0) { segments.append($0) } } }
        }
        classifier.finish { segmenter.push($0) { segments.append($0) } }
        if let end = classifier.lastSampleTime { segmenter.finish(at: end) { segments.append($0) } }
        return segments
    }

    /// The activities between `start` and `end` (seconds) of a recorded trace, like
    /// `CMMotionActivityManager.queryActivityStarting(from:to:)`: the segments of the whole trace (so that the
    /// context before `start` counts, exactly as it did when streaming) clipped to the range.
    /// - Complexity: O(n) in the samples.
    public static func activities(from start: Double, to end: Double, in samples: some Sequence<AccelerometerSample>,
                                  fixes: [LocationFix] = [], configuration: Configuration = .init(),
                                  smoothing: Smoothing = .full) -> [ActivitySegment] {
        segments(of: samples, fixes: fixes, configuration: configuration, smoothing: smoothing).compactMap { segment in
            var clipped = segment
            clipped.start = max(segment.start, start)
            clipped.end = min(segment.end, end)
            return clipped.end > clipped.start ? clipped : nil
        }
    }
}

import Locomotion

/// What a replay cost and what it caught: time in each mode, switches,
/// share of samples recorded and, when ground truth is given, how well the
/// moving time of the policy was recorded. Definitions in Docs/gating.md.
package struct ReplaySummary: Sendable, Hashable, Codable {
    /// The policy the gate ran with.
    package var policy: String
    /// First and last time covered by the segments, in seconds.
    package var start: Double
    package var end: Double
    /// `end - start`, in seconds.
    package var duration: Double
    /// Seconds in high accuracy.
    package var highAccuracyTime: Double
    /// Seconds in low power, gaps excluded.
    package var lowPowerTime: Double
    /// Seconds in gaps (no input; nothing recorded).
    package var gapTime: Double
    /// `highAccuracyTime / duration` (0 when the duration is 0).
    package var highAccuracyShare: Double
    /// `lowPowerTime / duration`.
    package var lowPowerShare: Double
    /// Number of gaps.
    package var gaps: Int
    /// Mode changes between consecutive segments (a gap counts as low power).
    package var switches: Int
    /// `switches` per hour of `duration`.
    package var switchesPerHour: Double
    /// Number of samples given, and how many fall in high-accuracy time.
    package var samples: Int
    package var recordedSamples: Int
    /// `recordedSamples / samples` (0 without samples).
    package var recordedSampleShare: Double
    /// The comparison with ground truth, when labels were given.
    package var truth: GateTruthComparison?
    /// How the activity stream reported each truth activity, when labels and
    /// updates were given (classifier errors, as distinct from gate errors).
    package var activityAgreement: [ActivityAgreement]?
    /// In a closed-loop replay (``ClosedLoopSensors``), how much of the recording the collector received; nil in
    /// the open loop (every row and fix to the engine).
    package var closedLoop: ClosedLoopCounts?

    /// Summarises `segments` (time-ordered, non-overlapping, as
    /// `RecordingGate.Segmenter` makes them).
    ///
    /// - Parameters:
    ///   - segments: the gate's mode segments, time-ordered, first to last sample.
    ///   - sampleTimes: the trace's sample times in non-decreasing order, for
    ///     the recorded-sample share (may be empty).
    ///   - truth: ground-truth activity segments, time-ordered, or nil.
    ///   - configuration: the gate's configuration (policy and timeouts).
    ///   - onsetAllowance: seconds at the start of each recorded bout that
    ///     the "after onset" share does not count. Default 30 s.
    ///   - updates: the activity updates the gate saw, for ``activityAgreement``.
    /// - Complexity: O(s + t log n) for s samples, t truth segments, n segments.
    package init<Times: Sequence>(
        segments: [RecordingGate.Segment], sampleTimes: Times, truth: [ActivitySegment]?,
        configuration: RecordingGate.Configuration, onsetAllowance: Double = 30, updates: [ActivityUpdate]? = nil
    ) where Times.Element == Double {
        policy = configuration.policy.name
        start = segments.first?.start ?? 0
        end = segments.last?.end ?? start
        duration = end - start
        var high = 0.0, low = 0.0, gap = 0.0
        var gapCount = 0, switchCount = 0
        var previousMode: RecordingMode?
        for segment in segments {
            if segment.isGap {
                gap += segment.duration
                gapCount += 1
            } else if segment.mode == .highAccuracy {
                high += segment.duration
            } else {
                low += segment.duration
            }
            if let previousMode, previousMode != segment.mode { switchCount += 1 }
            previousMode = segment.mode
        }
        highAccuracyTime = high
        lowPowerTime = low
        gapTime = gap
        gaps = gapCount
        highAccuracyShare = duration > 0 ? high / duration : 0
        lowPowerShare = duration > 0 ? low / duration : 0
        switches = switchCount
        switchesPerHour = duration > 0 ? Double(switchCount) / (duration / 3600) : 0

        // One sweep over the samples; segments are half-open except the last.
        var counter = RecordedSampleCounter()
        for segment in segments { counter.append(segment) }
        for time in sampleTimes { counter.countFinal(at: time) }
        samples = counter.sampleCount
        recordedSamples = counter.recordedCount
        recordedSampleShare = samples > 0 ? Double(recordedSamples) / Double(samples) : 0

        self.truth = truth.map {
            GateTruthComparison(timeline: ModeTimeline(segments), truth: $0, configuration: configuration, onsetAllowance: onsetAllowance)
        }
        if let truth, let updates {
            activityAgreement = ActivityAgreement.compare(updates: updates, truth: truth, end: end)
        }
    }
}

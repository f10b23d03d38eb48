import LocomotionDSP

/// The steps and bouts found in a whole recording: ``StepDetector`` run over the buffer.
public struct StepDetection: Sendable, Hashable {
    /// Times (s) of the counted steps, ascending.
    public var steps: [Double]
    /// The walking bouts, in time order; their step counts add up to `steps.count`.
    public var bouts: [WalkingBout]
    /// Time (s) of input refused because it was sampled too sparsely.
    public var refusedDuration: Double

    /// Creates a result from its parts.
    package init(steps: [Double], bouts: [WalkingBout], refusedDuration: Double) {
        self.steps = steps
        self.bouts = bouts
        self.refusedDuration = refusedDuration
    }

    /// Mean cadence while walking, in steps per minute: `60 · Σ(nᵢ − 1) / Σ durationᵢ` over the
    /// bouts; nil when no bout lasts longer than zero seconds.
    public var stepsPerMinute: Double? {
        var intervals = 0
        var duration = 0.0
        for bout in bouts where bout.duration > 0 {
            intervals += bout.stepCount - 1
            duration += bout.duration
        }
        return duration > 0 ? 60 * Double(intervals) / duration : nil
    }

    /// Total time (s) spent in bouts.
    public var walkingDuration: Double { bouts.reduce(0) { $0 + $1.duration } }
}

extension StepDetector {
    /// Detects the steps in a whole recording (time in s, acceleration in g) by pushing every
    /// sample through a fresh detector and finishing it, so the result is exactly what streaming
    /// would produce. Sparse stretches are skipped (see ``StepDetection/refusedDuration``); use
    /// ``checkSamplingRate(of:configuration:)`` first to refuse a sparse recording outright.
    /// - Complexity: O(n) time, O(steps) memory beyond the input.
    public static func detect(
        _ samples: some Sequence<AccelerometerSample>, configuration: StepDetector.Configuration = .default
    ) -> StepDetection {
        var detector = StepDetector(configuration: configuration)
        var steps: [Double] = []
        var bouts: [WalkingBout] = []
        let collect = { (event: Event) in
            switch event {
            case .step(let time): steps.append(time)
            case .boutEnded(let bout): bouts.append(bout)
            }
        }
        for sample in samples { detector.push(sample, emit: collect) }
        detector.finish(emit: collect)
        return StepDetection(steps: steps, bouts: bouts, refusedDuration: detector.refusedDuration)
    }

    /// Throws when a recording as a whole is sampled too sparsely to count steps: its median
    /// sampling interval is longer than `1 / minimumSamplingRate`, or it has fewer than two
    /// samples with increasing times.
    /// - Complexity: O(n log n).
    public static func checkSamplingRate(
        of samples: [AccelerometerSample], configuration: StepDetector.Configuration = .default
    ) throws(StepDetectionError) {
        let times = samples.lazy.map(\.time).filter(\.isFinite)
        guard let interval = medianSamplingInterval(Array(times)), interval > 0 else {
            throw .tooFewSamples(count: samples.count)
        }
        if interval * configuration.minimumSamplingRate > 1 {
            throw .samplingTooSparse(rate: 1 / interval, minimum: configuration.minimumSamplingRate)
        }
    }
}

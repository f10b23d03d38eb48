/// Streaming resampler from irregular timestamps to a fixed rate by linear interpolation,
/// never across a gap.
///
/// Output samples lie on a grid `t₀ + k / rate` anchored at the first sample `t₀` of each run, so
/// the first input sample of a run is output unchanged. Each output time `t` with
/// `tᵢ ≤ t ≤ tᵢ₊₁` between two consecutive inputs gets
/// `a(t) = aᵢ + (aᵢ₊₁ − aᵢ)·(t − tᵢ)/(tᵢ₊₁ − tᵢ)`.
///
/// A run ends at a gap (``GapDetector``: a step longer than `maximumGap`, a duplicate or backwards
/// timestamp, or a non-finite time): a `.gap(from:to:)` event is emitted with the last time of the
/// old run and the first of the new one, and the next sample starts a new run and grid. Samples with
/// a non-finite time or acceleration are dropped and end the run. Nothing is interpolated across a gap.
///
/// A stage of the streaming contract (the Locomotion module's "Streaming stages" article): ``push(_:emit:)`` each
/// sample; it holds nothing back at the end. `Codable`: a decoded resampler continues bit for bit where the encoded
/// one stopped.
///
/// - Complexity: O(1) per input sample plus O(1) per output sample; no allocation.
public struct Resampler: Sendable, Codable {
    /// One output of the resampler.
    public enum Event: Sendable, Hashable, Codable {
        /// An output sample on the fixed-rate grid.
        case sample(AccelerometerSample)
        /// The stream broke between these two times (s); the next sample starts a new run.
        case gap(from: Double, to: Double)
    }

    /// Output rate in Hz.
    public let rate: Double
    /// The longest input step (s) interpolated over.
    public let maximumGap: Double
    // Internal state, visible to inlined code: `push` is inlined into the pipelines' per-sample
    // loops so that their `emit` closures are specialised instead of called.
    @usableFromInline internal var detector: GapDetector
    @usableFromInline internal var previous: AccelerometerSample?
    /// Time of the end of the last run when it was broken by an invalid sample.
    @usableFromInline internal var brokenAt: Double?
    @usableFromInline internal var runStart = 0.0
    @usableFromInline internal var nextIndex = 0
    /// `runStart + Double(nextIndex) / rate`, the next grid time (derived, not encoded).
    @usableFromInline internal var nextTime = 0.0

    /// Creates a resampler to `rate` Hz that bridges input steps up to `maximumGap` seconds.
    public init(rate: Double, maximumGap: Double = 1.0) {
        precondition(rate > 0 && rate.isFinite, "resampling rate must be positive")
        self.rate = rate
        self.maximumGap = maximumGap
        detector = GapDetector(maximumGap: maximumGap)
    }

    /// Pushes one input sample; calls `emit` for each fixed-rate output sample it completes, preceded
    /// by a `.gap` event when the sample starts a new run.
    /// - Complexity: O(1) plus O(1) per output sample; no allocation.
    @inlinable @inline(__always)
    public mutating func push(_ sample: AccelerometerSample, emit: (Event) -> Void) {
        guard sample.time.isFinite, sample.acceleration.isFinite else {
            if let previous {
                brokenAt = previous.time
                self.previous = nil
            }
            return
        }
        pushFinite(sample, emit: emit)
    }

    /// `push(_:emit:)` for a sample whose time and acceleration are finite (the caller has checked: a pipeline
    /// that drops non-finite samples itself does not pay for the test twice). Bit for bit what `push` does.
    @inlinable @inline(__always)
    public mutating func pushFinite(_ sample: AccelerometerSample, emit: (Event) -> Void) {
        // The gap detector has seen every finite time, so while a run is open its previous time is the run's
        // last sample's: the gap test is made here on that sample (the detector's rule: a step that is not
        // positive or longer than `maximumGap`), and the detector only records the time, for the snapshot.
        detector.previous = sample.time
        guard let previous, case let span = sample.time - previous.time, span > 0 && span <= maximumGap else {
            if let end = previous?.time ?? brokenAt {
                emit(.gap(from: end, to: sample.time))
            }
            brokenAt = nil
            startRun(at: sample, emit: emit)
            return
        }
        let difference = sample.acceleration - previous.acceleration
        // `nextTime` is the grid time of `nextIndex`, computed once (a division) when the index moves.
        while nextTime <= sample.time {
            let fraction = (nextTime - previous.time) / span
            emit(.sample(AccelerometerSample(time: nextTime, acceleration: previous.acceleration + difference * fraction)))
            nextIndex += 1
            nextTime = runStart + Double(nextIndex) / rate
        }
        self.previous = sample
    }

    @inlinable
    internal mutating func startRun(at sample: AccelerometerSample, emit: (Event) -> Void) {
        previous = sample
        runStart = sample.time
        nextIndex = 1
        nextTime = runStart + 1 / rate
        emit(.sample(sample))
    }

    /// Forgets all state; the next sample starts a run without a `.gap` event.
    public mutating func reset() {
        detector.reset()
        previous = nil
        brokenAt = nil
        nextIndex = 0
    }

    /// Resamples a whole recording: the streaming resampler run over `samples`.
    /// - Complexity: O(n + output).
    public static func resample(_ samples: [AccelerometerSample], rate: Double, maximumGap: Double = 1.0) -> [Event] {
        var resampler = Resampler(rate: rate, maximumGap: maximumGap)
        var events: [Event] = []
        for sample in samples {
            resampler.push(sample) { events.append($0) }
        }
        return events
    }
}

extension Resampler {
    private enum CodingKeys: String, CodingKey {
        case rate, maximumGap, detector, previous, brokenAt, runStart, nextIndex
    }

    /// Decodes a resampler with its state.
    /// - Throws: `DecodingError.dataCorrupted` when the rate is not positive and finite or the grid index is negative.
    /// - Complexity: O(1).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rate = try container.decode(Double.self, forKey: .rate)
        guard rate > 0 && rate.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: .rate, in: container, debugDescription: "resampling rate \(rate) Hz is not positive")
        }
        maximumGap = try container.decode(Double.self, forKey: .maximumGap)
        detector = try container.decode(GapDetector.self, forKey: .detector)
        previous = try container.decodeIfPresent(AccelerometerSample.self, forKey: .previous)
        brokenAt = try container.decodeIfPresent(Double.self, forKey: .brokenAt)
        runStart = try container.decode(Double.self, forKey: .runStart)
        nextIndex = try container.decode(Int.self, forKey: .nextIndex)
        guard nextIndex >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .nextIndex, in: container, debugDescription: "negative grid index \(nextIndex)")
        }
        nextTime = runStart + Double(nextIndex) / rate
    }

    /// Encodes the rate, the gap limit and the state.
    /// - Complexity: O(1).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rate, forKey: .rate)
        try container.encode(maximumGap, forKey: .maximumGap)
        try container.encode(detector, forKey: .detector)
        try container.encodeIfPresent(previous, forKey: .previous)
        try container.encodeIfPresent(brokenAt, forKey: .brokenAt)
        try container.encode(runStart, forKey: .runStart)
        try container.encode(nextIndex, forKey: .nextIndex)
    }
}

import LocomotionDSP

import Foundation

/// A streaming pedometer: push accelerometer samples, receive steps (with their own
/// timestamps) and walking bouts.
///
/// The pipeline, per input sample (details and formulas in `Docs/steps.md`):
/// 1. **Rate check.** While the median of the last 15 sampling intervals is longer than
///    `1 / minimumSamplingRate`, input is refused: nothing is counted and
///    the detector says so (`isSamplingTooSparse`).
/// 2. **Anti-aliasing and resampling.** Each axis is smoothed by a one-pole low-pass whose
///    coefficient `1 − exp(−Δt/τ)` follows the actual interval, then linearly resampled to the
///    fixed internal rate (`Resampler` in LocomotionDSP). A hole longer than `maximumGap`, a backwards time or a
///    non-finite value ends the run: the bout ends and nothing is interpolated across.
/// 3. **Orientation-free signal.** The magnitude `|a|` (g) of each resampled sample, so the
///    phone's orientation and placement do not matter, band-passed (Butterworth, 0.5–3.5 Hz).
/// 4. **Candidate steps.** A swing above `+h` then below `−h`, with
///    `h = max(thresholdFraction · RMS, minimumAmplitude)` and RMS a running root mean square;
///    the candidate's time is that of the highest sample of the swing. Candidates closer than
///    `minimumStepInterval` to the previous one are ignored.
/// 5. **Bouts.** Candidates wait until `boutStepCount` of them form a regular sequence (stride
///    lengths within `strideRegularity` of each other) while the signal's autocorrelation
///    peak is at least `periodicityThreshold` — over the whole window, or, after standing still, over the
///    waiting steps' own span (`shortestPeriodicityWindow`, `standingQuietness`), so a four-step walk is not
///    diluted by the stillness before it. Then the bout is confirmed and *all* its steps are
///    emitted at once, with their original times (less a first one quicker than the rhythm after it: the
///    push-off of gait initiation, `firstStepIntervalRatio`). Later candidates count directly while the
///    periodicity stays above `periodicityContinuation` and no pause exceeds
///    `maximumStepInterval`. Isolated bumps never form a bout and never count.
/// 6. **Turns and stops.** A hole of n + 1 step intervals in a periodic bout counts the n steps it
///    hides where each left a bump (`maximumFilledSteps`, `fillTolerance`, `fillEvidence`: the pivot of a
///    turn); a bout that ends in a pause counts its closing step (`countsClosingStep`).
///
/// Steps therefore reach the caller up to a few seconds after they happened (the bout must be
/// confirmed first), in time order. A step's time is the peak of the band-passed magnitude less the
/// band-pass's group delay at a typical step frequency (0.123 s at the defaults): the foot strike.
///
/// A stage of the streaming contract (<doc:StreamingStages>): ``push(_:emit:)`` each sample, ``finish(emit:)`` at
/// the end of the input. The detector is `Codable`: encoding it after any sample, decoding it (in another process)
/// and pushing the rest gives exactly the steps and bouts of an uninterrupted run.
///
/// - Complexity: per input sample, O(1) plus, at most once per `periodicityHop` and only while a step candidate
///   needs it, an autocorrelation over the window, O(window · lags): Σ (300 − L) over the 86 lags ≈ 21 000
///   multiply-adds at the defaults (fewer when an early lag already reaches the threshold); while four or more steps
///   wait unconfirmed after standing still, once per hop and candidate, one over their span (at most the window's
///   cost again). Memory is constant (a few kilobytes, set by the configuration); no heap allocation happens per
///   sample after `init`.
public struct StepDetector: Sendable, Codable {
    /// What the detector reports.
    public enum Event: Sendable, Hashable, Codable {
        /// A counted step at this time (s, the input's clock). Steps come in time order.
        case step(time: Double)
        /// A bout ended (pause, gap, loss of periodicity, too-sparse input, or ``finish(emit:)``).
        case boutEnded(WalkingBout)
    }

    /// The parameters in use.
    public let configuration: StepDetector.Configuration

    /// Steps counted so far.
    public private(set) var stepCount = 0
    /// True while the input is sampled more sparsely than `minimumSamplingRate`.
    package private(set) var isSamplingTooSparse = false
    /// Total time (s) of input refused as too sparse.
    public private(set) var refusedDuration = 0.0
    /// Number of runs the input was split into by gaps (0 before the first sample).
    package private(set) var runCount = 0
    /// Positive sampling intervals seen so far (gaps included).
    public private(set) var intervalCount = 0
    /// Of those, the intervals longer than `1 / minimumSamplingRate`.
    package private(set) var sparseIntervalCount = 0

    /// True when the median sampling interval of everything pushed so far is longer than
    /// `1 / minimumSamplingRate` (more than half of the intervals are), or no interval was seen:
    /// the recording as a whole is too sparse to count steps in.
    /// - Complexity: O(1).
    public var isRecordingTooSparse: Bool {
        intervalCount == 0 || 2 * sparseIntervalCount > intervalCount
    }

    // Input stage.
    private var previousInput: AccelerometerSample?
    private var smoothed = Vector3.zero
    private var intervalIsSparse: IntervalFlags
    private var intervalIndex = 0
    private var recentIntervalCount = 0
    private var recentSparseCount = 0
    private var resampler: Resampler
    /// The anti-aliasing coefficients of the two latest distinct intervals: a steady clock's
    /// intervals take only a few values (its ticks rounded to the timestamps' resolution), so
    /// `exp` runs once per new value instead of once per sample.
    private var coefficientCache = CoefficientCache()

    // Signal stage.
    private var bandPass: SOSFilter
    private var startsRun = true
    private var meanSquare = 0.0
    private let levelCoefficient: Double
    /// The band-pass's group delay (s) at a typical step frequency: how long after the foot strike the filtered
    /// peak comes. Subtracted from every reported time, so steps are reported at the foot strike.
    private let peakDelay: Double
    private var isAboveThreshold = false
    private var swingPeakValue = 0.0
    private var swingPeakTime = 0.0
    private var periodicity: PeriodicityMeter
    /// Time (s) of the last sample of the periodicity meter's latest window, and of the run's first sample: the
    /// window holds measured values only from then on (zeros before).
    private var periodicityHopTime = 0.0
    private var runStartTime = 0.0
    /// The previous filtered sample, its time and threshold, and whether the signal rose into it: a local maximum
    /// is recognised one sample late.
    private var previousValue = 0.0
    private var previousTime = 0.0
    private var previousThreshold = 0.0
    private var wasRising = false
    /// Local maxima of the filtered signal since the last candidate (peak times, and heights as a fraction of the
    /// candidate threshold then): the evidence a hole's hidden steps leave (`fillEvidence`). At most
    /// `bumpCapacity`; when full, a higher bump replaces the lowest.
    private var bumpTimes: [Double]
    private var bumpStrengths: [Double]

    // Bout stage.
    private var pending: [Double]
    private var lastCandidateTime: Double?
    private var isInBout = false
    private var boutStart = 0.0
    private var boutSteps = 0
    private var lastStepTime = 0.0
    private var recentSteps: [Double]
    /// The most steps `recentSteps` holds: as many as fit in `cadenceWindow` at `minimumStepInterval`, plus slack.
    private let recentStepLimit: Int

    /// Sampling intervals remembered for the rate check.
    private static let intervalMemory = 15
    /// Resampled samples per input sample kept on the stack by `resample` (64 pairs of `Double`: 1 KiB, the size the
    /// standard library allocates on the stack without asking): more than the 26 a 0.5 s interval gives at 50 Hz.
    private static let resampledBatch = 64
    /// Local maxima remembered between two candidates: a hole of up to ~3 s in a 3.5 Hz band holds about 10.
    private static let bumpCapacity = 16

    /// Creates a detector. The configuration must be valid (``ParameterizedConfiguration/validate()`` does not throw).
    /// - Complexity: O(window) memory, allocated here once.
    public init(configuration: StepDetector.Configuration = .default) {
        precondition(configuration.isValid, "invalid StepDetector.Configuration")
        self.configuration = configuration
        let rate = configuration.internalRate
        intervalIsSparse = IntervalFlags(count: Self.intervalMemory)
        resampler = Resampler(rate: rate, maximumGap: configuration.maximumGap)
        bandPass = SOSFilter(
            sections: Butterworth.bandPass(
                order: configuration.bandOrder, low: configuration.bandLow, high: configuration.bandHigh,
                sampleRate: rate))
        levelCoefficient = 1 / (configuration.levelTimeConstant * rate)
        peakDelay = Self.groupDelay(of: bandPass.sections, at: Self.typicalStepFrequency / rate) / rate
        let window = Int((configuration.periodicityWindow * rate).rounded())
        let lowLag = max(1, Int((configuration.periodicityLags.lowerBound * rate).rounded()))
        let highLag = max(lowLag, min(window - 1, Int((configuration.periodicityLags.upperBound * rate).rounded())))
        periodicity = PeriodicityMeter(
            windowCount: window, hop: max(1, Int((configuration.periodicityHop * rate).rounded())),
            lags: lowLag...highLag)
        pending = []
        pending.reserveCapacity(configuration.maximumPendingSteps + 1)
        recentSteps = []
        recentStepLimit = Int((configuration.cadenceWindow / configuration.minimumStepInterval).rounded(.up)) + 2
        recentSteps.reserveCapacity(recentStepLimit)
        bumpTimes = []
        bumpTimes.reserveCapacity(Self.bumpCapacity)
        bumpStrengths = []
        bumpStrengths.reserveCapacity(Self.bumpCapacity)
    }

    /// Cadence in steps per minute over the last `cadenceWindow` seconds of the current bout,
    /// `60 · (n − 1) / (t_last − t_first)` over its `n` steps; nil outside a bout or before two steps.
    /// - Complexity: O(1).
    public var stepsPerMinute: Double? {
        guard isInBout, recentSteps.count >= 2, let first = recentSteps.first, let last = recentSteps.last,
            last > first
        else { return nil }
        return 60 * Double(recentSteps.count - 1) / (last - first)
    }

    /// True while a confirmed bout is going on.
    public var isWalking: Bool { isInBout }

    /// Pushes one sample (time in s, acceleration in g) and calls `emit` with each event it completes (usually
    /// none; a bout's steps all at once when it is confirmed).
    /// - Complexity: O(1) amortised (at most one autocorrelation per `periodicityHop`, see above); no allocation.
    public mutating func push(_ sample: AccelerometerSample, emit: (Event) -> Void) {
        push(sample, resampledBatch: Self.resampledBatch, emit: emit)
    }

    /// ``push(_:emit:)`` with the stack buffer of `resample` limited to `resampledBatch` samples (at most
    /// `Self.resampledBatch`): 0 takes the copying path for every sample, which the tests compare with the buffered
    /// one.
    @inline(__always)
    mutating func push(_ sample: AccelerometerSample, resampledBatch: Int, emit: (Event) -> Void) {
        guard sample.time.isFinite, sample.acceleration.isFinite else {
            // Dropped; the resampler also ends its run here, so break ours in step.
            breakRun(emit: emit)
            resampler.reset()
            previousInput = nil
            return
        }
        var interval: Double?
        if let previous = previousInput {
            let step = sample.time - previous.time
            if step > 0 {
                intervalCount += 1
                if step * configuration.minimumSamplingRate > 1 { sparseIntervalCount += 1 }
            }
            if step > 0, step <= configuration.maximumGap {
                interval = step
                recordInterval(step)
                if isSamplingTooSparse { refusedDuration += step }
            }
        }
        previousInput = sample
        if isSamplingTooSparse {
            breakRun(emit: emit)
            resampler.reset()
            return
        }
        if let interval, configuration.antiAliasingTimeConstant > 0 {
            let coefficient = antiAliasingCoefficient(for: interval)
            smoothed = smoothed + (sample.acceleration - smoothed) * coefficient
        } else {
            // A new run (first sample, after a gap or a backwards time) starts from the sample itself.
            smoothed = sample.acceleration
        }
        resample(AccelerometerSample(time: sample.time, acceleration: smoothed), interval: interval,
                 batch: resampledBatch, emit: emit)
    }

    /// The input has ended: ends the current bout and calls `emit` with it; steps still waiting for confirmation
    /// are dropped. The detector can go on afterwards (the next sample starts afresh).
    /// - Complexity: O(1).
    public mutating func finish(emit: (Event) -> Void) {
        endBout(emit: emit)
        pending.removeAll(keepingCapacity: true)
    }

    // MARK: Input stage

    @inline(__always)
    private mutating func recordInterval(_ interval: Double) {
        let isSparse = interval * configuration.minimumSamplingRate > 1
        if recentIntervalCount == Self.intervalMemory {
            if intervalIsSparse[intervalIndex] { recentSparseCount -= 1 }
        } else {
            recentIntervalCount += 1
        }
        intervalIsSparse[intervalIndex] = isSparse
        if isSparse { recentSparseCount += 1 }
        intervalIndex += 1
        if intervalIndex == Self.intervalMemory { intervalIndex = 0 }
        // The median interval is too long exactly when more than half of them are.
        isSamplingTooSparse = 2 * recentSparseCount > recentIntervalCount
    }

    /// Resamples one smoothed sample (`interval` after the previous one, nil when it starts a run) and runs the signal
    /// stage on what it gives.
    ///
    /// Usually the resampler's outputs are collected on the stack first and processed after it returns: its callback
    /// then touches no state of the detector, so the resampler is mutated in place instead of being copied out and
    /// back on every sample. An interval too long for the stack buffer (`resampledBatch` grid steps, with room for
    /// the grid's rounding) takes the copying path. Either way the same outputs in the same order: bit for bit.
    /// O(1) per output; no allocation.
    @inline(__always)
    private mutating func resample(_ sample: AccelerometerSample, interval: Double?, batch limit: Int,
                                   emit: (Event) -> Void) {
        // Grid times in (t − interval, t] number at most interval · rate + 1, and rounding to the timestamps'
        // resolution (at most the interval itself, which is a difference of two of them) at most doubles that.
        let bound = 2 * (interval ?? 0) * configuration.internalRate + 4
        guard bound <= Double(min(limit, Self.resampledBatch)) else {
            var resampler = self.resampler
            resampler.push(sample) { event in
                switch event {
                case .gap: breakRun(emit: emit)
                case .sample(let resampled):
                    process(time: resampled.time, magnitude: resampled.acceleration.magnitude, emit: emit)
                }
            }
            self.resampler = resampler
            return
        }
        withUnsafeTemporaryAllocation(of: (time: Double, magnitude: Double).self, capacity: Self.resampledBatch) { batch in
            var count = 0
            var startsWithGap = false
            resampler.push(sample) { event in
                switch event {
                case .gap:
                    // The resampler reports a gap before the new run's first sample, at most once per input sample.
                    startsWithGap = true
                case .sample(let resampled):
                    precondition(count < batch.count, "resampled batch overflow")
                    batch[count] = (time: resampled.time, magnitude: resampled.acceleration.magnitude)
                    count += 1
                }
            }
            if startsWithGap { breakRun(emit: emit) }
            for index in 0..<count { process(time: batch[index].time, magnitude: batch[index].magnitude, emit: emit) }
        }
    }

    /// `1 − exp(−interval/τ)`, from the cache when `interval` is one of the two latest. O(1).
    @inline(__always)
    private mutating func antiAliasingCoefficient(for interval: Double) -> Double {
        coefficientCache.coefficient(for: interval, timeConstant: configuration.antiAliasingTimeConstant)
    }

    /// Ends the bout and forgets the signal state: the next resampled sample starts afresh.
    private mutating func breakRun(emit: (Event) -> Void) {
        endBout(emit: emit)
        pending.removeAll(keepingCapacity: true)
        lastCandidateTime = nil
        startsRun = true
    }

    // MARK: Signal stage

    private mutating func process(time: Double, magnitude: Double, emit: (Event) -> Void) {
        if startsRun {
            startsRun = false
            runCount += 1
            bandPass.reset(steadyStateFor: magnitude)
            periodicity.reset()
            runStartTime = time
            meanSquare = 0
            isAboveThreshold = false
            previousValue = 0
            wasRising = false
            bumpTimes.removeAll(keepingCapacity: true)
            bumpStrengths.removeAll(keepingCapacity: true)
        }
        let value = bandPass.process(magnitude)
        meanSquare += (value * value - meanSquare) * levelCoefficient
        if periodicity.append(value) {
            periodicityHopTime = time
            confirmPendingIfReady(at: time, emit: emit)
        }
        if let last = lastCandidateTime, time - last > configuration.maximumStepInterval {
            // A pause: the bout is over, and what was waiting cannot join a later step.
            if isInBout { countStop(emit: emit) }
            endBout(emit: emit)
            pending.removeAll(keepingCapacity: true)
            lastCandidateTime = nil
        }
        let threshold = max(configuration.thresholdFraction * meanSquare.squareRoot(), configuration.minimumAmplitude)
        // Bumps matter only while steps wait or a bout goes on (a still phone's noise is not looked at).
        if isInBout || !pending.isEmpty {
            if wasRising, value <= previousValue, previousValue > 0 { recordBump() }
            wasRising = value > previousValue
            previousTime = time
            previousThreshold = threshold
        } else {
            wasRising = false
        }
        previousValue = value
        if !isAboveThreshold {
            if value > threshold {
                isAboveThreshold = true
                swingPeakValue = value
                swingPeakTime = time
            }
        } else {
            if value > swingPeakValue {
                swingPeakValue = value
                swingPeakTime = time
            }
            if value < -threshold {
                isAboveThreshold = false
                candidate(at: swingPeakTime, emit: emit)
            }
        }
    }

    // MARK: Bout stage

    /// Remembers the local maximum just passed (the previous sample) as possible evidence of a hidden step. O(1);
    /// O(bumpCapacity) when the memory is full.
    private mutating func recordBump() {
        let strength = previousThreshold > 0 ? previousValue / previousThreshold : 0
        if bumpTimes.count < Self.bumpCapacity {
            bumpTimes.append(previousTime)
            bumpStrengths.append(strength)
            return
        }
        var lowest = 0
        for index in bumpStrengths.indices where bumpStrengths[index] < bumpStrengths[lowest] { lowest = index }
        if strength > bumpStrengths[lowest] {
            bumpTimes.remove(at: lowest)
            bumpStrengths.remove(at: lowest)
            bumpTimes.append(previousTime)
            bumpStrengths.append(strength)
        }
    }

    /// Forgets the bumps up to `time` (a candidate's peak): the next hole starts there. O(bumpCapacity).
    private mutating func forgetBumps(upTo time: Double) {
        var kept = 0
        for index in bumpTimes.indices where bumpTimes[index] > time {
            bumpTimes[kept] = bumpTimes[index]
            bumpStrengths[kept] = bumpStrengths[index]
            kept += 1
        }
        bumpTimes.removeLast(bumpTimes.count - kept)
        bumpStrengths.removeLast(bumpStrengths.count - kept)
    }

    /// The time of the highest remembered bump within `reach` of `time` that reaches `fillEvidence`; nil if none.
    /// O(bumpCapacity).
    private func bump(near time: Double, within reach: Double) -> Double? {
        var best: Double?, strongest = configuration.fillEvidence
        for index in bumpTimes.indices where abs(bumpTimes[index] - time) <= reach && bumpStrengths[index] >= strongest {
            strongest = bumpStrengths[index]
            best = bumpTimes[index]
        }
        return best
    }

    private mutating func candidate(at time: Double, emit: (Event) -> Void) {
        if let last = lastCandidateTime, time - last < configuration.minimumStepInterval { return }
        lastCandidateTime = time
        defer { forgetBumps(upTo: time) }
        if isInBout {
            let isPeriodic = periodicity.reaches(configuration.periodicityContinuation)
            if isPeriodic, let missed = missedSteps(before: time) {
                // Steps the trunk hardly registered (the pivot of a turn), in the hole they left: at the bumps they
                // left, or evenly spaced when no evidence is asked for.
                let last = lastStepTime, interval = (time - last) / Double(missed + 1)
                if configuration.fillEvidence > 0 {
                    let reach = interval / 4
                    if (1...missed).allSatisfy({ bump(near: last + Double($0) * interval, within: reach) != nil }) {
                        for index in 1...missed {
                            emitStep(at: bump(near: last + Double(index) * interval, within: reach) ?? last, emit: emit)
                        }
                    }
                } else {
                    for index in 1...missed { emitStep(at: last + Double(index) * interval, emit: emit) }
                }
                emitStep(at: time, emit: emit)
                return
            }
            if isPeriodic {
                emitStep(at: time, emit: emit)
                return
            }
            endBout(emit: emit)
            pending.removeAll(keepingCapacity: true)
        }
        if pending.count == configuration.maximumPendingSteps { pending.removeFirst() }
        pending.append(time)
        pruneIrregularPending()
        confirmPendingIfReady(at: time, emit: emit)
    }

    /// The bout's mean step interval over the recent steps (s); nil before two of them. O(1).
    private var meanStepInterval: Double? {
        guard recentSteps.count >= 2, let first = recentSteps.first, let last = recentSteps.last, last > first else {
            return nil
        }
        return (last - first) / Double(recentSteps.count - 1)
    }

    /// How many steps a hole before a step at `time` hides: n when the interval from the last counted step is
    /// n + 1 mean step intervals within `fillTolerance` of them, 1 ≤ n ≤ `maximumFilledSteps`; nil otherwise. O(1).
    private func missedSteps(before time: Double) -> Int? {
        guard configuration.maximumFilledSteps > 0, let mean = meanStepInterval else { return nil }
        let ratio = (time - lastStepTime) / mean, intervals = ratio.rounded()
        guard intervals >= 2, intervals <= Double(configuration.maximumFilledSteps + 1),
              abs(ratio - intervals) <= configuration.fillTolerance else { return nil }
        return Int(intervals) - 1
    }

    /// A bout ends in a stop: the trailing foot joins the leading one, a step that carries almost no load and
    /// barely moves the trunk. Counted one mean step interval after the bout's last step when `countsClosingStep`.
    /// O(1).
    private mutating func countStop(emit: (Event) -> Void) {
        guard configuration.countsClosingStep, let mean = meanStepInterval else { return }
        emitStep(at: lastStepTime + mean, emit: emit)
    }

    /// Drops the oldest waiting steps until all strides (two consecutive intervals) lie within
    /// `strideRegularity` of each other. O(pending²) with pending ≤ maximumPendingSteps.
    private mutating func pruneIrregularPending() {
        while pending.count >= 4 {
            var shortest = Double.infinity
            var longest = 0.0
            for index in 0..<(pending.count - 2) {
                let stride = pending[index + 2] - pending[index]
                shortest = min(shortest, stride)
                longest = max(longest, stride)
            }
            if longest <= configuration.strideRegularity * shortest { return }
            pending.removeFirst()
        }
    }

    private mutating func confirmPendingIfReady(at time: Double, emit: (Event) -> Void) {
        guard !isInBout, pending.count >= configuration.boutStepCount, pendingIsPeriodic() else { return }
        isInBout = true
        // The push-off of gait initiation: a bump just before the first foot strike, quicker than the rhythm after.
        let ratio = configuration.firstStepIntervalRatio
        let first = pending.count >= 4 && pending[1] - pending[0] < ratio * (pending[3] - pending[2]) ? 1 : 0
        boutStart = pending[first]
        boutSteps = 0
        recentSteps.removeAll(keepingCapacity: true)
        for index in first..<pending.count { emitStep(at: pending[index], emit: emit) }
        pending.removeAll(keepingCapacity: true)
    }

    /// Whether the periodicity confirms the waiting steps: that of the whole window, or that of the waiting steps'
    /// own span (from half a step interval before the first, at least `shortestPeriodicityWindow`). O(1) plus the
    /// periodicity meter's lazy autocorrelations.
    private mutating func pendingIsPeriodic() -> Bool {
        let threshold = configuration.periodicityThreshold
        if periodicity.reaches(threshold) { return true }
        guard configuration.shortestPeriodicityWindow < configuration.periodicityWindow, pending.count >= 2,
              let first = pending.first, let last = pending.last else { return false }
        let halfInterval = (last - first) / Double(pending.count - 1) / 2
        let span = max(periodicityHopTime - (first - halfInterval), configuration.shortestPeriodicityWindow)
        let rate = configuration.internalRate
        return periodicity.spanReaches(threshold, count: Int((span * rate).rounded()) + 1,
                                       measured: Int(((periodicityHopTime - runStartTime) * rate).rounded()) + 1,
                                       quietness: configuration.standingQuietness, quietCount: Int(rate.rounded()))
    }

    private mutating func emitStep(at time: Double, emit: (Event) -> Void) {
        stepCount += 1
        boutSteps += 1
        lastStepTime = time
        while let first = recentSteps.first, time - first > configuration.cadenceWindow {
            recentSteps.removeFirst()
        }
        if recentSteps.count >= recentStepLimit { recentSteps.removeFirst() }
        recentSteps.append(time)
        emit(.step(time: time - peakDelay))
    }

    private mutating func endBout(emit: (Event) -> Void) {
        guard isInBout else { return }
        isInBout = false
        recentSteps.removeAll(keepingCapacity: true)
        emit(.boutEnded(WalkingBout(start: boutStart - peakDelay, end: lastStepTime - peakDelay, stepCount: boutSteps)))
    }
}

extension StepDetector {
    /// The step frequency (Hz) at which the band-pass's delay is compensated: 1.8 Hz, about 110 steps/min, the
    /// middle of adult walking cadences (95–125 steps/min). Within that range the delay of the default band-pass
    /// changes by under 10 ms.
    static let typicalStepFrequency = 1.8

    /// Group delay (samples) of a cascade of biquads at `frequency` cycles per sample: for each section, that of
    /// its numerator minus that of its denominator, where a polynomial `Σ cₖ z⁻ᵏ` delays by `Re(Σ k cₖ e^(−iωk) / Σ cₖ e^(−iωk))` samples. O(sections).
    static func groupDelay(of sections: [Biquad], at frequency: Double) -> Double {
        let omega = 2 * Double.pi * frequency
        func delay(_ c: (Double, Double, Double)) -> Double {
            // Σ cₖ e^(−iωk) = (re, im); Σ k cₖ e^(−iωk) = (kre, kim); the delay is Re(k-sum / sum).
            let re = c.0 + c.1 * cos(omega) + c.2 * cos(2 * omega)
            let im = -c.1 * sin(omega) - c.2 * sin(2 * omega)
            let kre = c.1 * cos(omega) + 2 * c.2 * cos(2 * omega)
            let kim = -c.1 * sin(omega) - 2 * c.2 * sin(2 * omega)
            return (kre * re + kim * im) / (re * re + im * im)
        }
        return sections.reduce(0.0) { total, section in
            total + delay((section.b0, section.b1, section.b2)) - delay((1, section.a1, section.a2))
        }
    }

    /// The anti-aliasing coefficients of the two latest distinct intervals: a steady clock's intervals take only a
    /// few values (its ticks rounded to the timestamps' resolution), so `exp` runs once per new value instead of
    /// once per sample.
    fileprivate struct CoefficientCache: Sendable, Codable {
        var intervals = (-1.0, -1.0)
        var coefficients = (0.0, 0.0)

        init() {}

        /// `1 − exp(−interval/timeConstant)`, from the cache when `interval` is one of the two latest. O(1).
        @inline(__always)
        mutating func coefficient(for interval: Double, timeConstant: Double) -> Double {
            if interval == intervals.0 { return coefficients.0 }
            if interval == intervals.1 {
                intervals = (intervals.1, intervals.0)
                coefficients = (coefficients.1, coefficients.0)
                return coefficients.0
            }
            let coefficient = 1 - exp(-interval / timeConstant)
            intervals = (interval, intervals.0)
            coefficients = (coefficient, coefficients.0)
            return coefficient
        }

        private enum CodingKeys: String, CodingKey { case intervals, coefficients }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let intervals = try container.decode([Double].self, forKey: .intervals)
            let coefficients = try container.decode([Double].self, forKey: .coefficients)
            guard intervals.count == 2, coefficients.count == 2 else {
                throw DecodingError.dataCorruptedError(forKey: .intervals, in: container,
                                                       debugDescription: "the coefficient cache holds two intervals")
            }
            self.intervals = (intervals[0], intervals[1])
            self.coefficients = (coefficients[0], coefficients[1])
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode([intervals.0, intervals.1], forKey: .intervals)
            try container.encode([coefficients.0, coefficients.1], forKey: .coefficients)
        }
    }

    /// Whether the decoded state is one the detector can run from: buffers of the configured sizes, positions within
    /// them. (A state the detector reached itself always is.) O(1).
    var hasConsistentState: Bool {
        intervalIsSparse.count == Self.intervalMemory && intervalIsSparse.contains(intervalIndex)
            && (0...Self.intervalMemory).contains(recentIntervalCount) && (0...recentIntervalCount).contains(recentSparseCount)
            && pending.count <= configuration.maximumPendingSteps && recentSteps.count <= recentStepLimit
            && bumpTimes.count == bumpStrengths.count && bumpTimes.count <= Self.bumpCapacity
            && configuration.isValid
    }
}


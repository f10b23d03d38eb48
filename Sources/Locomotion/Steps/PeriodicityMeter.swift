/// How periodic the recent filtered signal is: the highest normalised autocorrelation over a lag
/// range, of a sliding window taken every `hop` samples.
///
/// For the mean-removed window `w` of `n` samples with energy `E = Σ w²`, the score is
/// `max over lags L of (Σᵢ wᵢ·wᵢ₊L / E) · n / (n − L)` (the unbiased normalisation, so a
/// sinusoid scores ≈ 1 at its period whatever the lag). A still phone, noise, or irregular bumps
/// score low; walking scores 0.7–1.0 at the step or stride lag.
///
/// The score in force is that of the window at the latest hop. The detector only asks whether it
/// reaches a threshold (``reaches(_:)``), so it is computed lazily: not at all for hops nobody asks
/// about (most of a day: stillness with no step candidates waiting), and only up to the first lag
/// that reaches the threshold (a walk does so at its step lag, in the block of 8 lags tried first). The
/// answers are exactly those of computing every score in full at every hop, bit for bit: each
/// lag's sum runs over the same terms in the same order, and the mean is summed in the order the
/// original fixed-size ring held the values.
///
/// The window starts filled with zeros (a still signal) at every ``reset()``, so a score exists
/// from the first hop on. Cost: O(1) per sample; O(window · lags) multiply-adds for a full
/// score, 8 lags at a time in SIMD lanes. No allocation after `init`.
struct PeriodicityMeter: Sendable, Codable {
    /// The last `windowCount + hop` values (zeros after a reset); the window of the latest hop
    /// always lies within them.
    private var ring: [Double]
    /// The latest hop's window, oldest first, mean removed (once prepared).
    private var window: [Double]
    /// Working space of ``spanReaches(_:count:)`` (`windowCount` values): holds nothing between calls, so it is
    /// neither encoded nor compared.
    private var scratch: [Double]
    private let windowCount: Int
    private let hop: Int
    private let lags: ClosedRange<Int>
    private var writeIndex = 0
    private var sinceUpdate = 0
    /// Values appended since the reset, modulo `windowCount`: where a ring of exactly `windowCount`
    /// values would write next, which fixes the order its mean was summed in.
    private var windowPhase = 0

    // The latest hop, and how far its score has been computed.
    private var hasHop = false
    private var hopEnd = 0
    private var hopPhase = 0
    private var isPrepared = false
    private var energy = 0.0
    /// The next lag to evaluate; past `lags.upperBound` once `best` is the full score.
    private var nextLag = 0
    /// The highest normalised autocorrelation of the lags evaluated so far (−1 before any).
    private var best = -1.0
    /// First lag of the 8-lag block that held the best lag last time: evaluated first, as walking
    /// keeps its period from hop to hop. (The maximum does not depend on the order lags are tried.)
    private var preferredBlock: Int?
    /// The block already evaluated out of order in this hop, skipped by the in-order sweep.
    private var skippedBlock = -1

    /// A meter over `windowCount` samples, updated every `hop` samples, searching lags `lags` (samples).
    init(windowCount: Int, hop: Int, lags: ClosedRange<Int>) {
        precondition(windowCount > lags.upperBound && lags.lowerBound >= 1 && hop >= 1)
        ring = [Double](repeating: 0, count: windowCount + hop)
        window = [Double](repeating: 0, count: windowCount)
        scratch = [Double](repeating: 0, count: windowCount)
        self.windowCount = windowCount
        self.hop = hop
        self.lags = lags
    }

    /// Adds one sample; returns true when a hop completed (a new score is in force). O(1).
    @inline(__always)
    mutating func append(_ value: Double) -> Bool {
        ring[writeIndex] = value
        writeIndex += 1
        if writeIndex == ring.count { writeIndex = 0 }
        windowPhase += 1
        if windowPhase == windowCount { windowPhase = 0 }
        sinceUpdate += 1
        guard sinceUpdate >= hop else { return false }
        sinceUpdate = 0
        hasHop = true
        hopEnd = writeIndex
        hopPhase = windowPhase
        isPrepared = false
        return true
    }

    /// Empties the window (zeros) and the score.
    mutating func reset() {
        for index in ring.indices { ring[index] = 0 }
        writeIndex = 0
        sinceUpdate = 0
        windowPhase = 0
        hasHop = false
        isPrepared = false
        preferredBlock = nil
    }

    /// Whether the score in force (0 before the first hop, after a reset, or for a numerically
    /// silent window) is at least `threshold`. Computes only as many lags as it needs to answer.
    mutating func reaches(_ threshold: Double) -> Bool {
        guard hasHop else { return 0 >= threshold }
        if !isPrepared {
            prepare()
            if let block = preferredBlock, best < threshold, nextLag <= lags.upperBound {
                _ = evaluateLags(from: block)
                skippedBlock = block
            }
        }
        while best < threshold && nextLag <= lags.upperBound { evaluateNextLags() }
        return best >= threshold
    }

    /// Whether the periodicity of only the last `count` samples of the latest hop's window reaches `threshold`: the
    /// same normalised autocorrelation, `(Σ sᵢsᵢ₊L / Σ s²) · count / (count − L)` over the mean-removed span `s`, for
    /// the lags of the meter's range up to `count / 2` (so at least half the span overlaps itself at every lag).
    ///
    /// A short walk that fills only part of the window is diluted there: the still part adds length but no
    /// correlation, so a 2 s walk in a 6 s window scores about 0.6 however regular it is. Scored over its own span it
    /// scores what a long walk does. Nothing is stored: the answer is computed afresh at each call, from the ring.
    /// False when `count` is too short for the shortest lag; the whole window's ``reaches(_:)`` when `count` is the
    /// window or more.
    /// - Complexity: O(count · lags) multiply-adds, stopping at the first lag that reaches `threshold`; no allocation.
    mutating func spanReaches(_ threshold: Double, count: Int, measured: Int, quietness: Double, quietCount: Int) -> Bool {
        guard count < windowCount else { return reaches(threshold) }
        guard hasHop else { return 0 >= threshold }
        let highest = min(lags.upperBound, count / 2)
        guard highest >= lags.lowerBound else { return false }
        let ringCount = ring.count
        var start = hopEnd - count
        if start < 0 { start += ringCount }
        // The measured part of the window before the span (the latest hop's window ends at hopEnd; values older
        // than the reset are zeros that were never measured).
        let measured = min(measured, windowCount)
        let quietLength = measured - count
        guard quietLength >= quietCount else { return false }
        var before = hopEnd - measured
        if before < 0 { before += ringCount }
        return ring.withUnsafeBufferPointer { ring in
            scratch.withUnsafeMutableBufferPointer { span in
                var sum = 0.0
                for index in 0..<count {
                    var position = start + index
                    if position >= ringCount { position -= ringCount }
                    span[index] = ring[position]
                    sum += ring[position]
                }
                let energy = Self.removeMean(sum / Double(count), from: span, count: count)
                guard energy > 1e-12 * Double(count) else { return 0 >= threshold }
                // The rest of the window must be quiet: otherwise nothing dilutes the window's score.
                var quiet = 0.0
                for index in 0..<quietLength {
                    var position = before + index
                    if position >= ringCount { position -= ringCount }
                    quiet += ring[position] * ring[position]
                }
                guard quiet / Double(quietLength) <= quietness * quietness * energy / Double(count) else {
                    return false
                }
                for lag in lags.lowerBound...highest {
                    var product = 0.0
                    for index in 0..<(count - lag) { product += span[index] * span[index + lag] }
                    if product / energy * Double(count) / Double(count - lag) >= threshold { return true }
                }
                return false
            }
        }
    }

    /// Subtracts `mean` from the first `count` values of `buffer` and returns their energy (the sum of their squares
    /// after). O(count).
    private static func removeMean(_ mean: Double, from buffer: UnsafeMutableBufferPointer<Double>, count: Int) -> Double {
        var energy = 0.0
        for index in 0..<count {
            let value = buffer[index] - mean
            buffer[index] = value
            energy += value * value
        }
        return energy
    }

    /// The full score in force. O(window · lags) the first time after a hop.
    mutating func score() -> Double {
        guard hasHop else { return 0 }
        if !isPrepared { prepare() }
        while nextLag <= lags.upperBound { evaluateNextLags() }
        return best
    }

    /// Copies the latest hop's window out of the ring, removes its mean and measures its energy.
    private mutating func prepare() {
        isPrepared = true
        let count = windowCount, ringCount = ring.count
        var start = hopEnd - count
        if start < 0 { start += ringCount }
        let phase = hopPhase
        let energy: Double = ring.withUnsafeBufferPointer { ring in
            window.withUnsafeMutableBufferPointer { window in
                // Window index i is ring slot start + i (wrapped): the first `firstPart` from `start`, the rest from 0.
                let firstPart = min(count, ringCount - start)
                let head = ring.baseAddress! + start, tail = ring.baseAddress!
                // A ring of `count` values would hold the oldest at slot `phase` and be summed from slot 0:
                // chronological positions count − phase … count − 1, then 0 … count − phase − 1. Summed here
                // straight from the ring in that order, and the mean removed while copying (one pass fewer).
                var sum = 0.0
                func add(_ range: Range<Int>) {
                    let split = min(max(firstPart, range.lowerBound), range.upperBound)
                    for index in range.lowerBound..<split { sum += head[index] }
                    for index in split..<range.upperBound { sum += tail[index - firstPart] }
                }
                let wrap = phase == 0 ? 0 : count - phase
                add(wrap..<count)
                add(0..<wrap)
                let mean = sum / Double(count)
                var energy = 0.0
                for index in 0..<firstPart {
                    let value = head[index] - mean
                    window[index] = value
                    energy += value * value
                }
                for index in firstPart..<count {
                    let value = tail[index - firstPart] - mean
                    window[index] = value
                    energy += value * value
                }
                return energy
            }
        }
        self.energy = energy
        // Below this the window is numerically silent: call it aperiodic.
        skippedBlock = -1
        if !(energy > 1e-12 * Double(count)) {
            best = 0
            nextLag = lags.upperBound + 1
        } else {
            best = -1
            nextLag = lags.lowerBound
        }
    }

    /// Evaluates the next lags of the in-order sweep (skipping a block already evaluated).
    private mutating func evaluateNextLags() {
        if nextLag == skippedBlock {
            nextLag += 8
        } else {
            nextLag = evaluateLags(from: nextLag)
        }
    }

    /// Evaluates the 8 lags from `lag` at once (each in its own SIMD lane, summed in index order like
    /// the scalar loop), or the single lag `lag` near the end of the window, into `best`; returns the
    /// lag after them.
    private mutating func evaluateLags(from lag: Int) -> Int {
        let count = windowCount, highest = lags.upperBound, energy = self.energy
        var best = self.best
        var bestBlock: Int?
        let next = window.withUnsafeBufferPointer { window in
            let w = window.baseAddress!
            if lag + 7 < count {
                // Lane k holds lag + k. All lanes share i < count − lag − 7; the longer lanes' last
                // few terms are added afterwards, still in index order.
                let shared = count - lag - 7
                var low = SIMD4<Double>.zero, high = SIMD4<Double>.zero
                for i in 0..<shared {
                    let x = SIMD4<Double>(repeating: w[i])
                    low += x * UnsafeRawPointer(w + i + lag).loadUnaligned(as: SIMD4<Double>.self)
                    high += x * UnsafeRawPointer(w + i + lag + 4).loadUnaligned(as: SIMD4<Double>.self)
                }
                for k in 0..<8 where lag + k <= highest {
                    var product = k < 4 ? low[k] : high[k - 4]
                    for i in shared..<(count - lag - k) { product += w[i] * w[i + lag + k] }
                    let normalised = product / energy * Double(count) / Double(count - lag - k)
                    if normalised > best {
                        best = normalised
                        bestBlock = lag
                    }
                }
                return lag + 8
            } else {
                var product = 0.0
                for i in 0..<(count - lag) { product += w[i] * w[i + lag] }
                let normalised = product / energy * Double(count) / Double(count - lag)
                if normalised > best { best = normalised }
                return lag + 1
            }
        }
        self.best = best
        if let bestBlock { preferredBlock = bestBlock }
        return next
    }
}

extension PeriodicityMeter {
    private enum CodingKeys: String, CodingKey {
        case ring, window, windowCount, hop, lags, writeIndex, sinceUpdate, windowPhase
        case hasHop, hopEnd, hopPhase, isPrepared, energy, nextLag, best, preferredBlock, skippedBlock
    }

    /// Decodes a meter with its state (the step detector's snapshot). O(window).
    /// - Throws: `DecodingError.dataCorrupted` when buffers, positions or lags are inconsistent.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ring = try container.decode([Double].self, forKey: .ring)
        window = try container.decode([Double].self, forKey: .window)
        windowCount = try container.decode(Int.self, forKey: .windowCount)
        hop = try container.decode(Int.self, forKey: .hop)
        lags = try container.decode(ClosedRange<Int>.self, forKey: .lags)
        writeIndex = try container.decode(Int.self, forKey: .writeIndex)
        sinceUpdate = try container.decode(Int.self, forKey: .sinceUpdate)
        windowPhase = try container.decode(Int.self, forKey: .windowPhase)
        hasHop = try container.decode(Bool.self, forKey: .hasHop)
        hopEnd = try container.decode(Int.self, forKey: .hopEnd)
        hopPhase = try container.decode(Int.self, forKey: .hopPhase)
        isPrepared = try container.decode(Bool.self, forKey: .isPrepared)
        energy = try container.decode(Double.self, forKey: .energy)
        nextLag = try container.decode(Int.self, forKey: .nextLag)
        best = try container.decode(Double.self, forKey: .best)
        preferredBlock = try container.decodeIfPresent(Int.self, forKey: .preferredBlock)
        skippedBlock = try container.decode(Int.self, forKey: .skippedBlock)
        let lagsFit = lags.lowerBound >= 1 && windowCount > lags.upperBound
        guard hop >= 1, lagsFit, ring.count == windowCount + hop, window.count == windowCount,
              ring.indices.contains(writeIndex), ring.indices.contains(hopEnd), (0..<hop).contains(sinceUpdate),
              (0..<windowCount).contains(windowPhase), (0..<windowCount).contains(hopPhase),

              !isPrepared || nextLag >= lags.lowerBound, preferredBlock.map(lags.contains) ?? true else {
            throw DecodingError.dataCorruptedError(forKey: .ring, in: container,
                                                   debugDescription: "inconsistent periodicity window or lags")
        }
        scratch = [Double](repeating: 0, count: windowCount)
    }
}

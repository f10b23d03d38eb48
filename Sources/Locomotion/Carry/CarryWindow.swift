import LocomotionDSP

/// The evidence of a ``CarryDetector``: one-second blocks of samples (count, mean, squared differences between
/// consecutive samples) and, over the last `length` + 1 closed blocks, the statistics that tell a sensor's white
/// noise from a body's movement.
///
/// The one-second means of a phone at rest differ from each other only by the sensor's white noise, σ²/n per axis
/// for n samples of noise σ (their Allan variance at 1 s); its slow drift adds next to nothing from one second to
/// the next. A body moves them more: breathing and sway tilt the phone over seconds. Two tests, each with the
/// allowance a still sensor needs from window to window (4 standard deviations of white noise's statistics over
/// `length` differences: 1/√length and 0.6/√length, measured by simulation):
/// 1. the Allan variance at 1 s, A₁, beyond the white noise that the sample-to-sample differences show
///    (σ² = ½ mean |Δa|², capped at the noisiest sensor's): A₁ − (1 + 4/√L)·σ²·mean(1/n) ≤ d²;
/// 2. the Allan variance at 2 s, A₂, beyond the half of A₁ that white noise leaves at twice the averaging time:
///    A₂ − (½ + 2.4/√L)·A₁ ≤ d². It catches slow movement where the first test is blind, at low sampling rates,
///    where a body's faster movements pass for sensor noise in the differences.
///
/// Each block's terms (its change from the block before, and its two-second change) are computed once, when it
/// closes, and the window's sums are kept as blocks enter and leave it — summed afresh every `length` + 1 blocks, so
/// that rounding cannot build up. The statistics are those of `Scripts/evaluation/carry/reference.py`, which computes them from
/// the means.
///
/// - Complexity: O(1) per sample (about a dozen additions and multiplications) and per second (O(length) every
///   `length` + 1 seconds). Memory: `length` + 1 blocks, reserved at `init`.
struct CarryWindow: Sendable, Hashable, Codable {
    /// One closed one-second block and its terms of the window's sums.
    struct Block: Sendable, Hashable, Codable {
        var start: Double
        /// 1 / the number of samples.
        var inverseCount: Double
        var mean: Vector3
        /// Sum of |Δa|² over the differences between consecutive samples that end in the block, and their number.
        var differenceSquares: Double
        var differenceCount: Int
        /// ½ |mean − the previous block's mean|² and ½ (1/n + 1/n of the previous block): the block's terms of the
        /// Allan variance at 1 s and of its white-noise share (0 for the first block of a run).
        var allanTerm: Double
        var inverseTerm: Double
        /// ½ |(mean + previous − two back − three back) / 2|²: its term of the Allan variance at 2 s (0 until three
        /// blocks of the run precede it).
        var allan2Term: Double
    }

    /// The window's sums over its steps 1…length (the oldest block's own terms reach before the window and are left
    /// out; the two-second terms over steps 3…length).
    struct Sums: Sendable, Hashable, Codable {
        var allan = 0.0
        var inverse = 0.0
        var squares = 0.0
        var differences = 0
        var allan2 = 0.0
    }

    /// What one full window says.
    struct Verdict: Sendable, Hashable {
        /// Start (s) of the window's oldest block and end of its newest.
        var start: Double
        var end: Double
        /// True when both tests stay within the allowance.
        var isStill: Bool
        /// The larger excess of the two tests (g), 0 when neither has any.
        var excessDeviation: Double
        /// The sensor noise estimate (g per sample), capped.
        var noiseDeviation: Double
    }

    static let blockDuration = 1.0

    /// Differences between consecutive blocks in a window.
    let length: Int
    /// Closed blocks of the current run, a ring of `length` + 1, oldest at `oldest`.
    private var blocks: [Block]
    private var oldest = 0

    /// The block being filled.
    private(set) var blockStart: Double?
    private var runStart = 0.0
    private var blockIndex = 0
    /// End of the open block; the lowest finite number when none is open (so that every sample opens one, and
    /// a snapshot stays valid JSON).
    private(set) var blockEnd = -Double.greatestFiniteMagnitude
    private var count = 0
    private var sum = Vector3.zero
    private var differenceSquares = 0.0
    /// The previous sample of the run (the first sample's own value for the first: a difference of 0, not counted).
    private var previous = Vector3.zero
    /// True while the open block is the run's first (its first sample has no difference).
    private var isFirstBlock = false
    /// The means of the run's three newest closed blocks (newest first; `recentCount` of them, at most 3) and the
    /// newest's 1/n: what the terms of the next block to close need.
    private var lastMean = Vector3.zero
    private var secondMean = Vector3.zero
    private var thirdMean = Vector3.zero
    private var lastInverseCount = 0.0
    private var recentCount = 0
    /// The window's sums, kept while the ring is full.
    private var sums = Sums()

    /// True when the stored blocks fit a window of `length` (a decoded snapshot).
    func hasConsistentState(length expected: Int) -> Bool {
        length == expected && length >= 3 && blocks.count <= length + 1 && (oldest == 0 || blocks.count == length + 1)
            && oldest <= length && blocks.allSatisfy { $0.inverseCount > 0 && $0.inverseCount <= 1 }
            && (0...3).contains(recentCount) && sums.differences >= 0
    }

    init(length: Int) {
        self.length = length
        blocks = []
        blocks.reserveCapacity(length + 1)
    }

    /// True when no sample has been taken since the last reset.
    var isEmpty: Bool { blockStart == nil }

    /// The mean (g) of the newest block with samples: the one being filled if it has any, else the newest closed.
    var latestMean: Vector3? {
        if count > 0 { return sum * (1 / Double(count)) }
        return recentCount > 0 ? lastMean : nil
    }

    /// Start (s) of the oldest block of the evidence (closed or being filled), nil when empty.
    var evidenceStart: Double? {
        blocks.isEmpty ? blockStart : blocks[oldest].start
    }

    /// Adds a sample (g) to the open block (the caller opens and closes blocks). O(1): no branch.
    @inline(__always)
    mutating func add(_ acceleration: Vector3) {
        count &+= 1
        sum = sum + acceleration
        let difference = acceleration - previous
        differenceSquares += difference.dot(difference)
        previous = acceleration
    }

    /// Opens the first block of a run at `time` (s), whose first sample is `acceleration` (g). O(1).
    mutating func begin(at time: Double, with acceleration: Vector3) {
        runStart = time
        blockIndex = 0
        blockStart = time
        blockEnd = time + Self.blockDuration
        previous = acceleration
        isFirstBlock = true
    }

    /// Closes the block being filled and opens the one holding `time` (s, ≥ ``blockEnd``); returns the closed block
    /// when it had samples. O(1).
    mutating func advanceBlock(to time: Double) -> Block? {
        let closed = closeBlock()
        let index = Int(((time - runStart) / Self.blockDuration).rounded(.down))
        blockIndex = max(blockIndex + 1, index)
        blockStart = runStart + Double(blockIndex) * Self.blockDuration
        blockEnd = runStart + Double(blockIndex + 1) * Self.blockDuration
        return closed
    }

    /// Closes the block being filled (also at the end of the input) with its terms; returns it when it had
    /// samples. O(1).
    mutating func closeBlock() -> Block? {
        guard let start = blockStart, count > 0 else { return nil }
        let inverse = 1 / Double(count)
        var block = Block(start: start, inverseCount: inverse, mean: sum * inverse,
                          differenceSquares: differenceSquares, differenceCount: isFirstBlock ? count - 1 : count,
                          allanTerm: 0, inverseTerm: 0, allan2Term: 0)
        if recentCount > 0 {
            let change = block.mean - lastMean
            block.allanTerm = 0.5 * change.dot(change)
            block.inverseTerm = 0.5 * (block.inverseCount + lastInverseCount)
            if recentCount == 3 {
                // Two-second means (this block and the one before) against the two seconds before them.
                let change2 = (block.mean + lastMean - secondMean - thirdMean) * 0.5
                block.allan2Term = 0.5 * change2.dot(change2)
            }
        }
        thirdMean = secondMean
        secondMean = lastMean
        lastMean = block.mean
        lastInverseCount = inverse
        recentCount = min(recentCount + 1, 3)
        count = 0
        sum = .zero
        differenceSquares = 0
        isFirstBlock = false
        let ring = length + 1
        if blocks.count < ring {
            blocks.append(block)
            if blocks.count == ring { sumAfresh() }
        } else {
            // The window moves on by one block: the block at step 1 becomes the oldest (its terms leave), the one at
            // step 3 becomes step 2 (its two-second term leaves), and the new block enters at step `length`.
            var first = oldest + 1, third = oldest + 3
            if first >= ring { first -= ring }
            if third >= ring { third -= ring }
            sums.allan -= blocks[first].allanTerm
            sums.inverse -= blocks[first].inverseTerm
            sums.squares -= blocks[first].differenceSquares
            sums.differences -= blocks[first].differenceCount
            sums.allan2 -= blocks[third].allan2Term
            blocks[oldest] = block
            oldest = oldest == length ? 0 : oldest + 1
            sums.allan += block.allanTerm
            sums.inverse += block.inverseTerm
            sums.squares += block.differenceSquares
            sums.differences += block.differenceCount
            sums.allan2 += block.allan2Term
            // Once per turn of the ring the sums are made afresh, so that rounding in the updates cannot build up.
            if oldest == 0 { sumAfresh() }
        }
        return block
    }

    /// The window's sums from its blocks. O(length).
    private mutating func sumAfresh() {
        let ring = length + 1
        var index = oldest
        var fresh = Sums()
        for step in 1...length {
            index += 1
            if index == ring { index = 0 }
            let block = blocks[index]
            fresh.allan += block.allanTerm
            fresh.inverse += block.inverseTerm
            fresh.squares += block.differenceSquares
            fresh.differences += block.differenceCount
            if step >= 3 { fresh.allan2 += block.allan2Term }
        }
        sums = fresh
    }

    /// Forgets every sample and block (a gap, or the end of the input). O(1); keeps the storage.
    mutating func reset() {
        blocks.removeAll(keepingCapacity: true)
        oldest = 0
        blockStart = nil
        blockEnd = -.greatestFiniteMagnitude
        count = 0
        sum = .zero
        differenceSquares = 0
        isFirstBlock = false
        recentCount = 0
        sums = Sums()
    }

    /// The two tests over the last `length` + 1 closed blocks with movement allowance `allowance` (g) and the
    /// noise capped at `maximumNoise` (g); nil until that many blocks have closed. O(1).
    func verdict(allowance: Double, maximumNoise: Double) -> Verdict? {
        guard blocks.count == length + 1 else { return nil }
        let differencesCount = Double(length)
        let allan1 = sums.allan / differencesCount
        let inverseCounts = sums.inverse / differencesCount
        let allan2 = sums.allan2 / Double(length - 2)
        let rawNoise = sums.differences > 0 ? sums.squares / (2 * Double(sums.differences)) : 0
        let noise = min(max(rawNoise, 0), maximumNoise * maximumNoise)
        let root = differencesCount.squareRoot()
        let excess1 = allan1 - (1 + 4 / root) * noise * inverseCounts
        let excess2 = allan2 - (0.5 + 2.4 / root) * allan1
        let excess = max(excess1, excess2, 0)
        let newest = oldest == 0 ? length : oldest - 1
        return Verdict(start: blocks[oldest].start, end: blocks[newest].start + Self.blockDuration,
                       isStill: excess1 <= allowance * allowance && excess2 <= allowance * allowance,
                       excessDeviation: excess.squareRoot(), noiseDeviation: noise.squareRoot())
    }
}

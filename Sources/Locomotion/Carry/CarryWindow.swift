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
/// - Complexity: O(1) per sample; O(length) once per second. Memory: `length` + 1 blocks, reserved at `init`.
struct CarryWindow: Sendable, Hashable, Codable {
    /// One closed one-second block.
    struct Block: Sendable, Hashable, Codable {
        var start: Double
        var count: Int
        var mean: Vector3
        var differenceSquares: Double
        var differenceCount: Int
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
    /// Closed blocks, a ring of `length` + 1, oldest at `oldest`.
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
    private var differenceCount = 0
    private var previous: Vector3?

    /// True when the stored blocks fit a window of `length` (a decoded snapshot).
    func hasConsistentState(length expected: Int) -> Bool {
        length == expected && length >= 3 && blocks.count <= length + 1 && (oldest == 0 || blocks.count == length + 1)
            && oldest <= length && blocks.allSatisfy { $0.count > 0 }
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
        guard !blocks.isEmpty else { return nil }
        return blocks.count < length + 1 ? blocks[blocks.count - 1].mean : blocks[(oldest + length) % (length + 1)].mean
    }

    /// Start (s) of the oldest block of the evidence (closed or being filled), nil when empty.
    var evidenceStart: Double? {
        blocks.isEmpty ? blockStart : blocks[oldest].start
    }

    /// Adds a sample at `time` (s, not before the previous one and before ``blockEnd``: the caller closes blocks
    /// first) with acceleration `acceleration` (g). O(1).
    @inline(__always)
    mutating func add(_ acceleration: Vector3) {
        count += 1
        sum = sum + acceleration
        if let previous {
            let difference = acceleration - previous
            differenceSquares += difference.dot(difference)
            differenceCount += 1
        }
        previous = acceleration
    }

    /// Opens the first block of a run at `time` (s). O(1).
    mutating func begin(at time: Double) {
        runStart = time
        blockIndex = 0
        blockStart = time
        blockEnd = time + Self.blockDuration
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

    /// Closes the block being filled (the end of the input); the next sample opens a new run. Returns it when it
    /// had samples. O(1).
    mutating func closeBlock() -> Block? {
        guard let start = blockStart, count > 0 else { return nil }
        let block = Block(start: start, count: count, mean: sum * (1 / Double(count)),
                          differenceSquares: differenceSquares, differenceCount: differenceCount)
        count = 0
        sum = .zero
        differenceSquares = 0
        differenceCount = 0
        if blocks.count < length + 1 {
            blocks.append(block)
        } else {
            blocks[oldest] = block
            oldest = oldest == length ? 0 : oldest + 1
        }
        return block
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
        differenceCount = 0
        previous = nil
    }

    /// The two tests over the last `length` + 1 closed blocks with movement allowance `allowance` (g) and the
    /// noise capped at `maximumNoise` (g); nil until that many blocks have closed. O(length).
    func verdict(allowance: Double, maximumNoise: Double) -> Verdict? {
        guard blocks.count == length + 1 else { return nil }
        let ring = length + 1
        var allan1 = 0.0, inverseCounts = 0.0, squares = 0.0, differences = 0
        var allan2 = 0.0
        var before = blocks[oldest]
        var twoBack = Vector3.zero, threeBack = Vector3.zero
        for step in 1...length {
            let block = blocks[(oldest + step) % ring]
            let change = block.mean - before.mean
            allan1 += 0.5 * change.dot(change)
            inverseCounts += 0.5 * (1 / Double(block.count) + 1 / Double(before.count))
            squares += block.differenceSquares
            differences += block.differenceCount
            if step >= 3 {
                // Two-second means (this block and the one before) against the two seconds before them.
                let change2 = (block.mean + before.mean - twoBack - threeBack) * 0.5
                allan2 += 0.5 * change2.dot(change2)
            }
            threeBack = twoBack
            twoBack = before.mean
            before = block
        }
        let differencesCount = Double(length)
        allan1 /= differencesCount
        inverseCounts /= differencesCount
        allan2 /= Double(length - 2)
        let rawNoise = differences > 0 ? squares / (2 * Double(differences)) : 0
        let noise = min(rawNoise, maximumNoise * maximumNoise)
        let root = differencesCount.squareRoot()
        let excess1 = allan1 - (1 + 4 / root) * noise * inverseCounts
        let excess2 = allan2 - (0.5 + 2.4 / root) * allan1
        let excess = max(excess1, excess2, 0)
        let newest = blocks[(oldest + length) % ring]
        return Verdict(start: blocks[oldest].start, end: newest.start + Self.blockDuration,
                       isStill: excess1 <= allowance * allowance && excess2 <= allowance * allowance,
                       excessDeviation: excess.squareRoot(), noiseDeviation: noise.squareRoot())
    }
}

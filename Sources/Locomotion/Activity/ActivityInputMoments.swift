/// Count, mean and standard deviation of |a| over the *input* samples (before resampling) of the last window.
///
/// Why: resampling a 3–10 Hz phone to the classifier's 20 Hz by linear interpolation fills the window with
/// averages of neighbouring samples, which shrinks the variance (by up to a third for an uncorrelated signal)
/// and invents no rhythm the input could not carry. The variance of the input samples themselves does not
/// depend on the rate: it is the honest energy measure of a low-rate phone, and the sample count says how
/// much the window has to go on.
///
/// The window is kept as `blockCount` blocks of one hop each (count, Σ(|a|−1), Σ(|a|−1)²): O(1) per sample,
/// O(blockCount) per window, constant memory, no allocation after `init`.
struct ActivityInputMoments: Sendable, Codable {
    private struct Block: Sendable, Codable {
        var count = 0
        var sum = 0.0
        var sumOfSquares = 0.0
    }

    private var blocks: [Block]
    private var current = Block()
    private var next = 0

    /// A window of `blockCount ≥ 1` hops.
    init(blockCount: Int) {
        blocks = Array(repeating: Block(), count: max(1, blockCount))
    }

    /// Adds one input magnitude |a| in g. O(1).
    mutating func add(_ magnitude: Double) {
        // Centred on 1 g so that the sums of a still phone do not cancel catastrophically.
        let centred = magnitude - 1
        current.count += 1
        current.sum += centred
        current.sumOfSquares += centred * centred
    }

    /// Ends the current hop: it becomes the newest block, the oldest is dropped. O(1).
    mutating func closeHop() {
        blocks[next] = current
        next = next + 1 == blocks.count ? 0 : next + 1
        current = Block()
    }

    /// Forgets everything (a gap). O(blockCount).
    mutating func reset() {
        for index in blocks.indices { blocks[index] = Block() }
        current = Block()
        next = 0
    }

    /// Input samples in the last `blockCount` closed hops. O(blockCount).
    var count: Int {
        blocks.reduce(0) { $0 + $1.count }
    }

    /// Population standard deviation of |a| (g) of the input samples in the last `blockCount` closed hops
    /// (0 with fewer than two samples). O(blockCount).
    var standardDeviation: Double {
        var count = 0
        var sum = 0.0
        var sumOfSquares = 0.0
        for block in blocks {
            count += block.count
            sum += block.sum
            sumOfSquares += block.sumOfSquares
        }
        guard count >= 2 else { return 0 }
        let mean = sum / Double(count)
        return max(0, sumOfSquares / Double(count) - mean * mean).squareRoot()
    }
}

extension ActivityInputMoments {
    private enum CodingKeys: String, CodingKey { case blocks, current, next }

    /// - Throws: `DecodingError.dataCorrupted` when there is no block or the next block is out of range.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        blocks = try container.decode([Block].self, forKey: .blocks)
        current = try container.decode(Block.self, forKey: .current)
        next = try container.decode(Int.self, forKey: .next)
        guard blocks.indices.contains(next) else {
            throw DecodingError.dataCorruptedError(forKey: .next, in: container,
                                                   debugDescription: "block \(next) of \(blocks.count)")
        }
    }
}

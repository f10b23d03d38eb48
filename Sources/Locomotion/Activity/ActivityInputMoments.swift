import LocomotionDSP

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(ucrt)
import ucrt
#elseif canImport(WASILibc)
import WASILibc
#endif

/// Count, mean and standard deviation of |a|, and the spread of the direction of a, over the *input* samples
/// (before resampling) of the last window.
///
/// Why: resampling a 3–10 Hz phone to the classifier's 20 Hz by linear interpolation fills the window with
/// averages of neighbouring samples, which shrinks the variance (by up to a third for an uncorrelated signal)
/// and invents no rhythm the input could not carry. The variance of the input samples themselves does not
/// depend on the rate: it is the honest energy measure of a low-rate phone, and the sample count says how
/// much the window has to go on. Likewise the spread of the samples' directions (`wobble`): a phone carried by a
/// walker swings with the body, leg or arm by 5–30° whatever the sampling rate, while a phone riding in a vehicle
/// keeps its attitude within a few degrees — gait evidence that needs no rhythm, so it holds at 2–5 samples/s.
///
/// The window is kept as `blockCount` blocks of one hop each (count, Σ(|a|−1), Σ(|a|−1)², Σ a/|a|): O(1) per
/// sample, O(blockCount) per window, constant memory, no allocation after `init`.
struct ActivityInputMoments: Sendable, Codable {
    private struct Block: Sendable, Codable {
        var count = 0
        var sum = 0.0
        var sumOfSquares = 0.0
        /// Sum of the unit vectors a/|a| (samples with a direction).
        var direction = Vector3.zero
        var directionCount = 0
    }

    private var blocks: [Block]
    private var current = Block()
    private var next = 0

    /// A window of `blockCount ≥ 1` hops.
    init(blockCount: Int) {
        blocks = Array(repeating: Block(), count: max(1, blockCount))
    }

    /// Adds one input acceleration (g): its magnitude and its direction. O(1).
    mutating func add(_ acceleration: Vector3) {
        let magnitude = acceleration.magnitude
        add(magnitude)
        if magnitude > 0 {
            // One division and three multiplications, not three divisions (within an ulp of a/|a|).
            current.direction = current.direction + acceleration * (1 / magnitude)
            current.directionCount += 1
        }
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

    /// Spread of the input samples' directions over the last `blockCount` closed hops, in degrees: acos of the
    /// length of their mean unit vector, which for small spreads is the root-mean-square angle of a sample from
    /// the mean direction (0 for a phone that does not turn; 0 with fewer than two samples). O(blockCount).
    var wobble: Double {
        var sum = Vector3.zero
        var count = 0
        for block in blocks {
            sum = sum + block.direction
            count += block.directionCount
        }
        guard count >= 2 else { return 0 }
        return acos(min(1, sum.magnitude / Double(count))) * 180 / Double.pi
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

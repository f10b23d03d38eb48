import Foundation
import LocomotionIO

/// xoshiro256** (Blackman & Vigna, 2018) seeded through SplitMix64: a small,
/// fast pseudo-random generator whose sequence depends only on the seed, so
/// simulated traces are reproducible byte for byte.
package struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
    private var state: (UInt64, UInt64, UInt64, UInt64)
    private var spareGaussian: Double?

    /// Creates a generator whose whole output is determined by `seed`.
    package init(seed: UInt64) {
        var splitMix = seed
        func nextSplitMix() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (nextSplitMix(), nextSplitMix(), nextSplitMix(), nextSplitMix())
    }

    /// The next 64 random bits.
    /// - Complexity: O(1).
    package mutating func next() -> UInt64 {
        nextBits()
    }

    @inline(__always)
    private mutating func nextBits() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    @inline(__always)
    private func rotateLeft(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    /// A uniform Double in [0, 1), 53 random bits.
    /// - Complexity: O(1).
    package mutating func uniform() -> Double {
        Double(nextBits() >> 11) * 0x1p-53
    }

    /// A uniform Double in `range`.
    /// - Complexity: O(1).
    package mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * uniform()
    }

    /// A standard normal deviate (Box–Muller, the second value cached).
    /// - Complexity: O(1).
    package mutating func gaussian() -> Double {
        if let spare = spareGaussian {
            spareGaussian = nil
            return spare
        }
        let u1 = 1 - uniform()   // (0, 1], so the logarithm is finite
        let u2 = uniform()
        let radius = (-2 * log(u1)).squareRoot()
        spareGaussian = radius * sin(2 * Double.pi * u2)
        return radius * cos(2 * Double.pi * u2)
    }

    /// True with probability `probability`.
    /// - Complexity: O(1).
    package mutating func chance(_ probability: Double) -> Bool {
        uniform() < probability
    }

    package static func == (lhs: SeededGenerator, rhs: SeededGenerator) -> Bool {
        lhs.state == rhs.state && lhs.spareGaussian == rhs.spareGaussian
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(state.0)
        hasher.combine(state.1)
        hasher.combine(state.2)
        hasher.combine(state.3)
        hasher.combine(spareGaussian)
    }
}

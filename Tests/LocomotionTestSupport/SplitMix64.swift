/// SplitMix64 (Steele, Lea and Flood 2014): a small, fast, deterministic generator, so that a test never depends on
/// a global random source and a failing property case is reproduced by its seed. Every test target draws its
/// "noise" from this one type. (LocomotionDatasets' `SeededGenerator` is the simulator's own.)
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state: the next output is a function of it alone.
    public var state: UInt64

    /// A generator whose first output follows `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1): the top 53 bits of the next output.
    public mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Uniform in `range`.
    public mutating func uniform(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + uniform() * (range.upperBound - range.lowerBound)
    }

    /// Uniform in [−1, 1).
    public mutating func symmetric() -> Double { 2 * uniform() - 1 }

    /// An integer in `range` (the next output modulo the range's size: a bias too small to matter to a test, and
    /// the sequences the tests were written against).
    public mutating func integer(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}

/// Where a Stockham pass reads: pairs of neighbouring complex values.
protocol ButterflySource {
    /// Elements `index` and `index + 1`, or element `index` in both lanes when `both` is false (the
    /// odd one at the end of a row, whose neighbour may lie past the buffer).
    func pair(at index: Int, _ both: Bool) -> SplitComplexPair
}

/// Complex values stored as interleaved (real, imaginary) doubles, read as split pairs: how the
/// real FFT's first pass reads `z[m] = x[2m] + i·x[2m+1]` straight from the real input, without a
/// separate packing pass.
struct InterleavedSource: ButterflySource {
    let values: UnsafePointer<Double>

    @inline(__always)
    func pair(at index: Int, _ both: Bool) -> SplitComplexPair {
        let first = UnsafeRawPointer(values + 2 &* index).loadUnaligned(as: SIMD2<Double>.self)
        guard both else { return SplitComplexPair(re: SIMD2(repeating: first.x), im: SIMD2(repeating: first.y)) }
        let second = UnsafeRawPointer(values + (2 &* index &+ 2)).loadUnaligned(as: SIMD2<Double>.self)
        return SplitComplexPair(re: SIMD2(first.x, second.x), im: SIMD2(first.y, second.y))
    }
}

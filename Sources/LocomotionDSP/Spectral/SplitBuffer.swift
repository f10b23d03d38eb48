/// A split complex buffer: real parts and imaginary parts in two arrays of doubles. Passes write
/// into these.
struct SplitBuffer: ButterflySource {
    let re: UnsafeMutablePointer<Double>
    let im: UnsafeMutablePointer<Double>

    @inline(__always)
    func pair(at index: Int, _ both: Bool) -> SplitComplexPair {
        both ? SplitComplexPair(re: re, im: im, at: index) : SplitComplexPair(re: re, im: im, splatting: index)
    }

    /// Stores both lanes at `index` and `index + 1`, or lane 0 alone when `both` is false.
    @inline(__always)
    func store(_ value: SplitComplexPair, at index: Int, _ both: Bool) {
        if both {
            value.store(re: re, im: im, at: index)
        } else {
            re[index] = value.re.x
            im[index] = value.im.x
        }
    }
}

/// Two complex numbers side by side in split form (the real parts in one SIMD2, the imaginary parts
/// in another): the unit the Swift FFT computes with, so that every butterfly does two transforms'
/// worth of work per instruction on SSE2 and NEON alike.
struct SplitComplexPair {
    var re: SIMD2<Double>
    var im: SIMD2<Double>

    @inline(__always)
    init(re: SIMD2<Double>, im: SIMD2<Double>) {
        self.re = re
        self.im = im
    }

    /// The values at `index` and `index + 1` of two split arrays.
    @inline(__always)
    init(re: UnsafePointer<Double>, im: UnsafePointer<Double>, at index: Int) {
        self.re = UnsafeRawPointer(re + index).loadUnaligned(as: SIMD2<Double>.self)
        self.im = UnsafeRawPointer(im + index).loadUnaligned(as: SIMD2<Double>.self)
    }

    /// The value at `index` in both lanes (the odd element at the end of a row).
    @inline(__always)
    init(re: UnsafePointer<Double>, im: UnsafePointer<Double>, splatting index: Int) {
        self.re = SIMD2(repeating: re[index])
        self.im = SIMD2(repeating: im[index])
    }

    /// Stores both lanes at `index` and `index + 1`.
    @inline(__always)
    func store(re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>, at index: Int) {
        UnsafeMutableRawPointer(re + index).storeBytes(of: self.re, as: SIMD2<Double>.self)
        UnsafeMutableRawPointer(im + index).storeBytes(of: self.im, as: SIMD2<Double>.self)
    }

    /// Stores lane 0 at `first` and, when `both`, lane 1 at `second`.
    @inline(__always)
    func store(re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>, at first: Int, _ second: Int, both: Bool) {
        re[first] = self.re.x
        im[first] = self.im.x
        if both {
            re[second] = self.re.y
            im[second] = self.im.y
        }
    }

    @inline(__always)
    static func + (a: Self, b: Self) -> Self { Self(re: a.re + b.re, im: a.im + b.im) }

    @inline(__always)
    static func - (a: Self, b: Self) -> Self { Self(re: a.re - b.re, im: a.im - b.im) }

    /// Both lanes times a real scalar.
    @inline(__always)
    static func * (a: Self, b: Double) -> Self { Self(re: a.re * b, im: a.im * b) }

    /// Lane-wise complex product.
    @inline(__always)
    static func * (a: Self, b: Self) -> Self {
        Self(re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re)
    }

    /// `self − i·b`, without negating `b` first (a negation costs an instruction on SSE2).
    @inline(__always)
    func minusITimes(_ b: Self) -> Self { Self(re: re + b.im, im: im - b.re) }

    /// `self + i·b`.
    @inline(__always)
    func plusITimes(_ b: Self) -> Self { Self(re: re - b.im, im: im + b.re) }
}

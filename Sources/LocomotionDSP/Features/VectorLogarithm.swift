/// `x·ln x` of two values at once, in SIMD lanes, for the spectral entropy: fdlibm's `__ieee754_log` (the
/// algorithm of most C libraries' `log`) without its table or branches, so that a loop over a spectrum takes two
/// bins per step instead of calling `log` per bin.
///
/// For normal `x > 0` the logarithm is within 1 ulp of the exact value (fdlibm's polynomial and bound; it can
/// differ from the C library's `log` in the last bit). `0` gives `0`. For a subnormal `x` (below 2.2·10⁻³⁰⁸) the
/// logarithm is off by up to 37, so the product by less than 10⁻³⁰⁵. Negative, infinite or NaN lanes give
/// unspecified values. O(1), about 40 instructions for both lanes.
enum VectorLogarithm {
    @inline(__always)
    static func xLogX(_ x: SIMD2<Double>) -> SIMD2<Double> {
        // fdlibm e_log.c: log(1+f) = f − hfsq + s·(hfsq + R(z)), s = f/(2+f), z = s², R its minimax polynomial.
        let lg1 = SIMD2<Double>(repeating: 6.666666666666735130e-01)
        let lg2 = SIMD2<Double>(repeating: 3.999999999940941908e-01)
        let lg3 = SIMD2<Double>(repeating: 2.857142874366239149e-01)
        let lg4 = SIMD2<Double>(repeating: 2.222219843214978396e-01)
        let lg5 = SIMD2<Double>(repeating: 1.818357216161805012e-01)
        let lg6 = SIMD2<Double>(repeating: 1.531383769920937332e-01)
        let lg7 = SIMD2<Double>(repeating: 1.479819860511658591e-01)
        // ln 2 split so that k·ln2High is exact for |k| < 2¹¹.
        let ln2High = SIMD2<Double>(repeating: 6.93147180369123816490e-01)
        let ln2Low = SIMD2<Double>(repeating: 1.90821492927058770002e-10)
        let one = SIMD2<Double>(repeating: 1)

        // x = 2^k · m: m in [1, 2) from the mantissa's bits under the exponent of 1, then halved from √2 on so
        // that m lies in [√½, √2), where the polynomial holds. k from the exponent field (0 for 0 and subnormals:
        // k = −1023, m in [1, 2), a finite logarithm that the product by x makes 0 or negligible).
        let bits = unsafeBitCast(x, to: SIMD2<UInt64>.self)
        var m = unsafeBitCast((bits & 0x000f_ffff_ffff_ffff) | 0x3ff0_0000_0000_0000, to: SIMD2<Double>.self)
        // The biased exponent (< 2¹¹) as a double: its bits under 2⁵², minus 2⁵² + 1023.
        var k = unsafeBitCast((bits &>> 52) | 0x4330_0000_0000_0000, to: SIMD2<Double>.self)
            - SIMD2(repeating: 4_503_599_627_370_496 + 1023)
        let aboveRootTwo = m .> SIMD2(repeating: 1.4142135623730951)
        m.replace(with: m * 0.5, where: aboveRootTwo)
        k.replace(with: k + one, where: aboveRootTwo)
        let f = m - one
        let s = f / (f + 2)
        let z = s * s
        let w = z * z
        let r = z * (lg1 + w * (lg3 + w * (lg5 + w * lg7))) + w * (lg2 + w * (lg4 + w * lg6))
        let hfsq = 0.5 * f * f
        return x * (k * ln2High - ((hfsq - (s * (hfsq + r) + k * ln2Low)) - f))
    }
}

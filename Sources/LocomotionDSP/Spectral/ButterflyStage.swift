/// A split complex buffer: real parts and imaginary parts in two arrays of doubles.
struct SplitBuffer {
    let re: UnsafeMutablePointer<Double>
    let im: UnsafeMutablePointer<Double>

    /// Elements `index` and `index + 1`, or element `index` in both lanes when `both` is false (the
    /// odd one at the end of a row, whose neighbour may lie past the buffer).
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

    /// Stores lane 0 at `first` and lane 1 (when `both`) at `second`.
    @inline(__always)
    func store(_ value: SplitComplexPair, at first: Int, _ second: Int, _ both: Bool) {
        value.store(re: re, im: im, at: first, second, both: both)
    }
}

/// One pass of the Stockham decimation-in-frequency FFT (see ``ComplexFFTPlan``).
///
/// With `s` = ``stride``, `m` = ``span`` and `L = s·m`, the pass computes for every column `j < m`
/// and row `q < s` the radix-p DFT of `x[q + s·j + r·L]` (r < p), multiplies output t by the
/// twiddle `w^{j·t}` (`w = e^{−2πi/(p·m)}`) and writes it to `y[q + s·(p·j + t)]`. Two butterflies
/// run side by side in SIMD2 lanes: neighbouring rows `q, q+1` (same twiddle) when `s > 1`, so
/// loads and stores are whole pairs; neighbouring columns `j, j+1` (own twiddles, scattered
/// stores) in the first pass, where `s = 1`.
struct ButterflyStage {
    let source: SplitBuffer
    let target: SplitBuffer
    let stride: Int
    let span: Int
    let twiddles: UnsafePointer<Double>

    // MARK: Twiddles

    /// `w^{j·t}` and `w^{(j+1)·t}` (or `w^{j·t}` twice) for the pass's radix `radix`.
    @inline(__always)
    private func twiddle(_ t: Int, column j: Int, _ both: Bool, radix: Int) -> SplitComplexPair {
        let re = twiddles + (t - 1) * span
        let im = re + (radix - 1) * span
        if both {
            return SplitComplexPair(
                re: UnsafeRawPointer(re + j).loadUnaligned(as: SIMD2<Double>.self),
                im: UnsafeRawPointer(im + j).loadUnaligned(as: SIMD2<Double>.self))
        }
        return SplitComplexPair(re: SIMD2(repeating: re[j]), im: SIMD2(repeating: im[j]))
    }

    // MARK: Radix 2

    func radix2() {
        let s = stride, m = span, l = s * m
        let twisted = m > 1
        if s == 1 {
            var j = 0
            while j < m {
                let both = j + 1 < m
                let a0 = source.pair(at: j, both), a1 = source.pair(at: j + l, both)
                var b1 = a0 - a1
                if twisted { b1 = b1 * twiddle(1, column: j, both, radix: 2) }
                target.store(a0 + a1, at: 2 * j, 2 * j + 2, both)
                target.store(b1, at: 2 * j + 1, 2 * j + 3, both)
                j += 2
            }
            return
        }
        for j in 0..<m {
            let w1 = twisted ? twiddle(1, column: j, false, radix: 2) : SplitComplexPair(re: .one, im: .zero)
            let input = s * j, output = 2 * s * j
            var q = 0
            while q < s {
                let both = q + 1 < s
                let a0 = source.pair(at: input + q, both), a1 = source.pair(at: input + q + l, both)
                var b1 = a0 - a1
                if twisted { b1 = b1 * w1 }
                target.store(a0 + a1, at: output + q, both)
                target.store(b1, at: output + q + s, both)
                q += 2
            }
        }
    }

    // MARK: Radix 3

    @inline(__always)
    private static func butterfly3(
        _ a0: SplitComplexPair, _ a1: SplitComplexPair, _ a2: SplitComplexPair
    ) -> (SplitComplexPair, SplitComplexPair, SplitComplexPair) {
        let sum = a1 + a2
        let middle = a0 - sum * 0.5
        let rotated = ((a1 - a2) * 0.866_025_403_784_438_6).timesMinusI  // −i·sin(2π/3)·(a1 − a2)
        return (a0 + sum, middle + rotated, middle - rotated)
    }

    func radix3() {
        let s = stride, m = span, l = s * m
        let twisted = m > 1
        if s == 1 {
            var j = 0
            while j < m {
                let both = j + 1 < m
                var (b0, b1, b2) = Self.butterfly3(
                    source.pair(at: j, both), source.pair(at: j + l, both), source.pair(at: j + 2 * l, both))
                if twisted {
                    b1 = b1 * twiddle(1, column: j, both, radix: 3)
                    b2 = b2 * twiddle(2, column: j, both, radix: 3)
                }
                let o = 3 * j
                target.store(b0, at: o, o + 3, both)
                target.store(b1, at: o + 1, o + 4, both)
                target.store(b2, at: o + 2, o + 5, both)
                j += 2
            }
            return
        }
        let one = SplitComplexPair(re: .one, im: .zero)
        for j in 0..<m {
            let w1 = twisted ? twiddle(1, column: j, false, radix: 3) : one
            let w2 = twisted ? twiddle(2, column: j, false, radix: 3) : one
            let input = s * j, output = 3 * s * j
            var q = 0
            while q < s {
                let both = q + 1 < s
                let i = input + q
                var (b0, b1, b2) = Self.butterfly3(
                    source.pair(at: i, both), source.pair(at: i + l, both), source.pair(at: i + 2 * l, both))
                if twisted {
                    b1 = b1 * w1
                    b2 = b2 * w2
                }
                let o = output + q
                target.store(b0, at: o, both)
                target.store(b1, at: o + s, both)
                target.store(b2, at: o + 2 * s, both)
                q += 2
            }
        }
    }

    // MARK: Radix 4

    @inline(__always)
    private static func butterfly4(
        _ a0: SplitComplexPair, _ a1: SplitComplexPair, _ a2: SplitComplexPair, _ a3: SplitComplexPair
    ) -> (SplitComplexPair, SplitComplexPair, SplitComplexPair, SplitComplexPair) {
        let sum02 = a0 + a2, difference02 = a0 - a2
        let sum13 = a1 + a3, rotated13 = (a1 - a3).timesMinusI
        return (sum02 + sum13, difference02 + rotated13, sum02 - sum13, difference02 - rotated13)
    }

    func radix4() {
        let s = stride, m = span, l = s * m
        let twisted = m > 1
        if s == 1 {
            var j = 0
            while j < m {
                let both = j + 1 < m
                var (b0, b1, b2, b3) = Self.butterfly4(
                    source.pair(at: j, both), source.pair(at: j + l, both),
                    source.pair(at: j + 2 * l, both), source.pair(at: j + 3 * l, both))
                if twisted {
                    b1 = b1 * twiddle(1, column: j, both, radix: 4)
                    b2 = b2 * twiddle(2, column: j, both, radix: 4)
                    b3 = b3 * twiddle(3, column: j, both, radix: 4)
                }
                let o = 4 * j
                target.store(b0, at: o, o + 4, both)
                target.store(b1, at: o + 1, o + 5, both)
                target.store(b2, at: o + 2, o + 6, both)
                target.store(b3, at: o + 3, o + 7, both)
                j += 2
            }
            return
        }
        let one = SplitComplexPair(re: .one, im: .zero)
        for j in 0..<m {
            let w1 = twisted ? twiddle(1, column: j, false, radix: 4) : one
            let w2 = twisted ? twiddle(2, column: j, false, radix: 4) : one
            let w3 = twisted ? twiddle(3, column: j, false, radix: 4) : one
            let input = s * j, output = 4 * s * j
            var q = 0
            while q < s {
                let both = q + 1 < s
                let i = input + q
                var (b0, b1, b2, b3) = Self.butterfly4(
                    source.pair(at: i, both), source.pair(at: i + l, both),
                    source.pair(at: i + 2 * l, both), source.pair(at: i + 3 * l, both))
                if twisted {
                    b1 = b1 * w1
                    b2 = b2 * w2
                    b3 = b3 * w3
                }
                let o = output + q
                target.store(b0, at: o, both)
                target.store(b1, at: o + s, both)
                target.store(b2, at: o + 2 * s, both)
                target.store(b3, at: o + 3 * s, both)
                q += 2
            }
        }
    }

    // MARK: Radix 5

    @inline(__always)
    private static func butterfly5(
        _ a0: SplitComplexPair, _ a1: SplitComplexPair, _ a2: SplitComplexPair, _ a3: SplitComplexPair,
        _ a4: SplitComplexPair
    ) -> (SplitComplexPair, SplitComplexPair, SplitComplexPair, SplitComplexPair, SplitComplexPair) {
        // cos and sin of 2π/5 and 4π/5.
        let c1 = 0.309_016_994_374_947_45, c2 = -0.809_016_994_374_947_5
        let s1 = 0.951_056_516_295_153_5, s2 = 0.587_785_252_292_473_1
        let sum14 = a1 + a4, difference14 = a1 - a4
        let sum23 = a2 + a3, difference23 = a2 - a3
        let u1 = a0 + sum14 * c1 + sum23 * c2
        let u2 = a0 + sum14 * c2 + sum23 * c1
        let v1 = (difference14 * s1 + difference23 * s2).timesMinusI
        let v2 = (difference14 * s2 - difference23 * s1).timesMinusI
        return (a0 + sum14 + sum23, u1 + v1, u2 + v2, u2 - v2, u1 - v1)
    }

    func radix5() {
        let s = stride, m = span, l = s * m
        let twisted = m > 1
        if s == 1 {
            var j = 0
            while j < m {
                let both = j + 1 < m
                var (b0, b1, b2, b3, b4) = Self.butterfly5(
                    source.pair(at: j, both), source.pair(at: j + l, both), source.pair(at: j + 2 * l, both),
                    source.pair(at: j + 3 * l, both), source.pair(at: j + 4 * l, both))
                if twisted {
                    b1 = b1 * twiddle(1, column: j, both, radix: 5)
                    b2 = b2 * twiddle(2, column: j, both, radix: 5)
                    b3 = b3 * twiddle(3, column: j, both, radix: 5)
                    b4 = b4 * twiddle(4, column: j, both, radix: 5)
                }
                let o = 5 * j
                target.store(b0, at: o, o + 5, both)
                target.store(b1, at: o + 1, o + 6, both)
                target.store(b2, at: o + 2, o + 7, both)
                target.store(b3, at: o + 3, o + 8, both)
                target.store(b4, at: o + 4, o + 9, both)
                j += 2
            }
            return
        }
        let one = SplitComplexPair(re: .one, im: .zero)
        for j in 0..<m {
            let w1 = twisted ? twiddle(1, column: j, false, radix: 5) : one
            let w2 = twisted ? twiddle(2, column: j, false, radix: 5) : one
            let w3 = twisted ? twiddle(3, column: j, false, radix: 5) : one
            let w4 = twisted ? twiddle(4, column: j, false, radix: 5) : one
            let input = s * j, output = 5 * s * j
            var q = 0
            while q < s {
                let both = q + 1 < s
                let i = input + q
                var (b0, b1, b2, b3, b4) = Self.butterfly5(
                    source.pair(at: i, both), source.pair(at: i + l, both), source.pair(at: i + 2 * l, both),
                    source.pair(at: i + 3 * l, both), source.pair(at: i + 4 * l, both))
                if twisted {
                    b1 = b1 * w1
                    b2 = b2 * w2
                    b3 = b3 * w3
                    b4 = b4 * w4
                }
                let o = output + q
                target.store(b0, at: o, both)
                target.store(b1, at: o + s, both)
                target.store(b2, at: o + 2 * s, both)
                target.store(b3, at: o + 3 * s, both)
                target.store(b4, at: o + 4 * s, both)
                q += 2
            }
        }
    }

    // MARK: Any odd prime

    /// The butterfly of an odd prime `radix` > 5 from its definition, pairing inputs `r` and `p − r`
    /// (their sum meets the cosines, their difference the sines): ≈ p²/2 complex multiply-adds per
    /// butterfly. `rotations` holds `cos(2πr/p)` then `sin(2πr/p)`, r < p. Always pairs rows (for
    /// `s = 1` one lane idles; such sizes are rare and only the speed suffers).
    func oddRadix(_ radix: Int, rotations: UnsafePointer<Double>) {
        let s = stride, m = span, l = s * m
        let half = (radix - 1) / 2
        let twisted = m > 1
        let cosines = rotations, sines = rotations + radix
        withUnsafeTemporaryAllocation(of: SplitComplexPair.self, capacity: radix) { buffer in
            let a = buffer.baseAddress!
            for j in 0..<m {
                let input = s * j, output = radix * s * j
                var q = 0
                while q < s {
                    let both = q + 1 < s
                    let i = input + q
                    let a0 = source.pair(at: i, both)
                    var b0 = a0
                    for r in 1...half {
                        let ar = source.pair(at: i + r * l, both), ap = source.pair(at: i + (radix - r) * l, both)
                        a[r] = ar + ap
                        a[radix - r] = ar - ap
                        b0 = b0 + a[r]
                    }
                    let o = output + q
                    target.store(b0, at: o, both)
                    for t in 1...half {
                        var u = a0
                        var v = SplitComplexPair(re: .zero, im: .zero)
                        var index = 0
                        for r in 1...half {
                            index += t
                            if index >= radix { index -= radix }
                            u = u + a[r] * cosines[index]
                            v = v + a[radix - r] * sines[index]
                        }
                        let rotated = v.timesMinusI
                        var low = u + rotated, high = u - rotated
                        if twisted {
                            low = low * twiddle(t, column: j, false, radix: radix)
                            high = high * twiddle(radix - t, column: j, false, radix: radix)
                        }
                        target.store(low, at: o + t * s, both)
                        target.store(high, at: o + (radix - t) * s, both)
                    }
                    q += 2
                }
            }
        }
    }
}

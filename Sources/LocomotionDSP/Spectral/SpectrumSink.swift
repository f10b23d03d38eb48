/// What the Swift real FFT does with each bin as it unpacks it (see ``SwiftRealFFTPlan``): the
/// spectrum is never stored in an intermediate form, so a power spectrum costs one pass less than
/// computing `X` and then `|X|²`.
///
/// For N = 2h the unpacking produces, two values of k at a time, `X[k], X[k+1]` (`low`) and their
/// mirrors `X[h−k], X[h−k−1]` (`high`), with the twiddles `W^k, W^{k+1}` that produced them.
protocol SpectrumSink {
    /// `X[0]` and `X[h]`, both real.
    func ends(first: Double, last: Double)
    /// Lanes as above; only lane 0 is meaningful when `both` is false.
    func store(k: Int, low: SplitComplexPair, high: SplitComplexPair, twiddle: SplitComplexPair, _ both: Bool)
    /// `X[h/2]` when h is even (its own mirror).
    func middle(k: Int, re: Double, im: Double)
}

/// Writes `|X[k]|²`.
struct PowerSink: SpectrumSink {
    let power: UnsafeMutablePointer<Double>
    let half: Int

    @inline(__always)
    func ends(first: Double, last: Double) {
        power[0] = first * first
        power[half] = last * last
    }

    @inline(__always)
    func store(k: Int, low: SplitComplexPair, high: SplitComplexPair, twiddle: SplitComplexPair, _ both: Bool) {
        let lowPower = low.re * low.re + low.im * low.im
        let highPower = high.re * high.re + high.im * high.im
        if both {
            UnsafeMutableRawPointer(power + k).storeBytes(of: lowPower, as: SIMD2<Double>.self)
            UnsafeMutableRawPointer(power + (half &- k &- 1)).storeBytes(of: SIMD2(highPower.y, highPower.x), as: SIMD2<Double>.self)
        } else {
            power[k] = lowPower.x
            power[half &- k] = highPower.x
        }
    }

    @inline(__always)
    func middle(k: Int, re: Double, im: Double) {
        power[k] = re * re + im * im
    }
}

/// Writes `X[k]` as real and imaginary parts in two arrays.
struct SplitSpectrumSink: SpectrumSink {
    let re: UnsafeMutablePointer<Double>
    let im: UnsafeMutablePointer<Double>
    let half: Int

    @inline(__always)
    func ends(first: Double, last: Double) {
        re[0] = first
        im[0] = 0
        re[half] = last
        im[half] = 0
    }

    @inline(__always)
    func store(k: Int, low: SplitComplexPair, high: SplitComplexPair, twiddle: SplitComplexPair, _ both: Bool) {
        if both {
            low.store(re: re, im: im, at: k)
            SplitComplexPair(re: SIMD2(high.re.y, high.re.x), im: SIMD2(high.im.y, high.im.x))
                .store(re: re, im: im, at: half &- k &- 1)
        } else {
            re[k] = low.re.x
            im[k] = low.im.x
            re[half &- k] = high.re.x
            im[half &- k] = high.im.x
        }
    }

    @inline(__always)
    func middle(k: Int, re: Double, im: Double) {
        self.re[k] = re
        self.im[k] = im
    }
}

/// Squares each bin and packs the real spectrum `P = |X|²` for the inverse transform, as
/// ``SwiftRealFFTPlan/inverse(real:imaginary:into:scale:workspace:)`` would pack it:
/// `Z[k] = F + i·conj(W^k)·G`, `Z[h−k] = conj(F − i·conj(W^k)·G)` with `F = P[k] + P[h−k]` and
/// `G = P[k] − P[h−k]`, which for real P is `Z[k] = (F + Im W^k·G, Re W^k·G)` and
/// `Z[h−k] = (F − Im W^k·G, Re W^k·G)`. The autocorrelation is the inverse transform of that.
struct AutocorrelationSink: SpectrumSink {
    let re: UnsafeMutablePointer<Double>
    let im: UnsafeMutablePointer<Double>
    let half: Int

    @inline(__always)
    func ends(first: Double, last: Double) {
        let firstPower = first * first, lastPower = last * last
        re[0] = firstPower + lastPower
        im[0] = firstPower - lastPower
    }

    @inline(__always)
    func store(k: Int, low: SplitComplexPair, high: SplitComplexPair, twiddle: SplitComplexPair, _ both: Bool) {
        let lowPower = low.re * low.re + low.im * low.im
        let highPower = high.re * high.re + high.im * high.im
        let sum = lowPower + highPower, difference = lowPower - highPower
        let lowRe = sum + twiddle.im * difference, highRe = sum - twiddle.im * difference
        let sharedIm = twiddle.re * difference
        if both {
            UnsafeMutableRawPointer(re + k).storeBytes(of: lowRe, as: SIMD2<Double>.self)
            UnsafeMutableRawPointer(im + k).storeBytes(of: sharedIm, as: SIMD2<Double>.self)
            let mirror = half &- k &- 1
            UnsafeMutableRawPointer(re + mirror).storeBytes(of: SIMD2(highRe.y, highRe.x), as: SIMD2<Double>.self)
            UnsafeMutableRawPointer(im + mirror).storeBytes(of: SIMD2(sharedIm.y, sharedIm.x), as: SIMD2<Double>.self)
        } else {
            re[k] = lowRe.x
            im[k] = sharedIm.x
            re[half &- k] = highRe.x
            im[half &- k] = sharedIm.x
        }
    }

    @inline(__always)
    func middle(k: Int, re: Double, im: Double) {
        self.re[k] = 2 * (re * re + im * im)
        self.im[k] = -0.0
    }
}

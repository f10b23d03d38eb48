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

/// Digital Butterworth filter design as cascades of second-order sections.
///
/// The design follows `scipy.signal.butter(order, Wn, btype, fs=sampleRate, output="sos")`
/// step by step — analog prototype poles, pre-warped frequency transformation, bilinear
/// transform, then `zpk2sos` with `pairing="nearest"` — so the sections, their order and the
/// placement of the overall gain (all in the first section) agree with scipy to about 1e-13.
/// See `Docs/dsp.md` and `Scripts/generate/butterworth-reference.py`.
///
/// Frequencies are in Hz and must satisfy `0 < f < sampleRate / 2`; `order ≥ 1`.
/// Invalid arguments trap (they are programming errors, not data errors).
///
/// - Complexity: O(order²), done once when a pipeline is set up.
public enum Butterworth {
    /// A low-pass filter of `order` poles with −3 dB at `cutoff` (Hz).
    /// Returns `(order + 1) / 2` sections.
    public static func lowPass(order: Int, cutoff: Double, sampleRate: Double) -> [Biquad] {
        validate(order: order, frequencies: [cutoff], sampleRate: sampleRate)
        let warped = prewarp(cutoff, sampleRate: sampleRate)
        let prototype = analogPrototype(order: order)
        // lp2lp_zpk: p → wo·p, k → wo^degree
        let poles = prototype.map { $0 * warped }
        let gain = pow(warped, Double(order))
        return digitalSections(zeros: [], poles: poles, gain: gain)
    }

    /// A high-pass filter of `order` poles with −3 dB at `cutoff` (Hz).
    /// Returns `(order + 1) / 2` sections.
    public static func highPass(order: Int, cutoff: Double, sampleRate: Double) -> [Biquad] {
        validate(order: order, frequencies: [cutoff], sampleRate: sampleRate)
        let warped = prewarp(cutoff, sampleRate: sampleRate)
        let prototype = analogPrototype(order: order)
        // lp2hp_zpk: p → wo/p, zeros at the origin for each pole, k → k·Re(Π(−z)/Π(−p))
        let poles = prototype.map { Complex(warped) / $0 }
        let zeros = [Complex](repeating: Complex(0), count: order)
        var product = Complex(1)
        for pole in prototype { product = product * (-pole) }
        let gain = (Complex(1) / product).real
        return digitalSections(zeros: zeros, poles: poles, gain: gain)
    }

    /// A band-pass filter built from an `order`-pole prototype, with −3 dB at `low` and `high`
    /// (Hz). The result has `2·order` poles and `order` sections (as scipy's `butter`).
    public static func bandPass(order: Int, low: Double, high: Double, sampleRate: Double) -> [Biquad] {
        validate(order: order, frequencies: [low, high], sampleRate: sampleRate)
        precondition(low < high, "Butterworth.bandPass needs low < high")
        let warpedLow = prewarp(low, sampleRate: sampleRate)
        let warpedHigh = prewarp(high, sampleRate: sampleRate)
        let bandwidth = warpedHigh - warpedLow
        let center = (warpedLow * warpedHigh).squareRoot()
        let prototype = analogPrototype(order: order)
        // lp2bp_zpk: p_lp = p·bw/2; p_bp = p_lp ± √(p_lp² − wo²); zeros at the origin; k·bw^degree
        let scaled = prototype.map { $0 * (bandwidth / 2) }
        let centerSquared = Complex(center * center)
        let plus = scaled.map { $0 + ($0 * $0 - centerSquared).squareRoot }
        let minus = scaled.map { $0 - ($0 * $0 - centerSquared).squareRoot }
        let zeros = [Complex](repeating: Complex(0), count: order)
        let gain = pow(bandwidth, Double(order))
        return digitalSections(zeros: zeros, poles: plus + minus, gain: gain)
    }

    // MARK: - Design steps (scipy.signal._filter_design)

    private static func validate(order: Int, frequencies: [Double], sampleRate: Double) {
        precondition(order >= 1, "Butterworth order must be at least 1")
        precondition(sampleRate > 0 && sampleRate.isFinite, "sample rate must be positive")
        for frequency in frequencies {
            precondition(frequency > 0 && frequency < sampleRate / 2,
                         "Butterworth frequencies must lie strictly between 0 and the Nyquist frequency")
        }
    }

    /// Pre-warped analog frequency for the bilinear transform with scipy's internal fs = 2:
    /// `4·tan(π·Wn/2)` where `Wn = 2·f/fs`.
    private static func prewarp(_ frequency: Double, sampleRate: Double) -> Double {
        let normalized = 2 * frequency / sampleRate
        return 2 * 2.0 * tan(Double.pi * normalized / 2.0)
    }

    /// `buttap`: poles `−exp(jπm/(2N))` for m = −N+1, −N+3, …, N−1 (m = 0 gives exactly −1).
    private static func analogPrototype(order: Int) -> [Complex] {
        stride(from: -order + 1, to: order, by: 2).map { m in
            // numpy evaluates 1j·π·m/(2N) as a complex division, i.e. (π·m)·(1/(2N)).
            let theta = (Double.pi * Double(m)) * (1.0 / Double(2 * order))
            return -Complex.exp(imaginary: theta)
        }
    }

    /// `bilinear_zpk` with fs = 2, then `zpk2sos`.
    private static func digitalSections(zeros: [Complex], poles: [Complex], gain: Double) -> [Biquad] {
        let fs2 = Complex(4)
        var digitalZeros = zeros.map { (fs2 + $0) / (fs2 - $0) }
        let digitalPoles = poles.map { (fs2 + $0) / (fs2 - $0) }
        digitalZeros += [Complex](repeating: Complex(-1), count: poles.count - zeros.count)
        var numerator = Complex(1), denominator = Complex(1)
        for zero in zeros { numerator = numerator * (fs2 - zero) }
        for pole in poles { denominator = denominator * (fs2 - pole) }
        let digitalGain = gain * (numerator / denominator).real
        return secondOrderSections(zeros: digitalZeros, poles: digitalPoles, gain: digitalGain)
    }

    /// `zpk2sos(z, p, k, pairing="nearest")` for a digital filter with as many zeros as poles.
    static func secondOrderSections(zeros inputZeros: [Complex], poles inputPoles: [Complex], gain: Double) -> [Biquad] {
        var zeros = inputZeros, poles = inputPoles
        let sectionCount = (poles.count + 1) / 2
        if poles.count % 2 == 1 {
            poles.append(Complex(0))
            zeros.append(Complex(0))
        }
        zeros = complexThenReal(zeros)
        poles = complexThenReal(poles)

        // "worst" = closest to the unit circle; first index on ties (numpy argmin)
        func worstIndex(_ candidates: [Complex]) -> Int {
            var best = 0
            for index in candidates.indices
            where abs(1 - candidates[index].length) < abs(1 - candidates[best].length) {
                best = index
            }
            return best
        }
        enum Kind { case real, complex, any }
        func nearestIndex(_ values: [Complex], to target: Complex, _ kind: Kind) -> Int {
            var best: Int?
            for index in values.indices {
                let value = values[index]
                switch kind {
                case .real where !value.isReal, .complex where value.isReal: continue
                default: break
                }
                if let current = best, (values[current] - target).length <= (value - target).length { continue }
                best = index
            }
            return best!
        }

        var sections = [Biquad](repeating: Biquad(b0: 0, b1: 0, b2: 0, a1: 0, a2: 0), count: sectionCount)
        for sectionIndex in stride(from: sectionCount - 1, through: 0, by: -1) {
            let p1 = poles.remove(at: worstIndex(poles))
            let realPolesLeft = poles.filter(\.isReal).count
            if p1.isReal && realPolesLeft == 0 {
                // Special case (1): last remaining real pole, paired with a real zero and the origin
                let z1 = zeros.remove(at: nearestIndex(zeros, to: p1, .real))
                sections[sectionIndex] = section(zeros: [z1, Complex(0)], poles: [p1, Complex(0)])
            } else if poles.count + 1 == zeros.count && !p1.isReal && realPolesLeft == 1
                        && zeros.filter(\.isReal).count == 1 {
                // Special case (2): must pair with a complex zero
                let z1 = zeros.remove(at: nearestIndex(zeros, to: p1, .complex))
                sections[sectionIndex] = section(zeros: [z1, z1.conjugate], poles: [p1, p1.conjugate])
            } else {
                let p2: Complex
                if p1.isReal {
                    let realIndices = poles.indices.filter { poles[$0].isReal }
                    let chosen = realIndices[worstIndex(realIndices.map { poles[$0] })]
                    p2 = poles.remove(at: chosen)
                } else {
                    p2 = p1.conjugate
                }
                if zeros.isEmpty {
                    sections[sectionIndex] = section(zeros: [], poles: [p1, p2])
                } else {
                    let z1 = zeros.remove(at: nearestIndex(zeros, to: p1, .any))
                    if !z1.isReal {
                        sections[sectionIndex] = section(zeros: [z1, z1.conjugate], poles: [p1, p2])
                    } else if !zeros.isEmpty {
                        let z2 = zeros.remove(at: nearestIndex(zeros, to: p1, .real))
                        sections[sectionIndex] = section(zeros: [z1, z2], poles: [p1, p2])
                    } else {
                        sections[sectionIndex] = section(zeros: [z1], poles: [p1, p2])
                    }
                }
            }
        }
        sections[0].b0 *= gain
        sections[0].b1 *= gain
        sections[0].b2 *= gain
        return sections
    }

    /// `_cplxreal`: one member (positive imaginary part, averaged with its conjugate) of each
    /// complex pair sorted by real part then |imag|, followed by the real values in ascending order.
    private static func complexThenReal(_ values: [Complex]) -> [Complex] {
        let tolerance = 100 * Double.ulpOfOne
        let sorted = values.enumerated().sorted { l, r in
            if l.element.real != r.element.real { return l.element.real < r.element.real }
            if abs(l.element.imaginary) != abs(r.element.imaginary) {
                return abs(l.element.imaginary) < abs(r.element.imaginary)
            }
            return l.offset < r.offset
        }.map(\.element)
        var reals: [Complex] = [], positive: [Complex] = [], negative: [Complex] = []
        for value in sorted {
            if abs(value.imaginary) <= tolerance * value.length {
                reals.append(Complex(value.real))
            } else if value.imaginary > 0 {
                positive.append(value)
            } else {
                negative.append(value)
            }
        }
        precondition(positive.count == negative.count, "unpaired complex root in filter design")
        // scipy computes the runs from zp only and applies them to both halves
        var runs: [(Int, Int)] = []
        var start = 0
        while start < positive.count {
            var stop = start
            while stop + 1 < positive.count
                    && positive[stop + 1].real - positive[stop].real <= tolerance * positive[stop].length {
                stop += 1
            }
            runs.append((start, stop))
            start = stop + 1
        }
        for (start, stop) in runs where stop > start {
            for half in [0, 1] {
                var array = half == 0 ? positive : negative
                let run = array[start...stop].enumerated().sorted { l, r in
                    abs(l.element.imaginary) != abs(r.element.imaginary)
                        ? abs(l.element.imaginary) < abs(r.element.imaginary) : l.offset < r.offset
                }.map(\.element)
                array.replaceSubrange(start...stop, with: run)
                if half == 0 { positive = array } else { negative = array }
            }
        }
        let pairs = zip(positive, negative).map { p, n in (p + n.conjugate) * 0.5 }
        return pairs + reals
    }

    /// `_single_zpksos`: a section from up to two zeros and two poles, via `np.poly`.
    private static func section(zeros: [Complex], poles: [Complex]) -> Biquad {
        let b = polynomial(zeros), a = polynomial(poles)
        // Right-aligned into [b0 b1 b2] and [a0 a1 a2] as scipy does.
        var bs = [0.0, 0.0, 0.0], as_ = [0.0, 0.0, 0.0]
        for (offset, value) in b.enumerated() { bs[3 - b.count + offset] = value }
        for (offset, value) in a.enumerated() { as_[3 - a.count + offset] = value }
        // a0 is 1 for two poles; normalise anyway for safety.
        let a0 = as_[0]
        return Biquad(b0: bs[0] / a0, b1: bs[1] / a0, b2: bs[2] / a0, a1: as_[1] / a0, a2: as_[2] / a0)
    }

    /// `np.poly(roots)`: coefficients of Π (x − r), real parts (roots come in conjugate pairs).
    private static func polynomial(_ roots: [Complex]) -> [Double] {
        var coefficients = [Complex(1)]
        for root in roots {
            var next = coefficients + [Complex(0)]
            for index in coefficients.indices { next[index + 1] = next[index + 1] - coefficients[index] * root }
            coefficients = next
        }
        return coefficients.map(\.real)
    }
}

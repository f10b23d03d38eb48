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

/// Computes ``WindowFeatures`` for windows of a fixed size.
///
/// One real FFT of 2N points does the work of two: the centred window `c`, zero-padded to 2N, is transformed once
/// (`Z`); `IFFT(|Z|²)` is the linear (not circular) autocorrelation for all lags < N, in O(N log N) instead of
/// O(N·lags); and the even bins of `Z` are the N-point DFT of `c`, `Y[k] = Z[2k]`, from which the tapered spectrum
/// follows exactly by a three-tap convolution, since the taper is a cosine of period N:
/// `w[n] = a₀ − a₁·cos(2πn/N)` gives `X[k] = a₀·Y[k] − (a₁/2)·(Y[k−1] + Y[k+1])` (indices mod N).
/// Cost per window: two FFTs of 2N points (forward and inverse) plus O(N); after the first window no call
/// allocates. The result's `bandPowers` array shares the extractor's buffer, which is reused in place when the
/// caller has let go of the previous result (and copied, as any array, when it has not).
///
/// No state carries from one window to the next, so the `Codable` form is the parameters alone; decoding
/// re-creates the transforms and buffers.
public struct FeatureExtractor: Sendable {
    /// Samples per window N.
    package let windowSize: Int
    /// Sample rate in Hz.
    package let sampleRate: Double
    /// Frequency bands (Hz) for ``WindowFeatures/bandPowers``.
    package let bands: [ClosedRange<Double>]
    /// Periods (s) searched for the autocorrelation peak.
    package let periodRange: ClosedRange<Double>
    /// Taper applied before the spectrum.
    package let window: WindowFunction

    private var correlationFFT: RealFFT
    /// The taper's cosine coefficients `(a₀, a₁/2)`, and `Σ w[n]²`.
    private let taperTerms: (centre: Double, neighbour: Double)
    private let taperPower: Double
    /// `ln(bins − 1)`, the entropy of a flat spectrum (the normalisation).
    private let flatEntropy: Double
    private var centered: [Double]
    private var real: [Double] = []
    private var imaginary: [Double] = []
    private var power: [Double]
    private var correlation: [Double] = []
    private var bandPowers: [Double]
    /// The bins `k ≥ 1` whose frequency `k·sampleRate/N` lies in each band (contiguous: the frequency grows with k).
    private let bandBins: [Range<Int>]

    /// Creates an extractor for windows of `windowSize ≥ 4` samples at `sampleRate` Hz.
    ///
    /// Defaults: bands 0.5–3 Hz (walking and running cadence and its harmonics) and 3–8 Hz
    /// (impacts, cycling vibration, vehicle), periods 0.25–2 s (step or stride periods of
    /// 30–240 per minute), Hann window (−31 dB leakage, needed to resolve a cadence peak next to
    /// a strong low-frequency component).
    public init(
        windowSize: Int, sampleRate: Double,
        bands: [ClosedRange<Double>] = [0.5...3.0, 3.0...8.0],
        periodRange: ClosedRange<Double> = 0.25...2.0,
        window: WindowFunction = .hann
    ) {
        precondition(windowSize >= 4, "FeatureExtractor needs windows of at least 4 samples")
        precondition(sampleRate > 0 && sampleRate.isFinite, "sample rate must be positive")
        self.windowSize = windowSize
        self.sampleRate = sampleRate
        self.bands = bands
        self.periodRange = periodRange
        self.window = window
        correlationFFT = RealFFT(size: 2 * windowSize)
        switch window {
        case .rectangular: taperTerms = (1, 0)
        case .hann: taperTerms = (0.5, 0.25)
        case .hamming: taperTerms = (0.54, 0.23)
        }
        taperPower = window.coefficients(count: windowSize).reduce(0) { $0 + $1 * $1 }
        let bins = windowSize / 2 + 1
        flatEntropy = log(Double(bins - 1))
        centered = [Double](repeating: 0, count: windowSize)
        power = [Double](repeating: 0, count: bins)
        bandPowers = [Double](repeating: 0, count: bands.count)
        // The same test as the per-bin loop it replaces, evaluated once: the sums add the same bins in the same order.
        let binWidth = sampleRate / Double(windowSize)
        bandBins = bands.map { band in
            let inBand = (1..<bins).filter { k in
                let frequency = Double(k) * binWidth
                return frequency >= band.lowerBound && frequency < band.upperBound
            }
            guard let first = inBand.first, let last = inBand.last else { return 1..<1 }
            return first..<(last + 1)
        }
    }

    /// The features of `window`, whose count must equal the `windowSize` it was made with. Values should be finite
    /// (a NaN makes the features NaN).
    /// - Complexity: O(N log N).
    public mutating func features(of window: [Double]) -> WindowFeatures {
        window.withUnsafeBufferPointer { features(of: $0) }
    }

    /// The features of the `window` in memory (count: the `windowSize` it was made with), e.g. a view into a caller's ring buffer, so
    /// that the window need not be copied into an array first; otherwise as for an array. O(N log N).
    public mutating func features(of window: UnsafeBufferPointer<Double>) -> WindowFeatures {
        precondition(window.count == windowSize, "window has \(window.count) samples, expected \(windowSize)")
        let n = windowSize
        let count = Double(n)

        // Time domain.
        var sum = 0.0, sumOfSquares = 0.0
        var minimum = Double.infinity, maximum = -Double.infinity
        for value in window {
            sum += value
            sumOfSquares += value * value
            minimum = Swift.min(minimum, value)
            maximum = Swift.max(maximum, value)
        }
        let mean = sum / count
        var variance = 0.0
        var crossings = 0
        // Through raw buffers: the arrays are the extractor's own, so no per-element uniqueness checks.
        centered.withUnsafeMutableBufferPointer { centered in
            // Sign changes counted without a branch: the signs of a noisy window are random, and a mispredicted
            // branch costs more than the rest of the loop.
            var previousNegative = window[0] - mean < 0
            for index in 0..<n {
                let value = window[index] - mean
                centered[index] = value
                variance += value * value
                let negative = value < 0
                // The flags' bytes (0 or 1) xor-ed: written as a select (`? 1 : 0`), the compiler made it a
                // branch again.
                crossings &+= Int(unsafeBitCast(negative, to: UInt8.self) ^ unsafeBitCast(previousNegative, to: UInt8.self))
                previousNegative = negative
            }
        }
        variance /= count

        // One transform of the centred window padded to 2N: the spectrum (even bins) and the autocorrelation.
        correlationFFT.transform(centered, real: &real, imaginary: &imaginary)
        let bins = n / 2 + 1
        let scale = 1 / (count * taperPower)
        let (centre, neighbour) = taperTerms
        var energy = 0.0
        var peakBin = 0
        var peakPower = -Double.infinity
        real.withUnsafeBufferPointer { re in
            imaginary.withUnsafeBufferPointer { im in
                power.withUnsafeMutableBufferPointer { power in
                    // Y[k] = Z[2k]; at the ends, Y[−1] = conj Y[1] and Y[k] = conj Y[N − k] past N/2 (a real input).
                    func edge(_ k: Int) -> Double {
                        func y(_ k: Int) -> (re: Double, im: Double) {
                            if k < 0 { return (re[2], -im[2]) }
                            if k >= bins { return (re[2 * (n - k)], -im[2 * (n - k)]) }
                            return (re[2 * k], im[2 * k])
                        }
                        let (at, before, after) = (y(k), y(k - 1), y(k + 1))
                        let xr = centre * at.re - neighbour * (before.re + after.re)
                        let xi = centre * at.im - neighbour * (before.im + after.im)
                        return xr * xr + xi * xi
                    }
                    power[0] = edge(0) * scale
                    let last = bins - 1
                    for k in 1..<last {
                        let xr = centre * re[2 * k] - neighbour * (re[2 * k - 2] + re[2 * k + 2])
                        let xi = centre * im[2 * k] - neighbour * (im[2 * k - 2] + im[2 * k + 2])
                        let p = (xr * xr + xi * xi) * (2 * scale)
                        power[k] = p
                        energy += p
                        // (Selects, not a branch.)
                        let higher = p > peakPower
                        peakBin = higher ? k : peakBin
                        peakPower = higher ? p : peakPower
                    }
                    // The Nyquist bin of an even N is unpaired.
                    let p = edge(last) * (n % 2 == 0 ? scale : 2 * scale)
                    power[last] = p
                    energy += p
                    if p > peakPower { peakBin = last; peakPower = p }
                }
            }
        }
        let binWidth = sampleRate / count
        var dominantFrequency = 0.0, dominantPower = 0.0, entropy = 0.0
        if energy > 0 {
            dominantFrequency = Double(peakBin) * binWidth
            var peak = power[peakBin]
            if peakBin > 1 { peak += power[peakBin - 1] }
            if peakBin + 1 < bins { peak += power[peakBin + 1] }
            dominantPower = Swift.min(peak / energy, 1)
            if bins > 2 {
                // −Σ p ln p with p = P/E is ln E − (Σ P ln P)/E: one logarithm per bin (two per vector step) and
                // no division per bin.
                let weighted = power.withUnsafeBufferPointer { Self.sumOfPowerTimesLog($0, from: 1) }
                entropy = Swift.max(0, Swift.min((log(energy) - weighted / energy) / flatEntropy, 1))
            }
        }
        power.withUnsafeBufferPointer { power in
            for index in bandBins.indices {
                var total = 0.0
                for k in bandBins[index] { total += power[k] }
                bandPowers[index] = total
            }
        }

        let (peak, lag) = autocorrelationPeak(variance: variance)
        return WindowFeatures(
            mean: mean, variance: variance, standardDeviation: variance.squareRoot(),
            rms: (sumOfSquares / count).squareRoot(), minimum: minimum, maximum: maximum,
            energy: energy, zeroCrossingRate: Double(crossings) * sampleRate / (count - 1),
            dominantFrequency: dominantFrequency, dominantPower: dominantPower,
            spectralEntropy: entropy, bandPowers: bandPowers,
            autocorrelationPeak: peak, autocorrelationLag: lag
        )
    }

    /// `Σ P[k]·ln P[k]` over `k ≥ first` (0·ln 0 = 0), two bins per step. O(bins).
    static func sumOfPowerTimesLog(_ power: UnsafeBufferPointer<Double>, from first: Int) -> Double {
        var total = SIMD2<Double>.zero
        var k = first
        while k + 1 < power.count {
            let p = SIMD2(power[k], power[k + 1])
            total += VectorLogarithm.xLogX(p)
            k += 2
        }
        if k < power.count { total.x += VectorLogarithm.xLogX(SIMD2(power[k], 1)).x }
        return total.x + total.y
    }

    /// Highest local maximum of the normalised autocorrelation of `centered` within `periodRange`, from the
    /// transform `features(of:)` left in `real` and `imaginary`.
    private mutating func autocorrelationPeak(variance: Double) -> (peak: Double, lag: Double) {
        let n = windowSize
        guard variance > 0 else { return (0, 0) }
        // IFFT(|Z|²) of `centered` zero-padded to 2N: the linear autocorrelation for lags < N. |Z|² goes into
        // `real` in place; the imaginary parts are zero (an empty array).
        let bins = real.count
        real.withUnsafeMutableBufferPointer { re in
            imaginary.withUnsafeBufferPointer { im in
                for k in 0..<bins { re[k] = re[k] * re[k] + im[k] * im[k] }
            }
        }
        correlationFFT.inverse(real: real, imaginary: [], into: &correlation)
        let zeroLag = correlation[0]
        guard zeroLag > 0 else { return (0, 0) }
        let lowest = Swift.max(1, Int((periodRange.lowerBound * sampleRate).rounded(.up)))
        let highest = Swift.min(n - 2, Int((periodRange.upperBound * sampleRate).rounded(.down)))
        guard lowest <= highest else { return (0, 0) }
        // The highest local maximum, found with selects rather than branches (which of the lags is one depends on
        // the data, and a mispredicted branch costs more than a lag's comparisons).
        var best = -1
        var bestValue = -Double.infinity
        correlation.withUnsafeBufferPointer { correlation in
            for lag in lowest...highest {
                let value = correlation[lag]
                let isHigherPeak = (value >= correlation[lag - 1] ? 1 : 0) & (value > correlation[lag + 1] ? 1 : 0)
                    & (value > bestValue ? 1 : 0)
                best = isHigherPeak != 0 ? lag : best
                bestValue = isHigherPeak != 0 ? value : bestValue
            }
        }
        guard best > 0 else { return (0, 0) }
        let before = correlation[best - 1], at = correlation[best], after = correlation[best + 1]
        let curvature = before - 2 * at + after
        let offset = curvature < 0 ? Swift.max(-0.5, Swift.min(0.5, 0.5 * (before - after) / curvature)) : 0
        return (at / zeroLag, (Double(best) + offset) / sampleRate)
    }
}

extension FeatureExtractor: Codable {
    private enum CodingKeys: String, CodingKey {
        case windowSize, sampleRate, bands, periodRange, window
    }

    /// Decodes the parameters and creates the extractor.
    /// - Throws: `DecodingError.dataCorrupted` when the window size is below 4 or the rate not positive and finite.
    /// - Complexity: O(N).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let windowSize = try container.decode(Int.self, forKey: .windowSize)
        let sampleRate = try container.decode(Double.self, forKey: .sampleRate)
        guard windowSize >= 4, windowSize <= 1 << 24 else {
            throw DecodingError.dataCorruptedError(forKey: .windowSize, in: container, debugDescription: "window size \(windowSize) is not within 4…2²⁴")
        }
        guard sampleRate > 0 && sampleRate.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: .sampleRate, in: container, debugDescription: "sample rate \(sampleRate) Hz is not positive")
        }
        self.init(windowSize: windowSize, sampleRate: sampleRate,
                  bands: try container.decode([ClosedRange<Double>].self, forKey: .bands),
                  periodRange: try container.decode(ClosedRange<Double>.self, forKey: .periodRange),
                  window: try container.decode(WindowFunction.self, forKey: .window))
    }

    /// Encodes the parameters.
    /// - Complexity: O(bands).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(windowSize, forKey: .windowSize)
        try container.encode(sampleRate, forKey: .sampleRate)
        try container.encode(bands, forKey: .bands)
        try container.encode(periodRange, forKey: .periodRange)
        try container.encode(window, forKey: .window)
    }
}

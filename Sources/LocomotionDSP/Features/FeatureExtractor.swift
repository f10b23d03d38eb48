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
/// Owns two ``RealFFT``s (N points for the spectrum, 2N points for the autocorrelation) and scratch
/// buffers, so after the first window no call allocates. The result's `bandPowers` array shares the
/// extractor's buffer, which is reused in place when the caller has let go of the previous result
/// (and copied, as any array, when it has not).
/// The autocorrelation is computed as `IFFT(|FFT(c zero-padded to 2N)|²)`, which equals the linear
/// (not circular) autocorrelation for all lags < N, in O(N log N) instead of O(N·lags).
/// Cost per window: three FFTs of N or 2N points plus O(N).
///
/// No state carries from one window to the next, so the `Codable` form is the parameters alone; decoding
/// re-creates the transforms and buffers.
public struct FeatureExtractor: Sendable {
    /// Samples per window N.
    public let windowSize: Int
    /// Sample rate in Hz.
    public let sampleRate: Double
    /// Frequency bands (Hz) for ``WindowFeatures/bandPowers``.
    public let bands: [ClosedRange<Double>]
    /// Periods (s) searched for the autocorrelation peak.
    public let periodRange: ClosedRange<Double>
    /// Taper applied before the spectrum.
    public let window: WindowFunction

    private var spectrumFFT: RealFFT
    private var correlationFFT: RealFFT
    private let taper: [Double]
    private let taperPower: Double
    private var centered: [Double]
    private var tapered: [Double]
    private var power: [Double] = []
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
        spectrumFFT = RealFFT(size: windowSize)
        correlationFFT = RealFFT(size: 2 * windowSize)
        taper = window.coefficients(count: windowSize)
        taperPower = taper.reduce(0) { $0 + $1 * $1 }
        centered = [Double](repeating: 0, count: windowSize)
        tapered = [Double](repeating: 0, count: windowSize)
        bandPowers = [Double](repeating: 0, count: bands.count)
        // The same test as the per-bin loop it replaces, evaluated once: the sums add the same bins in the same order.
        let binWidth = sampleRate / Double(windowSize)
        bandBins = bands.map { band in
            let inBand = (1..<(windowSize / 2 + 1)).filter { k in
                let frequency = Double(k) * binWidth
                return frequency >= band.lowerBound && frequency < band.upperBound
            }
            guard let first = inBand.first, let last = inBand.last else { return 1..<1 }
            return first..<(last + 1)
        }
    }

    /// The features of `window`, whose count must equal ``windowSize``. Values should be finite
    /// (a NaN makes the features NaN). O(N log N).
    public mutating func features(of window: [Double]) -> WindowFeatures {
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
            tapered.withUnsafeMutableBufferPointer { tapered in
                taper.withUnsafeBufferPointer { taper in
                    for index in 0..<n {
                        let value = window[index] - mean
                        centered[index] = value
                        tapered[index] = value * taper[index]
                        variance += value * value
                        if index > 0 && (centered[index - 1] < 0) != (value < 0) { crossings += 1 }
                    }
                }
            }
        }
        variance /= count

        // Spectrum.
        spectrumFFT.powerSpectrum(tapered, into: &power)
        let scale = 1 / (count * taperPower)
        let bins = power.count
        power.withUnsafeMutableBufferPointer { power in
            for k in 0..<bins {
                let isUnpaired = k == 0 || (n % 2 == 0 && k == bins - 1)
                power[k] *= isUnpaired ? scale : 2 * scale
            }
        }
        var energy = 0.0
        var peakBin = 0
        for k in 1..<bins {
            energy += power[k]
            if peakBin == 0 || power[k] > power[peakBin] { peakBin = k }
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
                for k in 1..<bins where power[k] > 0 {
                    let share = power[k] / energy
                    entropy -= share * log(share)
                }
                entropy = Swift.max(0, Swift.min(entropy / log(Double(bins - 1)), 1))
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

    /// Highest local maximum of the normalised autocorrelation of `centered` within `periodRange`.
    private mutating func autocorrelationPeak(variance: Double) -> (peak: Double, lag: Double) {
        let n = windowSize
        guard variance > 0 else { return (0, 0) }
        // `centered` zero-padded to 2N, so the circular autocorrelation is the linear one for lags < N.
        correlationFFT.autocorrelation(of: centered, into: &correlation)
        let zeroLag = correlation[0]
        guard zeroLag > 0 else { return (0, 0) }
        let lowest = Swift.max(1, Int((periodRange.lowerBound * sampleRate).rounded(.up)))
        let highest = Swift.min(n - 2, Int((periodRange.upperBound * sampleRate).rounded(.down)))
        guard lowest <= highest else { return (0, 0) }
        var best = -1
        for lag in lowest...highest {
            let value = correlation[lag]
            if value >= correlation[lag - 1] && value > correlation[lag + 1]
                && (best < 0 || value > correlation[best]) {
                best = lag
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

    /// Decodes the parameters and creates the extractor. O(N).
    /// - Throws: `DecodingError.dataCorrupted` when the window size is below 4 or the rate not positive and finite.
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

    /// Encodes the parameters. O(bands).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(windowSize, forKey: .windowSize)
        try container.encode(sampleRate, forKey: .sampleRate)
        try container.encode(bands, forKey: .bands)
        try container.encode(periodRange, forKey: .periodRange)
        try container.encode(window, forKey: .window)
    }
}

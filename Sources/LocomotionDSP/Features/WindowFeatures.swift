/// Features of one window of a scalar signal `x[0…N−1]` sampled at `fs` Hz — typically the
/// acceleration magnitude |a| in g, or the magnitude of linear acceleration.
///
/// Notation: `μ` is the mean, `c[n] = x[n] − μ` the centred signal, `w[n]` the analysis window
/// (Hann by default), `X[k]` the DFT of `w·c`, and
/// `P[k] = s_k·|X[k]|² / (N·Σw²)` its one-sided power spectrum in g², with `s_k = 2` except for
/// `k = 0` and the Nyquist bin of an even `N` (`s_k = 1`). With this scaling `Σ_{k≥1} P[k]`
/// equals the variance for a rectangular window (Parseval) and estimates it for others.
/// Bin `k` is at `f_k = k·fs/N` Hz. See `Docs/dsp.md` for the rationale of each feature.
public struct WindowFeatures: Sendable, Hashable, Codable {
    /// `μ = (1/N)·Σ x[n]`, in the signal's unit (g).
    public var mean: Double
    /// Population variance `(1/N)·Σ c[n]²`, in g².
    public var variance: Double
    /// `√variance`, in g.
    public var standardDeviation: Double
    /// Root mean square `√((1/N)·Σ x[n]²)`, in g (includes the mean, e.g. gravity).
    public var rms: Double
    /// Smallest sample, in g.
    public var minimum: Double
    /// Largest sample, in g.
    public var maximum: Double
    /// AC spectral energy `Σ_{k≥1} P[k]`, in g²: the windowed estimate of the variance, and the
    /// denominator of the power shares below.
    public var energy: Double
    /// Sign changes of `c[n]` between consecutive samples per second, in Hz: `crossings·fs/(N−1)`.
    /// A sinusoid of frequency f gives ≈ 2f. (Zero counts as positive.)
    public var zeroCrossingRate: Double
    /// `f_k` of the largest `P[k]` for `k ≥ 1` (excluding DC), in Hz; 0 when the window is constant.
    public var dominantFrequency: Double
    /// Share of the energy in the dominant peak, `(P[k−1] + P[k] + P[k+1]) / energy` (neighbours
    /// with index ≥ 1 only, as the window spreads a sinusoid over three bins), 0…1; 0 when constant.
    public var dominantPower: Double
    /// Normalised spectral entropy `−Σ_{k≥1} p_k·ln p_k / ln K` with `p_k = P[k]/energy` and `K` the
    /// number of non-DC bins: 0 for a pure tone, 1 for white noise; 0 when constant.
    public var spectralEntropy: Double
    /// `Σ P[k]` over the bins with `lower ≤ f_k < upper` of each configured band, in g², in the
    /// extractor's band order.
    public var bandPowers: [Double]
    /// Highest local maximum of the normalised autocorrelation
    /// `r[ℓ] = Σ_{n<N−ℓ} c[n]·c[n+ℓ] / Σ c[n]²` (biased, so `r[ℓ] ≤ 1 − ℓ/N` for a periodic signal)
    /// among lags `ℓ` in the configured period range, −1…1; 0 when there is no local maximum there.
    public var autocorrelationPeak: Double
    /// Lag of that peak in seconds, refined by a parabola through `r[ℓ−1…ℓ+1]` (the signal's period);
    /// 0 when there is no peak.
    public var autocorrelationLag: Double

    /// Creates a feature set from its values (mainly for tests and replay).
    package init(
        mean: Double, variance: Double, standardDeviation: Double, rms: Double,
        minimum: Double, maximum: Double, energy: Double, zeroCrossingRate: Double,
        dominantFrequency: Double, dominantPower: Double, spectralEntropy: Double,
        bandPowers: [Double], autocorrelationPeak: Double, autocorrelationLag: Double
    ) {
        self.mean = mean
        self.variance = variance
        self.standardDeviation = standardDeviation
        self.rms = rms
        self.minimum = minimum
        self.maximum = maximum
        self.energy = energy
        self.zeroCrossingRate = zeroCrossingRate
        self.dominantFrequency = dominantFrequency
        self.dominantPower = dominantPower
        self.spectralEntropy = spectralEntropy
        self.bandPowers = bandPowers
        self.autocorrelationPeak = autocorrelationPeak
        self.autocorrelationLag = autocorrelationLag
    }

    /// Each band's power as a share of ``energy`` (band ratio), 0…1; all 0 when the energy is 0.
    public var bandShares: [Double] {
        bandPowers.map { energy > 0 ? $0 / energy : 0 }
    }
}

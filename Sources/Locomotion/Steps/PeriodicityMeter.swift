/// How periodic the recent filtered signal is: the highest normalised autocorrelation over a lag
/// range, computed on a sliding window every `hop` samples.
///
/// For the mean-removed window `w` of `n` samples with energy `E = Σ w²`, the score is
/// `max over lags L of (Σᵢ wᵢ·wᵢ₊L / E) · n / (n − L)` (the unbiased normalisation, so a
/// sinusoid scores ≈ 1 at its period whatever the lag). A still phone, noise, or irregular bumps
/// score low; walking scores 0.7–1.0 at the step or stride lag.
///
/// The window starts filled with zeros (a still signal) at every ``reset()``, so a score exists
/// from the first hop on. Cost: O(window · lags) every `hop` samples, O(1) otherwise; no
/// allocation after `init`.
struct PeriodicityMeter: Sendable {
    private var ring: [Double]
    private var scratch: [Double]
    private var writeIndex = 0
    private var sinceUpdate = 0
    private let hop: Int
    private let lags: ClosedRange<Int>
    /// The latest score (0 before the first hop, and after a reset).
    private(set) var score = 0.0

    /// A meter over `windowCount` samples, updated every `hop` samples, searching lags `lags` (samples).
    init(windowCount: Int, hop: Int, lags: ClosedRange<Int>) {
        precondition(windowCount > lags.upperBound && lags.lowerBound >= 1 && hop >= 1)
        ring = [Double](repeating: 0, count: windowCount)
        scratch = [Double](repeating: 0, count: windowCount)
        self.hop = hop
        self.lags = lags
    }

    /// Adds one sample; returns true when the score was recomputed.
    mutating func append(_ value: Double) -> Bool {
        ring[writeIndex] = value
        writeIndex += 1
        if writeIndex == ring.count { writeIndex = 0 }
        sinceUpdate += 1
        guard sinceUpdate >= hop else { return false }
        sinceUpdate = 0
        score = computeScore()
        return true
    }

    /// Empties the window (zeros) and the score.
    mutating func reset() {
        for index in ring.indices { ring[index] = 0 }
        writeIndex = 0
        sinceUpdate = 0
        score = 0
    }

    private mutating func computeScore() -> Double {
        let count = ring.count
        var sum = 0.0
        for value in ring { sum += value }
        let mean = sum / Double(count)
        // Oldest → newest, mean removed.
        var energy = 0.0
        for index in 0..<count {
            let value = ring[(writeIndex + index) % count] - mean
            scratch[index] = value
            energy += value * value
        }
        // Below this the window is numerically silent: call it aperiodic.
        guard energy > 1e-12 * Double(count) else { return 0 }
        var best = -1.0
        scratch.withUnsafeBufferPointer { window in
            for lag in lags {
                var product = 0.0
                for index in 0..<(count - lag) { product += window[index] * window[index + lag] }
                let normalised = product / energy * Double(count) / Double(count - lag)
                if normalised > best { best = normalised }
            }
        }
        return best
    }
}

import Foundation
import Testing
@testable import LocomotionDSP
import LocomotionTestSupport

@Suite struct FeatureExtractorTests {
    @Test func timeDomainStatisticsOfAKnownWindow() {
        var extractor = FeatureExtractor(windowSize: 4, sampleRate: 4, periodRange: 0.25...0.5)
        let features = extractor.features(of: [1, 3, 1, 3])
        #expect(features.mean == 2)
        #expect(features.variance == 1)
        #expect(features.standardDeviation == 1)
        #expect(abs(features.rms - 5.0.squareRoot()) < 1e-15)
        #expect(features.minimum == 1 && features.maximum == 3)
        #expect(abs(features.zeroCrossingRate - 3 * 4 / 3.0) < 1e-12)  // 3 crossings in (4−1)/4 s
    }

    @Test func sineGivesItsFrequencyPowerAndPeriod() {
        // 2 Hz walking-like bounce on top of gravity: 1 + 0.3·sin(2π·2t), 50 Hz, 250 samples (5 s).
        let sampleRate = 50.0, count = 250
        let signal = sine(frequency: 2, sampleRate: sampleRate, count: count, amplitude: 0.3).map { $0 + 1 }
        var extractor = FeatureExtractor(windowSize: count, sampleRate: sampleRate)
        let features = extractor.features(of: signal)
        let binWidth = sampleRate / Double(count)
        #expect(abs(features.mean - 1) < 1e-3)
        #expect(abs(features.variance - 0.045) < 1e-3)              // A²/2
        #expect(abs(features.dominantFrequency - 2) <= binWidth / 2)
        #expect(features.dominantPower > 0.9)
        #expect(abs(features.energy - 0.045) < 0.045 * 0.05)         // Hann estimate of the variance
        #expect(features.bandPowers.count == 2)
        #expect(features.bandShares[0] > 0.95 && features.bandShares[1] < 0.02)
        #expect(abs(features.autocorrelationLag - 0.5) < 0.01)        // period 0.5 s
        #expect(abs(features.autocorrelationPeak - (1 - 25.0 / 250)) < 0.02)  // biased: ≈ 1 − ℓ/N
        #expect(abs(features.zeroCrossingRate - 4) < 0.25)            // 2f, ± one crossing at the window ends
        #expect(features.spectralEntropy < 0.3)
    }

    @Test func noiseIsSpreadAndTonesAreNot() {
        var random = SplitMix64(seed: 11)
        let noise = (0..<512).map { _ in random.symmetric() }
        var extractor = FeatureExtractor(windowSize: 512, sampleRate: 100)
        let noisy = extractor.features(of: noise)
        let tone = extractor.features(of: sine(frequency: 6.25, sampleRate: 100, count: 512))
        #expect(noisy.spectralEntropy > 0.85)
        #expect(tone.spectralEntropy < 0.2)
        #expect(noisy.dominantPower < 0.1)
        #expect(tone.dominantPower > 0.99)
        #expect(abs(tone.dominantFrequency - 6.25) < 1e-12)
        // Uniform noise on [−1, 1) has variance 1/3.
        #expect(abs(noisy.variance - 1.0 / 3) < 0.05)
        #expect(abs(noisy.autocorrelationPeak) < 0.2)
    }

    @Test func autocorrelationFindsThePeriodOfANonSinusoidalSignal() {
        // A sawtooth-like pattern with a period of 37 samples at 100 Hz (0.37 s) plus a slower tone.
        let sampleRate = 100.0
        let signal = (0..<400).map { n in Double(n % 37) / 37 + 0.1 * sin(2 * Double.pi * 0.2 * Double(n) / sampleRate) }
        var extractor = FeatureExtractor(windowSize: 400, sampleRate: sampleRate)
        let features = extractor.features(of: signal)
        #expect(abs(features.autocorrelationLag - 0.37) < 0.011)
        #expect(features.autocorrelationPeak > 0.7)
    }

    @Test func autocorrelationMatchesTheDirectSum() {
        var random = SplitMix64(seed: 5)
        let signal = (0..<64).map { n in sin(Double(n) * 0.7) + 0.3 * random.symmetric() }
        var extractor = FeatureExtractor(windowSize: 64, sampleRate: 10, periodRange: 0.3...3)
        let features = extractor.features(of: signal)
        let mean = signal.reduce(0, +) / 64
        let centred = signal.map { $0 - mean }
        func r(_ lag: Int) -> Double { (0..<(64 - lag)).reduce(0) { $0 + centred[$1] * centred[$1 + lag] } }
        let r0 = r(0)
        var best = -1
        for lag in 3...30 where r(lag) >= r(lag - 1) && r(lag) > r(lag + 1) && (best < 0 || r(lag) > r(best)) { best = lag }
        #expect(best > 0)
        #expect(abs(features.autocorrelationPeak - r(best) / r0) < 1e-12)
        #expect(abs(features.autocorrelationLag - Double(best) / 10) <= 0.05)
    }

    @Test func constantWindowHasNoSpectrumOrPeriod() {
        var extractor = FeatureExtractor(windowSize: 32, sampleRate: 50)
        let features = extractor.features(of: [Double](repeating: 0.98, count: 32))
        #expect(features.variance < 1e-30)
        #expect(features.dominantFrequency == 0 || features.energy < 1e-28)
        #expect(features.autocorrelationPeak == 0 || features.variance < 1e-30)
        #expect(features.zeroCrossingRate >= 0)
    }

    @Test func rectangularWindowEnergyEqualsVariance() {
        var random = SplitMix64(seed: 21)
        let signal = (0..<100).map { _ in random.symmetric() }
        var extractor = FeatureExtractor(windowSize: 100, sampleRate: 20, window: .rectangular)
        let features = extractor.features(of: signal)
        #expect(abs(features.energy - features.variance) < 1e-12)
    }
}

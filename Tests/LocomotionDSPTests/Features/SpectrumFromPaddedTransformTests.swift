import Foundation
import Testing
@testable import LocomotionDSP
import LocomotionTestSupport

/// `FeatureExtractor` takes the tapered power spectrum from the even bins of the centred window's 2N-point
/// transform, tapered by a three-tap convolution, instead of transforming the tapered window itself. These tests
/// hold its spectral features to a direct O(N²) DFT of the time-domain-tapered window (what the extractor
/// computed before), for every taper and for even and odd N, including the first and last bins where the
/// convolution wraps around.
@Suite struct SpectrumFromPaddedTransformTests {
    /// The one-sided power spectrum `P[k] = s_k·|DFT(w·c)[k]|² / (N·Σw²)` of the centred window, directly.
    static func directPower(_ window: [Double], taper: WindowFunction) -> [Double] {
        let n = window.count
        let mean = window.reduce(0, +) / Double(n)
        let w = taper.coefficients(count: n)
        let tapered = (0..<n).map { (window[$0] - mean) * w[$0] }
        let taperPower = w.reduce(0) { $0 + $1 * $1 }
        return (0...(n / 2)).map { k in
            var re = 0.0, im = 0.0
            for j in 0..<n {
                let angle = -2 * Double.pi * Double(k * j % n) / Double(n)
                re += tapered[j] * cos(angle)
                im += tapered[j] * sin(angle)
            }
            let unpaired = k == 0 || (n % 2 == 0 && k == n / 2)
            return (re * re + im * im) * (unpaired ? 1 : 2) / (Double(n) * taperPower)
        }
    }

    @Test(arguments: [WindowFunction.hann, .hamming, .rectangular], [4, 5, 9, 64, 99, 100])
    func spectralFeaturesEqualTheDirectTaperedDFT(taper: WindowFunction, size: Int) {
        var random = SplitMix64(seed: UInt64(size) * 31 + 7)
        let sampleRate = 20.0
        // A tone in a band, its neighbour bin, and noise: every feature has something to find.
        let window = (0..<size).map { n in
            1 + 0.3 * sin(2 * Double.pi * 2.2 * Double(n) / sampleRate) + 0.05 * random.symmetric()
        }
        let bands: [ClosedRange<Double>] = [0.5...3.0, 3.0...8.0]
        var extractor = FeatureExtractor(windowSize: size, sampleRate: sampleRate, bands: bands, window: taper)
        let features = extractor.features(of: window)

        let power = Self.directPower(window, taper: taper)
        let energy = power.dropFirst().reduce(0, +)
        let peakBin = (1..<power.count).max { power[$0] < power[$1] }!
        var peak = power[peakBin]
        if peakBin > 1 { peak += power[peakBin - 1] }
        if peakBin + 1 < power.count { peak += power[peakBin + 1] }
        let entropy = -power.dropFirst().reduce(0) { $0 + ($1 > 0 ? $1 / energy * log($1 / energy) : 0) }
            / log(Double(power.count - 1))
        let binWidth = sampleRate / Double(size)
        func bandPower(_ band: ClosedRange<Double>) -> Double {
            (1..<power.count).filter { band.contains(Double($0) * binWidth) && Double($0) * binWidth < band.upperBound }
                .reduce(0) { $0 + power[$1] }
        }

        let tolerance = 1e-12
        #expect(abs(features.energy - energy) <= tolerance * energy)
        #expect(features.dominantFrequency == Double(peakBin) * binWidth)
        #expect(abs(features.dominantPower - min(peak / energy, 1)) <= tolerance)
        #expect(abs(features.spectralEntropy - min(max(entropy, 0), 1)) <= tolerance)
        for (index, band) in bands.enumerated() {
            #expect(abs(features.bandPowers[index] - bandPower(band)) <= tolerance * energy)
        }
    }

    @Test func xLogXIsWithinTwoUlpsOfTheCLibrary() {
        var random = SplitMix64(seed: 3)
        var worst = 0.0
        for index in 0..<200_000 {
            // Every exponent of the normal range, and values near 1 where log(x) is small.
            let x = index % 2 == 0
                ? Double(bitPattern: random.next() % 0x7fe0_0000_0000_0000 + 0x0010_0000_0000_0000)
                : 1 + random.symmetric() * 1e-3
            let pair = VectorLogarithm.xLogX(SIMD2(x, 2 * x))
            for (value, input) in [(pair.x, x), (pair.y, 2 * x)] where (input * log(input)).isFinite {
                let expected = input * log(input)
                worst = max(worst, abs(value - expected) / max(expected.ulp, Double.leastNormalMagnitude))
            }
        }
        #expect(worst <= 2)
        #expect(VectorLogarithm.xLogX(SIMD2(0, 1)) == SIMD2(0, 0))
        // Subnormal: the product is negligible (its logarithm is off, by design).
        let tiny = VectorLogarithm.xLogX(SIMD2(Double.leastNonzeroMagnitude, Double.leastNormalMagnitude / 3))
        #expect(abs(tiny.x) < 1e-305 && abs(tiny.y) < 1e-305)
    }
}

import Testing
@testable import LocomotionDSP
import LocomotionTestSupport

/// The Swift backend on its own (built in every configuration): against the definition of the DFT
/// for every size up to 64 and for sizes that take each path (radices 2, 3, 4, 5, the generic odd
/// radix, Bluestein, odd N), the inverse, and zero padding.
@Suite struct SwiftFFTTests {
    /// Sizes that exercise every path: N/2 or N with radices 4·4·…, 2, 3, 5, 7…31 and primes above
    /// 31 (Bluestein), odd N, the defaults (100, 200) and the largest (12 000 = 2 × 6 000 samples).
    static let sizes = Array(2...64) + [
        74, 96, 97, 100, 121, 128, 162, 169, 200, 202, 250, 256, 338, 500, 625, 962, 999, 1000, 1994, 2000,
        4096, 5987, 6000, 11_974, 12_000,
    ]

    /// The largest |value| of a spectrum, the scale its errors are measured against.
    static func scale(_ real: [Double], _ imaginary: [Double]) -> Double {
        zip(real, imaginary).map { ($0 * $0 + $1 * $1).squareRoot() }.max() ?? 0
    }

    @Test(arguments: sizes)
    func agreesWithTheDefinition(size: Int) {
        var random = SplitMix64(seed: UInt64(size) &* 7919)
        let input = (0..<size).map { _ in random.symmetric() }
        var fft = RealFFT(size: size, backend: .swift)
        var real: [Double] = [], imaginary: [Double] = []
        fft.transform(input, real: &real, imaginary: &imaginary)
        let bins = size / 2 + 1
        // The definition, accumulated in the same precision; O(N²), so only up to 2 000 points.
        guard size <= 2000 else {
            // Parseval instead: Σx² = (1/N)·Σ_all |X|².
            var spectral = real[0] * real[0]
            for k in 1..<bins {
                let power = real[k] * real[k] + imaginary[k] * imaginary[k]
                spectral += (size % 2 == 0 && k == bins - 1) ? power : 2 * power
            }
            let temporal = input.reduce(0) { $0 + $1 * $1 }
            #expect(abs(spectral / Double(size) - temporal) <= 1e-12 * temporal, "N = \(size)")
            return
        }
        let definition = ReferenceFFT.dft(input, [Double](repeating: 0, count: size))
        let expectedReal = Array(definition.real[0..<bins]), expectedImaginary = Array(definition.imaginary[0..<bins])
        let tolerance = 1e-12 * Self.scale(expectedReal, expectedImaginary)
        #expect(maximumDifference(real, expectedReal) <= tolerance, "N = \(size)")
        #expect(maximumDifference(imaginary, expectedImaginary) <= tolerance, "N = \(size)")
    }

    @Test(arguments: sizes)
    func inverseUndoesTransform(size: Int) {
        var random = SplitMix64(seed: UInt64(size) &+ 11)
        let input = (0..<size).map { _ in random.symmetric() }
        var fft = RealFFT(size: size, backend: .swift)
        var real: [Double] = [], imaginary: [Double] = [], output: [Double] = []
        fft.transform(input, real: &real, imaginary: &imaginary)
        // Imaginary parts the c2r convention ignores must not matter.
        imaginary[0] = 123
        if size % 2 == 0 { imaginary[size / 2] = -45 }
        fft.inverse(real: real, imaginary: imaginary, into: &output)
        #expect(maximumDifference(output, input) <= 1e-12, "N = \(size)")
    }

    @Test(arguments: [8, 9, 200, 201])
    func shortInputIsZeroPadded(size: Int) {
        var random = SplitMix64(seed: 5)
        for count in [0, 1, size / 2 - 1, size / 2, size / 2 + 1, size - 1] {
            let input = (0..<count).map { _ in random.symmetric() }
            var fft = RealFFT(size: size, backend: .swift)
            var a: [Double] = [], b: [Double] = []
            fft.powerSpectrum(input, into: &a)
            fft.powerSpectrum(input + [Double](repeating: 0, count: size - count), into: &b)
            #expect(a == b, "N = \(size), \(count) values")
        }
    }

    /// Missing bins are zero and an empty imaginary array means zero imaginary parts: the same
    /// output, bit for bit, as the arrays written out in full (which take another path).
    @Test(arguments: [16, 17, 200, 74])
    func inverseTreatsMissingBinsAsZero(size: Int) {
        var random = SplitMix64(seed: UInt64(size))
        let bins = size / 2 + 1
        let real = (0..<bins).map { _ in random.symmetric() }
        var fft = RealFFT(size: size, backend: .swift)
        var implicit: [Double] = [], explicit: [Double] = []
        fft.inverse(real: real, imaginary: [], into: &implicit)
        fft.inverse(real: real, imaginary: [Double](repeating: 0, count: bins), into: &explicit)
        #expect(implicit == explicit)
        let short = Array(real.prefix(5))
        fft.inverse(real: short, imaginary: [], into: &implicit)
        fft.inverse(real: short + [Double](repeating: 0, count: bins - 5), imaginary: [Double](repeating: 0, count: bins), into: &explicit)
        #expect(implicit == explicit)
    }

    /// A transform of input no longer than half its size skips the zero upper half in its first
    /// pass: the same spectrum (to rounding) as the input zero-padded in full by the caller, which
    /// takes the general pass only when the input is longer.
    @Test(arguments: [200, 500, 512, 2 * 250 + 2])
    func halfLengthInputMatchesTheDefinition(size: Int) {
        var random = SplitMix64(seed: UInt64(size) &+ 3)
        for count in [size / 2, size / 2 - 3] {
            let input = (0..<count).map { _ in random.symmetric() }
            var fft = RealFFT(size: size, backend: .swift)
            var real: [Double] = [], imaginary: [Double] = []
            fft.transform(input, real: &real, imaginary: &imaginary)
            let padded = input + [Double](repeating: 0, count: size - count)
            let definition = ReferenceFFT.dft(padded, [Double](repeating: 0, count: size))
            let bins = size / 2 + 1
            let expectedReal = Array(definition.real[0..<bins]), expectedImaginary = Array(definition.imaginary[0..<bins])
            let tolerance = 1e-12 * Self.scale(expectedReal, expectedImaginary)
            #expect(maximumDifference(real, expectedReal) <= tolerance, "N = \(size), \(count) values")
            #expect(maximumDifference(imaginary, expectedImaginary) <= tolerance, "N = \(size), \(count) values")
        }
    }

    @Test func factorisationPrefersEvenRadicesAndFallsBackToBluestein() {
        #expect(ComplexFFTPlan.radices(of: 1) == [])
        #expect(ComplexFFTPlan.radices(of: 50) == [2, 5, 5])
        #expect(ComplexFFTPlan.radices(of: 100) == [4, 5, 5])
        #expect(ComplexFFTPlan.radices(of: 96) == [4, 4, 2, 3])
        #expect(ComplexFFTPlan.radices(of: 2 * 29 * 31) == [2, 29, 31])
        #expect(ComplexFFTPlan.radices(of: 37) == nil)
        #expect(ComplexFFTPlan.radices(of: 2 * 5987) == nil)
        #expect(BluesteinFFT.smoothLength(atLeast: 73) == 75)
        #expect(BluesteinFFT.smoothLength(atLeast: 11_973) == 12_000)
        #expect(BluesteinFFT.smoothLength(atLeast: 1) == 1)
    }

    @Test func defaultBackendIsFFTWExactlyWhereItIsBuilt() {
        #expect(RealFFT.Backend.swift.isAvailable)
        #expect(RealFFT(size: 16).backend == RealFFT.Backend.default)
        #expect(RealFFT(size: 16, backend: .swift).backend == .swift)
        #if LOCOMOTION_FFTW
        #expect(RealFFT.Backend.default == .fftw)
        #expect(RealFFT.Backend.available == [.fftw, .swift])
        #else
        #expect(RealFFT.Backend.default == .swift)
        #expect(RealFFT.Backend.available == [.swift])
        #endif
    }

    /// The fused autocorrelation (unpack, square and pack for the inverse in one pass) is the same
    /// arithmetic as its three steps, bit for bit: the default window (100 samples into 200 points),
    /// an odd size and a Bluestein size (2 × 37).
    @Test(arguments: [200, 201, 74])
    func autocorrelationEqualsTransformSquareInverse(size: Int) {
        var random = SeededSignal(seed: UInt64(size))
        let window = random.values(count: size / 2)
        var fft = RealFFT(size: size, backend: .swift)
        var correlation: [Double] = [], real: [Double] = [], imaginary: [Double] = [], stepwise: [Double] = []
        fft.autocorrelation(of: window, into: &correlation)
        fft.transform(window, real: &real, imaginary: &imaginary)
        let power = zip(real, imaginary).map { $0 * $0 + $1 * $1 }
        fft.inverse(real: power, imaginary: [Double](repeating: 0, count: power.count), into: &stepwise)
        #expect(correlation == stepwise)
    }
}

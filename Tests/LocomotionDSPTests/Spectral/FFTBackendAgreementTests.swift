#if LOCOMOTION_FFTW
import CFFTW
import PropertyBased
import Testing
@testable import LocomotionDSP
import LocomotionTestSupport

/// The Swift FFT against FFTW, compiled only where FFTW is (the `FFTW` trait on Linux): the spectra
/// the window features use — the transform of N points zero-padded to 2N and the inverse of its
/// squared magnitudes — and the public API's power spectrum and autocorrelation agree to 1e-12 of
/// their largest value at the window sizes the activity
/// classifier's parameter ranges allow (windowDuration 1…30 s × sampleRate 5…200 Hz, at least 8
/// samples: N = 8…6 000), and the complex spectrum, inverse and autocorrelation agree on random sizes
/// and inputs. Here (a debug build) every N up to 160 and random N above; every one of the 5 993
/// sizes is checked by `Scripts/ci/check-fft-agreement.sh` (optimised, run by `make test`).
@Suite struct FFTBackendAgreementTests {
    /// Largest |difference| relative to the largest |reference| value.
    static func relativeError(_ values: [Double], _ reference: [Double]) -> Double {
        let scale = reference.map(abs).max() ?? 0
        return scale > 0 ? maximumDifference(values, reference) / scale : maximumDifference(values, reference)
    }

    /// FFTW's r2c of `input` (zero-padded to `size`) run directly — not through `RealFFT` — on a
    /// plan made and destroyed here, so that thousands of sizes leave no plans behind. FFTW's
    /// planner is not thread-safe: planning and destroying hold the lock `RealFFT`'s plan cache plans under.
    static func fftwSpectrum(_ input: [Double], size: Int) -> (real: [Double], imaginary: [Double]) {
        let bins = size / 2 + 1
        let signal = fftw_alloc_real(size)!, spectrum = fftw_alloc_complex(bins)!
        defer { fftw_free(signal); fftw_free(spectrum) }
        let plan = FFTWPlanCache.shared.withPlannerLock { fftw_plan_dft_r2c_1d(Int32(size), signal, spectrum, 1 << 6)! }  // FFTW_ESTIMATE
        defer { FFTWPlanCache.shared.withPlannerLock { fftw_destroy_plan(plan) } }
        for n in 0..<size { signal[n] = n < input.count ? input[n] : 0 }
        fftw_execute(plan)
        return ((0..<bins).map { spectrum[$0].0 }, (0..<bins).map { spectrum[$0].1 })
    }

    /// FFTW's c2r of the real spectrum `bins` (zero imaginary parts), divided by `size`.
    static func fftwInverse(_ bins: [Double], size: Int) -> [Double] {
        let signal = fftw_alloc_real(size)!, spectrum = fftw_alloc_complex(size / 2 + 1)!
        defer { fftw_free(signal); fftw_free(spectrum) }
        let plan = FFTWPlanCache.shared.withPlannerLock { fftw_plan_dft_c2r_1d(Int32(size), spectrum, signal, 1 << 6)! }
        defer { FFTWPlanCache.shared.withPlannerLock { fftw_destroy_plan(plan) } }
        for k in 0...(size / 2) { spectrum[k] = (bins[k], 0) }
        fftw_execute(plan)
        return (0..<size).map { signal[$0] / Double(size) }
    }

    /// `IFFT(|FFT(x)|²)/size` by FFTW directly (r2c, square, c2r), the autocorrelation `RealFFT` computes.
    static func fftwAutocorrelation(_ input: [Double], size: Int) -> [Double] {
        let bins = size / 2 + 1
        let signal = fftw_alloc_real(size)!, spectrum = fftw_alloc_complex(bins)!
        defer { fftw_free(signal); fftw_free(spectrum) }
        let (forward, inverse) = FFTWPlanCache.shared.withPlannerLock {
            (fftw_plan_dft_r2c_1d(Int32(size), signal, spectrum, 1 << 6)!, fftw_plan_dft_c2r_1d(Int32(size), spectrum, signal, 1 << 6)!)
        }
        defer { FFTWPlanCache.shared.withPlannerLock { fftw_destroy_plan(forward); fftw_destroy_plan(inverse) } }
        for n in 0..<size { signal[n] = n < input.count ? input[n] : 0 }
        fftw_execute(forward)
        for k in 0..<bins { spectrum[k] = (spectrum[k].0 * spectrum[k].0 + spectrum[k].1 * spectrum[k].1, 0) }
        fftw_execute(inverse)
        return (0..<size).map { signal[$0] / Double(size) }
    }

    /// A centred walking-like window through what `FeatureExtractor` does — the transform of its N
    /// samples zero-padded to 2N, then the inverse at 2N of the squared magnitudes with zero imaginary
    /// parts — and through the public API's power spectrum at N and autocorrelation at 2N: Swift FFT
    /// against FFTW.
    static func checkWindow(size windowSize: Int, seed: UInt64) {
        var signal = SeededSignal(seed: seed)
        let raw = signal.values(count: windowSize)
        let mean = raw.reduce(0, +) / Double(windowSize)
        let window = raw.map { $0 - mean }
        let doubled = 2 * windowSize
        var padded = RealFFT(size: doubled, backend: .swift)
        var real: [Double] = [], imaginary: [Double] = [], inverse: [Double] = []
        padded.transform(window, real: &real, imaginary: &imaginary)
        let reference = fftwSpectrum(window, size: doubled)
        let magnitude = zip(reference.real, reference.imaginary).map { ($0 * $0 + $1 * $1).squareRoot() }.max() ?? 0
        #expect(maximumDifference(real, reference.real) <= 1e-12 * magnitude, "transform, 2N = \(doubled)")
        #expect(maximumDifference(imaginary, reference.imaginary) <= 1e-12 * magnitude, "transform, 2N = \(doubled)")
        let squared = zip(real, imaginary).map { $0 * $0 + $1 * $1 }
        padded.inverse(real: squared, imaginary: [], into: &inverse)
        #expect(relativeError(inverse, fftwInverse(squared, size: doubled)) <= 1e-12, "inverse, 2N = \(doubled)")

        var spectrumFFT = RealFFT(size: windowSize, backend: .swift)
        var power: [Double] = [], correlation: [Double] = []
        spectrumFFT.powerSpectrum(window, into: &power)
        padded.autocorrelation(of: window, into: &correlation)
        let windowSpectrum = fftwSpectrum(window, size: windowSize)
        let referencePower = zip(windowSpectrum.real, windowSpectrum.imaginary).map { $0 * $0 + $1 * $1 }
        #expect(relativeError(power, referencePower) <= 1e-12, "power spectrum, N = \(windowSize)")
        #expect(relativeError(correlation, fftwAutocorrelation(window, size: doubled)) <= 1e-12,
                "autocorrelation, 2N = \(doubled)")
    }

    @Test func everySmallWindowSizeAgreesWithFFTW() {
        for windowSize in 8...160 { Self.checkWindow(size: windowSize, seed: UInt64(windowSize)) }
    }

    @Test func randomWindowSizesAgreeWithFFTW() async {
        await propertyCheck(count: 10, input: Gen.uint64(), Gen.int(in: 161...6000)) { seed, windowSize in
            Self.checkWindow(size: windowSize, seed: seed)
        }
    }

    /// Random sizes 2…13 000 and random inputs (including short, zero-padded ones): the complex
    /// spectrum, the inverse and the autocorrelation of both backends through `RealFFT`.
    @Test func randomSizesAndInputsAgree() async {
        await propertyCheck(count: 12, input: Gen.uint64(), Gen.int(in: 2...13_000)) { seed, size in
            var random = SeededSignal(seed: seed)
            let count = random.integer(in: 0...size)
            let input = (0..<count).map { _ in random.uniform(in: -4...4) }
            var swift = RealFFT(size: size, backend: .swift), fftw = RealFFT(size: size, backend: .fftw)
            var swiftReal: [Double] = [], swiftImaginary: [Double] = [], fftwReal: [Double] = [], fftwImaginary: [Double] = []
            swift.transform(input, real: &swiftReal, imaginary: &swiftImaginary)
            fftw.transform(input, real: &fftwReal, imaginary: &fftwImaginary)
            let magnitude = zip(fftwReal, fftwImaginary).map { ($0 * $0 + $1 * $1).squareRoot() }.max() ?? 0
            let tolerance = 1e-12 * max(magnitude, .leastNormalMagnitude)
            #expect(maximumDifference(swiftReal, fftwReal) <= tolerance, "N = \(size), \(count) values")
            #expect(maximumDifference(swiftImaginary, fftwImaginary) <= tolerance, "N = \(size), \(count) values")

            var swiftSignal: [Double] = [], fftwSignal: [Double] = []
            swift.inverse(real: fftwReal, imaginary: fftwImaginary, into: &swiftSignal)
            fftw.inverse(real: fftwReal, imaginary: fftwImaginary, into: &fftwSignal)
            #expect(Self.relativeError(swiftSignal, fftwSignal) <= 1e-12, "inverse, N = \(size)")

            var swiftCorrelation: [Double] = [], fftwCorrelation: [Double] = []
            swift.autocorrelation(of: input, into: &swiftCorrelation)
            fftw.autocorrelation(of: input, into: &fftwCorrelation)
            #expect(Self.relativeError(swiftCorrelation, fftwCorrelation) <= 1e-12, "autocorrelation, N = \(size)")
        }
    }

    /// FFTW's inverse packs the bins it is given and zeros for the missing ones (an empty imaginary array: all
    /// zero), each part on its own: the same output, bit for bit, as the arrays written out in full.
    @Test(arguments: [16, 17, 200, 74])
    func fftwInverseTreatsMissingBinsAsZero(size: Int) {
        var random = SplitMix64(seed: UInt64(size) &+ 99)
        let bins = size / 2 + 1
        let real = (0..<bins).map { _ in random.symmetric() }, imaginary = (0..<bins).map { _ in random.symmetric() }
        let zeros = [Double](repeating: 0, count: bins)
        var fft = RealFFT(size: size, backend: .fftw)
        var implicit: [Double] = [], explicit: [Double] = []
        fft.inverse(real: real, imaginary: [], into: &implicit)
        fft.inverse(real: real, imaginary: zeros, into: &explicit)
        #expect(implicit == explicit)
        let short = Array(real.prefix(5)), shortImaginary = Array(imaginary.prefix(3))
        fft.inverse(real: short, imaginary: shortImaginary, into: &implicit)
        fft.inverse(real: short + zeros.prefix(bins - 5), imaginary: shortImaginary + zeros.prefix(bins - 3),
                    into: &explicit)
        #expect(implicit == explicit)
        #expect(implicit.contains { $0 != 0 })
    }
}
#endif

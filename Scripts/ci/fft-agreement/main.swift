// The exhaustive Swift-FFT-against-FFTW check run by Scripts/ci/check-fft-agreement.sh (and `make test`):
// compiled optimised together with Sources/LocomotionDSP/Spectral, because in a debug test build the
// sweep over all 5 993 window sizes would take many minutes. The test suite samples the same sweep
// (Tests/LocomotionDSPTests/Spectral/FFTBackendAgreementTests.swift).
import CFFTW
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SplitMix64 in [−1, 1).
struct Random {
    var state: UInt64
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 52) - 1
    }
}

/// Largest |a − b| over the largest |b|.
func relativeError(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, count: Int) -> Double {
    var difference = 0.0, scale = 0.0
    for index in 0..<count {
        difference = max(difference, abs(a[index] - b[index]))
        scale = max(scale, abs(b[index]))
    }
    return scale > 0 ? difference / scale : difference
}

let windowSizes = 8...6000
let tolerance = 1e-12
var random = Random(state: 2024)
/// The worst relative error of each comparison and the size where it occurred.
var worst: [String: (error: Double, size: Int)] = [:]
var failures = 0
func record(_ name: String, _ error: Double, size: Int) {
    if error > worst[name, default: (0, 0)].error { worst[name] = (error, size) }
    if error > tolerance {
        failures += 1
        print("\(name), \(size) points: relative error \(error) > \(tolerance)")
    }
}

for windowSize in windowSizes {
    let correlationSize = 2 * windowSize
    // A centred window: noise around a 1–3 Hz oscillation at 50 Hz, as |a| minus its mean looks.
    let frequency = 2 + random.next(), amplitude = 1 + random.next()
    var window = [Double](repeating: 0, count: windowSize)
    for n in 0..<windowSize {
        let phase = 2 * Double.pi * frequency * Double(n) / 50
        window[n] = amplitude * sin(phase) + 0.1 * random.next()
    }
    let mean = window.reduce(0, +) / Double(windowSize)
    window = window.map { $0 - mean }

    // The Swift FFT. FeatureExtractor's calls: the transform of the window zero-padded to 2N, and the
    // inverse at 2N of its squared magnitudes with zero imaginary parts. Then the public API's power
    // spectrum at N and fused autocorrelation at 2N.
    var padded = RealFFT(size: correlationSize, backend: .swift)
    var spectrumFFT = RealFFT(size: windowSize, backend: .swift)
    var real: [Double] = [], imaginary: [Double] = [], inverse: [Double] = [], power: [Double] = [], correlation: [Double] = []
    padded.transform(window, real: &real, imaginary: &imaginary)
    let squared = zip(real, imaginary).map { $0 * $0 + $1 * $1 }
    padded.inverse(real: squared, imaginary: [], into: &inverse)
    spectrumFFT.powerSpectrum(window, into: &power)
    padded.autocorrelation(of: window, into: &correlation)

    // FFTW directly, on plans made and destroyed here (FFTW_ESTIMATE, as RealFFT's FFTW backend).
    let bins = windowSize / 2 + 1, correlationBins = windowSize + 1
    let signal = fftw_alloc_real(correlationSize)!, spectrum = fftw_alloc_complex(correlationBins)!
    let r2c = fftw_plan_dft_r2c_1d(Int32(windowSize), signal, spectrum, 1 << 6)!
    let r2c2 = fftw_plan_dft_r2c_1d(Int32(correlationSize), signal, spectrum, 1 << 6)!
    let c2r2 = fftw_plan_dft_c2r_1d(Int32(correlationSize), spectrum, signal, 1 << 6)!
    for n in 0..<windowSize { signal[n] = window[n] }
    fftw_execute(r2c)
    let referencePower = (0..<bins).map { spectrum[$0].0 * spectrum[$0].0 + spectrum[$0].1 * spectrum[$0].1 }
    for n in 0..<correlationSize { signal[n] = n < windowSize ? window[n] : 0 }
    fftw_execute(r2c2)
    let referenceReal = (0..<correlationBins).map { spectrum[$0].0 }, referenceImaginary = (0..<correlationBins).map { spectrum[$0].1 }
    let magnitude = zip(referenceReal, referenceImaginary).map { ($0 * $0 + $1 * $1).squareRoot() }.max() ?? 0
    for k in 0..<correlationBins { spectrum[k] = (spectrum[k].0 * spectrum[k].0 + spectrum[k].1 * spectrum[k].1, 0) }
    fftw_execute(c2r2)
    let referenceCorrelation = (0..<correlationSize).map { signal[$0] / Double(correlationSize) }
    // The inverse of the Swift FFT's own squared spectrum, so that the comparison is of the inverse alone.
    for k in 0..<correlationBins { spectrum[k] = (squared[k], 0) }
    fftw_execute(c2r2)
    let referenceInverse = (0..<correlationSize).map { signal[$0] / Double(correlationSize) }
    fftw_destroy_plan(r2c)
    fftw_destroy_plan(r2c2)
    fftw_destroy_plan(c2r2)
    fftw_free(signal)
    fftw_free(spectrum)

    var spectrumError = 0.0
    for k in 0..<correlationBins {
        spectrumError = max(spectrumError, abs(real[k] - referenceReal[k]), abs(imaginary[k] - referenceImaginary[k]))
    }
    record("transform (N values at 2N)", magnitude > 0 ? spectrumError / magnitude : spectrumError, size: correlationSize)
    record("inverse at 2N", relativeError(inverse, referenceInverse, count: correlationSize), size: correlationSize)
    record("power spectrum at N", relativeError(power, referencePower, count: bins), size: windowSize)
    record("autocorrelation at 2N", relativeError(correlation, referenceCorrelation, count: correlationSize), size: correlationSize)
}
print("Swift FFT vs FFTW, window sizes \(windowSizes.lowerBound)…\(windowSizes.upperBound), worst relative error (largest |difference| / largest |FFTW value|):")
for (name, result) in worst.sorted(by: { $0.key < $1.key }) {
    print("  \(name): \(result.error) at \(result.size) points")
}
if failures > 0 {
    print("error: \(failures) comparisons differ by more than \(tolerance)")
    exit(1)
}

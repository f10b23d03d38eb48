#if canImport(CFFTW)
import CFFTW
#endif
import LocomotionDSP

/// ns/transform of `RealFFT` with each backend on the sizes the library uses, and of `RealFFT`
/// against FFTW executed directly on a plan of the same size and flags.
enum RealFFTFigures {
    /// Window sizes N (the power spectrum) whose autocorrelation runs at 2N: 100 = the activity
    /// classifier's default window (20 Hz × 5 s), 256 = 50 Hz × 5.12 s (the DSP snippet),
    /// 250 = 50 Hz × 5 s, 1 000 = 200 Hz × 5 s, 6 000 = the largest the parameter ranges allow
    /// (200 Hz × 30 s), 101 = an odd prime (Bluestein in the Swift FFT; FFTW_ESTIMATE is slow there too).
    static let windowSizes = [100, 256, 250, 1000, 6000, 101]

    static func run() {
        backendFigures()
        rawFigures()
    }

    /// Both backends through the same public calls, timed interleaved in the same rounds. What
    /// `FeatureExtractor` does per window: `transform` of the N centred samples zero-padded to 2N, then
    /// `inverse` at 2N of the squared magnitudes with zero imaginary parts (its autocorrelation); and,
    /// for callers of the public API, `powerSpectrum` of N points and `autocorrelation` at 2N.
    static func backendFigures() {
        let backends = RealFFT.Backend.available
        for windowSize in windowSizes {
            let doubled = 2 * windowSize
            let window = (0..<windowSize).map { Double(($0 * 37) % 101) / 101 - 0.5 }
            let transforms = max(1, 8000 / windowSize)  // ≈ 10–40 µs per round
            var spectra = backends.map { RealFFT(size: windowSize, backend: $0) }
            var padded = backends.map { RealFFT(size: doubled, backend: $0) }
            var real = [Double](repeating: 0, count: windowSize + 1), imaginary = real
            padded[0].transform(window, real: &real, imaginary: &imaginary)
            let squared = zip(real, imaginary).map { $0 * $0 + $1 * $1 }
            var power = [Double](repeating: 0, count: windowSize / 2 + 1)
            var signal = [Double](repeating: 0, count: doubled), correlation = signal
            var bodies: [() -> Void] = []
            for index in backends.indices {
                bodies.append { for _ in 0..<transforms { padded[index].transform(window, real: &real, imaginary: &imaginary) } }
                bodies.append { for _ in 0..<transforms { padded[index].inverse(real: squared, imaginary: [], into: &signal) } }
                bodies.append { for _ in 0..<transforms { spectra[index].powerSpectrum(window, into: &power) } }
                bodies.append { for _ in 0..<transforms { padded[index].autocorrelation(of: window, into: &correlation) } }
            }
            let rounds = windowSize >= 1000 ? 400 : 1500
            let figures = fastestNanoseconds(rounds: rounds, bodies).map { $0 / Double(transforms) }
            blackHole(real[1]); blackHole(signal[1]); blackHole(power[1]); blackHole(correlation[1])
            for (index, backend) in backends.enumerated() {
                let name = backend.rawValue, call = "RealFFT(size: \(doubled), backend: .\(name))"
                report("fft\(doubled)_transform_\(name)", figures[4 * index], unit: "ns/transform",
                       note: "\(call).transform of \(windowSize) values (FeatureExtractor's forward)")
                report("fft\(doubled)_inverse_\(name)", figures[4 * index + 1], unit: "ns/transform",
                       note: "\(call).inverse, zero imaginary parts (FeatureExtractor's inverse)")
                report("fft\(windowSize)_power_\(name)", figures[4 * index + 2], unit: "ns/transform",
                       note: "RealFFT(size: \(windowSize), backend: .\(name)).powerSpectrum")
                report("fft\(doubled)_autocorrelation_\(name)", figures[4 * index + 3], unit: "ns/transform",
                       note: "\(call).autocorrelation of \(windowSize) values")
            }
        }
    }

    /// `RealFFT`'s wrapper cost: 256 points against FFTW run directly (FFTW builds only).
    static func rawFigures() {
        #if canImport(CFFTW)
        let size = 256
        let input = (0..<size).map { Double(($0 * 37) % 101) / 101 - 0.5 }
        let bins = size / 2 + 1

        var fft = RealFFT(size: size, backend: .fftw)
        var power = [Double](repeating: 0, count: bins)
        var real = power, imaginary = power

        // Raw FFTW: same size and flags (FFTW_ESTIMATE), buffers from fftw_alloc, no Swift wrapper.
        let signal = fftw_alloc_real(size)!, output = fftw_alloc_complex(bins)!
        defer { fftw_free(signal); fftw_free(output) }
        let plan = fftw_plan_dft_r2c_1d(Int32(size), signal, output, 1 << 6)!
        defer { fftw_destroy_plan(plan) }
        // For reference only: the plan FFTW_MEASURE picks by timing trial runs. RealFFT does not use
        // it: FFTW_ESTIMATE plans are the same on every run, so outputs are reproducible bit for bit.
        let measuredSignal = fftw_alloc_real(size)!, measuredOutput = fftw_alloc_complex(bins)!
        defer { fftw_free(measuredSignal); fftw_free(measuredOutput) }
        let measured = fftw_plan_dft_r2c_1d(Int32(size), measuredSignal, measuredOutput, 0)!
        defer { fftw_destroy_plan(measured) }
        for i in 0..<size { signal[i] = input[i]; measuredSignal[i] = input[i] }
        let rawPower = UnsafeMutablePointer<Double>.allocate(capacity: bins)
        defer { rawPower.deallocate() }
        let transforms = 32

        let figures = fastestNanoseconds(rounds: 2000, [
            { for _ in 0..<transforms { fft.powerSpectrum(input, into: &power) } },
            { for _ in 0..<transforms { fft.transform(input, real: &real, imaginary: &imaginary) } },
            { for _ in 0..<transforms { fftw_execute_dft_r2c(plan, signal, output) } },
            {
                for _ in 0..<transforms {
                    input.withUnsafeBufferPointer { signal.update(from: $0.baseAddress!, count: size) }
                    fftw_execute_dft_r2c(plan, signal, output)
                    for k in 0..<bins { rawPower[k] = output[k].0 * output[k].0 + output[k].1 * output[k].1 }
                }
            },
            { for _ in 0..<transforms { fftw_execute_dft_r2c(measured, measuredSignal, measuredOutput) } },
        ])
        blackHole(power[3]); blackHole(real[3]); blackHole(output[3].0); blackHole(rawPower[3])
        let perTransform = figures.map { $0 / Double(transforms) }
        report("fft256_power", perTransform[0], unit: "ns/transform", note: "RealFFT(backend: .fftw).powerSpectrum: copy in, r2c, |X|² out")
        report("fft256_transform", perTransform[1], unit: "ns/transform", note: "RealFFT(backend: .fftw).transform: copy in, r2c, re/im out")
        report("fft256_raw_fftw", perTransform[2], unit: "ns/transform", note: "fftw_execute_dft_r2c alone, FFTW_ESTIMATE plan")
        report("fft256_raw_fftw_power", perTransform[3], unit: "ns/transform", note: "raw C-style: memcpy in, fftw_execute, |X|² out")
        report("fft256_raw_fftw_measure", perTransform[4], unit: "ns/transform", note: "fftw_execute_dft_r2c alone, FFTW_MEASURE plan (reference)")
        #endif
    }
}

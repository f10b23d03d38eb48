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

    /// Both backends through the same public calls, timed interleaved in the same rounds: the power
    /// spectrum of N points (as `FeatureExtractor` computes it) and the autocorrelation of N points at
    /// 2N (`IFFT(|FFT|²)`); for 2N also the power spectrum alone, so that both sizes of each pair have
    /// a forward figure.
    static func backendFigures() {
        let backends = RealFFT.Backend.available
        for windowSize in windowSizes {
            let window = (0..<windowSize).map { Double(($0 * 37) % 101) / 101 - 0.5 }
            let transforms = max(1, 8000 / windowSize)  // ≈ 10–40 µs per round
            var spectra = backends.map { RealFFT(size: windowSize, backend: $0) }
            var doubled = backends.map { RealFFT(size: 2 * windowSize, backend: $0) }
            var power = [Double](repeating: 0, count: windowSize / 2 + 1)
            var doubledPower = [Double](repeating: 0, count: windowSize + 1)
            var correlation = [Double](repeating: 0, count: 2 * windowSize)
            var bodies: [() -> Void] = []
            for index in backends.indices {
                bodies.append { for _ in 0..<transforms { spectra[index].powerSpectrum(window, into: &power) } }
                bodies.append { for _ in 0..<transforms { doubled[index].powerSpectrum(window, into: &doubledPower) } }
                bodies.append { for _ in 0..<transforms { doubled[index].autocorrelation(of: window, into: &correlation) } }
            }
            let rounds = windowSize >= 1000 ? 400 : 1500
            let figures = fastestNanoseconds(rounds: rounds, bodies).map { $0 / Double(transforms) }
            blackHole(power[1]); blackHole(doubledPower[1]); blackHole(correlation[1])
            for (index, backend) in backends.enumerated() {
                let name = backend.rawValue
                report("fft\(windowSize)_power_\(name)", figures[3 * index], unit: "ns/transform",
                       note: "RealFFT(size: \(windowSize), backend: .\(name)).powerSpectrum")
                report("fft\(2 * windowSize)_power_\(name)", figures[3 * index + 1], unit: "ns/transform",
                       note: "RealFFT(size: \(2 * windowSize), backend: .\(name)).powerSpectrum of \(windowSize) values")
                report("fft\(2 * windowSize)_autocorrelation_\(name)", figures[3 * index + 2], unit: "ns/transform",
                       note: "RealFFT(size: \(2 * windowSize), backend: .\(name)).autocorrelation of \(windowSize) values")
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

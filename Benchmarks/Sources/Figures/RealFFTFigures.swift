import CFFTW
import LocomotionDSP

/// ns/transform of `RealFFT` against FFTW executed directly on a plan of the same size and flags.
enum RealFFTFigures {
    static let size = 256
    /// Transforms per timed round (≈ 10–20 µs).
    static let transforms = 32

    static func run() {
        let input = (0..<size).map { Double(($0 * 37) % 101) / 101 - 0.5 }
        let bins = size / 2 + 1

        var fft = RealFFT(size: size)
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
        report("fft256_power", perTransform[0], unit: "ns/transform", note: "RealFFT.powerSpectrum: copy in, r2c, |X|² out")
        report("fft256_transform", perTransform[1], unit: "ns/transform", note: "RealFFT.transform: copy in, r2c, re/im out")
        report("fft256_raw_fftw", perTransform[2], unit: "ns/transform", note: "fftw_execute_dft_r2c alone, FFTW_ESTIMATE plan")
        report("fft256_raw_fftw_power", perTransform[3], unit: "ns/transform", note: "raw C-style: memcpy in, fftw_execute, |X|² out")
        report("fft256_raw_fftw_measure", perTransform[4], unit: "ns/transform", note: "fftw_execute_dft_r2c alone, FFTW_MEASURE plan (reference)")
    }
}

import Benchmark
import LocomotionDSP

/// package-benchmark suite for the DSP core. Each iteration is one unit of work stated in the name;
/// wall-clock and malloc counts per iteration are reported
/// (run: `swift package --package-path Benchmarks --disable-sandbox benchmark --target DSP`).
/// Set-up and one warm-up call happen before `startMeasurement()`, so the malloc counts show the
/// steady state (the DSP core allocates nothing per sample or per transform).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2))

    let samples = 4096
    let signal = (0..<samples).map { Double(($0 * 37) % 101) / 101 - 0.5 }

    Benchmark("SOSFilter 4th-order low-pass (2 sections), 4096 samples in place") { benchmark in
        var filter = SOSFilter(sections: Butterworth.lowPass(order: 4, cutoff: 3, sampleRate: 50))
        var buffer = signal
        filter.process(&buffer)  // warm-up; also gives `buffer` its own storage
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            filter.process(&buffer)
            blackHole(buffer[samples - 1])
        }
    }

    Benchmark("SOSFilter 4th-order low-pass (2 sections), 4096 samples one at a time") { benchmark in
        var filter = SOSFilter(sections: Butterworth.lowPass(order: 4, cutoff: 3, sampleRate: 50))
        _ = filter.process(0)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var last = 0.0
            for x in signal { last = filter.process(x) }
            blackHole(last)
        }
    }

    Benchmark("RealFFT 256-point power spectrum") { benchmark in
        var fft = RealFFT(size: 256)
        let input = Array(signal[0..<256])
        var power = [Double](repeating: 0, count: 129)
        fft.powerSpectrum(input, into: &power)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            fft.powerSpectrum(input, into: &power)
            blackHole(power[1])
        }
    }

    // Both FFT backends this build has (FFTW only on Linux with the default traits), on the calls
    // FeatureExtractor makes per window at the default 20 Hz × 5 s: 100 samples transformed at 200 points,
    // and the inverse at 200 points.
    for backend in RealFFT.Backend.available {
        Benchmark("RealFFT 200-point transform of 100 values + inverse, \(backend) backend") { benchmark in
            var fft = RealFFT(size: 200, backend: backend)
            let input = Array(signal[0..<100])
            var real = [Double](repeating: 0, count: 101), imaginary = real, output = [Double](repeating: 0, count: 200)
            fft.transform(input, real: &real, imaginary: &imaginary)
            let squared = zip(real, imaginary).map { $0 * $0 + $1 * $1 }
            fft.inverse(real: squared, imaginary: [], into: &output)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                fft.transform(input, real: &real, imaginary: &imaginary)
                fft.inverse(real: squared, imaginary: [], into: &output)
                blackHole(output[1])
            }
        }
    }

    // One allocation per window remains: the returned `bandPowers` array.
    Benchmark("FeatureExtractor 256-sample window") { benchmark in
        var extractor = FeatureExtractor(windowSize: 256, sampleRate: 50)
        let window = Array(signal[0..<256])
        blackHole(extractor.features(of: window))  // first call sizes the scratch buffers
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(extractor.features(of: window))
        }
    }
}

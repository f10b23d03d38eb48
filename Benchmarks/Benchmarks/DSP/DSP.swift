import Benchmark
import LocomotionDSP

/// package-benchmark suite for the DSP core. Each iteration is one unit of work stated in the name;
/// wall-clock and malloc counts per iteration are reported (run: `swift package benchmark`).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2))

    let samples = 4096
    let signal = (0..<samples).map { Double(($0 * 37) % 101) / 101 - 0.5 }

    Benchmark("SOSFilter 4th-order low-pass (2 sections), 4096 samples in place") { benchmark in
        var filter = SOSFilter(sections: Butterworth.lowPass(order: 4, cutoff: 3, sampleRate: 50))
        var buffer = signal
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            filter.process(&buffer)
            blackHole(buffer[samples - 1])
        }
    }

    Benchmark("SOSFilter 4th-order low-pass (2 sections), 4096 samples one at a time") { benchmark in
        var filter = SOSFilter(sections: Butterworth.lowPass(order: 4, cutoff: 3, sampleRate: 50))
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
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            fft.powerSpectrum(input, into: &power)
            blackHole(power[1])
        }
    }

    Benchmark("FeatureExtractor 256-sample window") { benchmark in
        var extractor = FeatureExtractor(windowSize: 256, sampleRate: 50)
        let window = Array(signal[0..<256])
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(extractor.features(of: window))
        }
    }
}

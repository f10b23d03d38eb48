import LocomotionDSP

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(ucrt)
import ucrt
#elseif canImport(WASILibc)
import WASILibc
#endif

/// Resamples the input to the classifier's fixed rate (`Resampler`), keeps the last window of |a| and of each
/// axis (`SlidingWindow`) and computes `ActivityFeatures` every hop (`FeatureExtractor`). Gaps, backwards time
/// and non-finite samples end the run (the `Resampler`'s rules).
///
/// All buffers are allocated in `init`; pushing a sample allocates nothing. `Codable` (the classifier's snapshot).
struct ActivityFeatureStage: Sendable, Codable {
    enum Event: Sendable {
        /// A window ended: its features, and the time span it covered.
        case window(ActivityFeatures, start: Double, end: Double)
        /// Nothing was interpolated between these times.
        case gap(from: Double, to: Double)
    }

    private let maximumGap: Double
    private let sparseInputMaximumGap: Double
    private let sparseInputRate: Double
    // The resampler and the window state are separate stored properties so that `push` can hand both to the
    // resampler's (inlined) callback as disjoint `inout` arguments: nothing is copied per sample.
    private var resampler: Resampler
    private var windows: Windows
    /// Running average of the input sampling interval (s) within runs, and the time of the last input sample.
    private var averageInterval: Double?
    private var lastInputTime: Double?

    init(configuration c: ActivityClassifier.Configuration) {
        maximumGap = c.maximumGap
        sparseInputMaximumGap = max(c.maximumGap, c.sparseInputMaximumGap)
        sparseInputRate = c.rhythmMinimumInputRate
        // The resampler bridges the longer, sparse-phone limit; `push` cuts at `maximumGap` for other phones.
        resampler = Resampler(rate: c.sampleRate, maxGap: sparseInputMaximumGap)
        windows = Windows(configuration: c)
    }

    /// How far (s) before the latest input sample the evidence of a window not yet completed can begin: every
    /// resampled time up to the latest sample has been windowed, so a later window ends after it and starts at most
    /// `(n − 1)/rate` before it; its decision stands from its centre hop (or, first in a run, from its start).
    var windowReach: Double {
        let span = Double(windows.windowCount - 1) / windows.rate
        return max(span, span / 2 + windows.hopDuration / 2)
    }

    /// Pushes one sample (time s, acceleration g); calls `emit` for every window completed and every gap.
    mutating func push(_ sample: AccelerometerSample, emit: (Event) -> Void) {
        if let last = lastInputTime, sample.time.isFinite, sample.acceleration.isFinite {
            let step = sample.time - last
            // A silence longer than `maximumGap` is a gap, unless the phone is a sparse logger (its usual
            // interval says it delivers fewer than `rhythmMinimumInputRate` samples/s) and the silence is
            // within `sparseInputMaximumGap`: such phones drop out for 1–3 s all the time.
            let sparse = averageInterval.map { 1 / $0 < sparseInputRate } ?? false
            if step > maximumGap && step <= sparseInputMaximumGap && !sparse {
                resampler.reset()
                windows.reset()
                averageInterval = nil
                emit(.gap(from: last, to: sample.time))
            } else if step > 0 && step <= maximumGap {
                // Exponential average over ~20 intervals: follows a phone changing its rate within seconds.
                averageInterval = averageInterval.map { $0 + (step - $0) / 20 } ?? step
            }
        }
        Self.resample(sample, resampler: &resampler, windows: &windows, averageInterval: &averageInterval,
                      emit: emit)
        // Counted after the resampler so that a sample starting a new run (after a gap) belongs to that run.
        if sample.time.isFinite, sample.acceleration.isFinite {
            windows.inputMoments.add(sample.acceleration)
            lastInputTime = sample.time
        }
    }

    @inline(__always)
    private static func resample(_ sample: AccelerometerSample, resampler: inout Resampler, windows: inout Windows,
                                 averageInterval: inout Double?, emit: (Event) -> Void) {
        resampler.push(sample) { event in
            switch event {
            case let .gap(from, to):
                windows.reset()
                averageInterval = nil
                emit(.gap(from: from, to: to))
            case let .sample(resampled):
                if windows.append(resampled.acceleration) {
                    let start = resampled.time - Double(windows.windowCount - 1) / windows.rate
                    emit(.window(windows.features(), start: start, end: resampled.time))
                }
            }
        }
    }
}

extension ActivityFeatureStage {
    /// The resampled signal's windows (|a| and each axis), the input moments and the feature extractor.
    struct Windows: Sendable {
        let rate: Double
        let windowCount: Int
        var hopDuration: Double { Double(hop) / rate }
        private let strideToStepBoundary: Double
        private let hop: Int
        private let windowDuration: Double
        private var magnitude: SlidingWindow
        private var axes: (x: SlidingWindow, y: SlidingWindow, z: SlidingWindow)
        private var extractor: FeatureExtractor
        private var scratch: [Double]
        private var scratchAxes: (x: [Double], y: [Double], z: [Double])
        var inputMoments: ActivityInputMoments
        private var sinceHop = 0

        init(configuration c: ActivityClassifier.Configuration) {
            rate = c.sampleRate
            windowCount = max(8, Int((c.windowDuration * c.sampleRate).rounded()))
            let hop = max(1, Int((c.hopDuration * c.sampleRate).rounded()))
            self.hop = hop
            windowDuration = Double(windowCount) / c.sampleRate
            inputMoments = ActivityInputMoments(blockCount: Int((Double(windowCount) / Double(hop)).rounded()))
            strideToStepBoundary = c.strideToStepBoundary
            magnitude = SlidingWindow(size: windowCount, hop: hop)
            axes = (SlidingWindow(size: windowCount, hop: hop), SlidingWindow(size: windowCount, hop: hop),
                    SlidingWindow(size: windowCount, hop: hop))
            extractor = FeatureExtractor(windowSize: windowCount, sampleRate: c.sampleRate,
                                         bands: [0.5...3.0, 3.0...8.0], periodRange: 0.25...2.0, window: .hann)
            scratch = Array(repeating: 0, count: windowCount)
            scratchAxes = (scratch, scratch, scratch)
        }

        /// Empties the windows and the input moments (a gap).
        mutating func reset() {
            magnitude.reset()
            axes.x.reset()
            axes.y.reset()
            axes.z.reset()
            inputMoments.reset()
            sinceHop = 0
        }

        /// Appends one resampled acceleration (g); true when a window is due. O(1).
        @inline(__always)
        mutating func append(_ a: Vector3) -> Bool {
            _ = axes.x.append(a.x)
            _ = axes.y.append(a.y)
            _ = axes.z.append(a.z)
            sinceHop += 1
            if sinceHop == hop {
                inputMoments.closeHop()
                sinceHop = 0
            }
            return magnitude.append(a.magnitude)
        }

        /// Features of the current (full) window: O(n log n) in the window's sample count n.
        mutating func features() -> ActivityFeatures {
            magnitude.copyWindow(into: &scratch)
            let f = extractor.features(of: scratch)
            axes.x.copyWindow(into: &scratchAxes.x)
            axes.y.copyWindow(into: &scratchAxes.y)
            axes.z.copyWindow(into: &scratchAxes.z)

            // Gravity direction: the mean acceleration vector of the first and of the last second of the window.
            let n = windowCount
            let edge = max(1, min(n / 2, Int(rate.rounded())))
            var first = Vector3.zero
            var last = Vector3.zero
            for k in 0..<edge {
                first = first + Vector3(x: scratchAxes.x[k], y: scratchAxes.y[k], z: scratchAxes.z[k])
                let j = n - edge + k
                last = last + Vector3(x: scratchAxes.x[j], y: scratchAxes.y[j], z: scratchAxes.z[j])
            }
            let denominator = first.magnitude * last.magnitude
            let cosine = denominator > 0 ? min(1, max(-1, first.dot(last) / denominator)) : 1
            let tilt = acos(cosine) * 180 / Double.pi

            return ActivityFeatures(
                mean: f.mean,
                deviation: f.standardDeviation,
                dominantFrequency: f.dominantFrequency,
                dominantPower: f.dominantPower,
                spectralEntropy: f.spectralEntropy,
                lowBandPower: f.bandPowers[0],
                highBandPower: f.bandPowers[1],
                periodicity: f.autocorrelationLag > 0 ? f.autocorrelationPeak : -1,
                period: f.autocorrelationLag,
                tilt: tilt,
                stepFrequency: f.dominantFrequency >= strideToStepBoundary ? f.dominantFrequency : 2 * f.dominantFrequency,
                inputRate: Double(inputMoments.count) / windowDuration,
                inputDeviation: inputMoments.standardDeviation,
                inputWobble: inputMoments.wobble
            )
        }
    }
}

extension ActivityFeatureStage.Windows: Codable {
    private enum CodingKeys: String, CodingKey {
        case rate, windowCount, strideToStepBoundary, hop, windowDuration
        case magnitude, x, y, z, extractor, inputMoments, sinceHop
    }

    /// Decodes the windows; the scratch buffers are allocated afresh. O(window).
    /// - Throws: `DecodingError.dataCorrupted` when the windows' sizes or positions disagree.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rate = try container.decode(Double.self, forKey: .rate)
        windowCount = try container.decode(Int.self, forKey: .windowCount)
        strideToStepBoundary = try container.decode(Double.self, forKey: .strideToStepBoundary)
        hop = try container.decode(Int.self, forKey: .hop)
        windowDuration = try container.decode(Double.self, forKey: .windowDuration)
        magnitude = try container.decode(SlidingWindow.self, forKey: .magnitude)
        axes = (try container.decode(SlidingWindow.self, forKey: .x), try container.decode(SlidingWindow.self, forKey: .y),
                try container.decode(SlidingWindow.self, forKey: .z))
        extractor = try container.decode(FeatureExtractor.self, forKey: .extractor)
        inputMoments = try container.decode(ActivityInputMoments.self, forKey: .inputMoments)
        sinceHop = try container.decode(Int.self, forKey: .sinceHop)
        scratch = Array(repeating: 0, count: max(0, windowCount))
        scratchAxes = (scratch, scratch, scratch)
        let windows = [magnitude, axes.x, axes.y, axes.z]
        let (windowCount, hop, held) = (windowCount, hop, magnitude.count)
        guard windowCount >= 8, hop >= 1, (0..<hop).contains(sinceHop), extractor.windowSize == windowCount,
              windows.allSatisfy({ $0.size == windowCount && $0.hop == hop && $0.count == held }) else {
            throw DecodingError.dataCorruptedError(forKey: .magnitude, in: container,
                                                   debugDescription: "the activity windows' sizes or positions disagree")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rate, forKey: .rate)
        try container.encode(windowCount, forKey: .windowCount)
        try container.encode(strideToStepBoundary, forKey: .strideToStepBoundary)
        try container.encode(hop, forKey: .hop)
        try container.encode(windowDuration, forKey: .windowDuration)
        try container.encode(magnitude, forKey: .magnitude)
        try container.encode(axes.x, forKey: .x)
        try container.encode(axes.y, forKey: .y)
        try container.encode(axes.z, forKey: .z)
        try container.encode(extractor, forKey: .extractor)
        try container.encode(inputMoments, forKey: .inputMoments)
        try container.encode(sinceHop, forKey: .sinceHop)
    }
}

import LocomotionDSP

import Foundation

/// Resamples the input to the classifier's fixed rate (`Resampler`), keeps the last window of |a| and of each
/// axis (one ring buffer) and computes `ActivityFeatures` every hop (`FeatureExtractor`). Gaps and backwards
/// time end the run (the `Resampler`'s rules); the classifier drops non-finite samples before they get here.
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
        resampler = Resampler(rate: c.sampleRate, maximumGap: sparseInputMaximumGap)
        windows = Windows(configuration: c)
    }

    /// How far (s) before the latest input sample the evidence of a window not yet completed can begin: every
    /// resampled time up to the latest sample has been windowed, so a later window ends after it and starts at most
    /// `(n − 1)/rate` before it; its decision stands from its centre hop (or, first in a run, from its start).
    var windowReach: Double {
        let span = Double(windows.windowCount - 1) / windows.rate
        return max(span, span / 2 + windows.hopDuration / 2)
    }

    /// Pushes one sample (time s, acceleration g, both finite: `ActivityClassifier` drops the others before they
    /// get here, so nothing below tests them again); calls `emit` for every window completed and every gap.
    @inline(__always)
    mutating func push(_ sample: AccelerometerSample, emit: (Event) -> Void) {
        if let last = lastInputTime {
            let step = sample.time - last
            if step > 0 && step <= maximumGap {
                // Exponential average over ~20 intervals: follows a phone changing its rate within seconds.
                // (A multiplication by 1/20, not a division: the average only decides whether a phone is sparse.)
                averageInterval = averageInterval.map { $0 + (step - $0) * 0.05 } ?? step
            } else if step > maximumGap && step <= sparseInputMaximumGap && !isSparse {
                // A silence longer than `maximumGap` is a gap, unless the phone is a sparse logger (its usual
                // interval says it delivers fewer than `rhythmMinimumInputRate` samples/s) and the silence is
                // within `sparseInputMaximumGap`: such phones drop out for 1–3 s all the time.
                resampler.reset()
                windows.reset()
                averageInterval = nil
                emit(.gap(from: last, to: sample.time))
            }
        }
        Self.resample(sample, resampler: &resampler, windows: &windows, averageInterval: &averageInterval,
                      emit: emit)
        // Counted after the resampler so that a sample starting a new run (after a gap) belongs to that run.
        windows.inputMoments.add(sample.acceleration)
        lastInputTime = sample.time
    }

    /// Whether the usual input interval says the phone delivers fewer than `rhythmMinimumInputRate` samples/s.
    /// Asked only at a silence (its division is not paid per sample).
    private var isSparse: Bool {
        averageInterval.map { 1 / $0 < sparseInputRate } ?? false
    }

    @inline(__always)
    private static func resample(_ sample: AccelerometerSample, resampler: inout Resampler, windows: inout Windows,
                                 averageInterval: inout Double?, emit: (Event) -> Void) {
        resampler.pushFinite(sample) { event in
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
    /// The resampled signal's last window (|a| and each axis, in one buffer), the input moments and the feature
    /// extractor.
    struct Windows: Sendable {
        let rate: Double
        let windowCount: Int
        var hopDuration: Double { Double(hop) / rate }
        private let strideToStepBoundary: Double
        private let hop: Int
        private let windowDuration: Double
        /// The last `windowCount` resampled samples in one buffer (one uniqueness check per sample, where four
        /// windows paid four): `windowCount` rows (x, y, z), then the magnitudes |a| written twice, at `i` and
        /// `i + windowCount`, so that the window of magnitudes is always contiguous — oldest first from
        /// `writeIndex` once full — and goes to the extractor without a copy.
        private var storage: [Double]
        private var writeIndex = 0
        private var heldCount = 0
        /// Samples since the last window (once full); a window is due every `hop` samples.
        private var sinceLastWindow = 0
        private var extractor: FeatureExtractor
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
            storage = Array(repeating: 0, count: 5 * windowCount)
            extractor = FeatureExtractor(windowSize: windowCount, sampleRate: c.sampleRate,
                                         bands: [0.5...3.0, 3.0...8.0], periodRange: 0.25...2.0, window: .hann)
        }

        /// Empties the window and the input moments (a gap).
        mutating func reset() {
            writeIndex = 0
            heldCount = 0
            sinceLastWindow = 0
            inputMoments.reset()
            sinceHop = 0
        }

        /// Appends one resampled acceleration (g); true when a window is due: when the window first fills, then
        /// every hop. O(1).
        @inline(__always)
        mutating func append(_ a: Vector3) -> Bool {
            let (n, index) = (windowCount, writeIndex)
            storage.withUnsafeMutableBufferPointer { storage in
                storage[3 * index] = a.x
                storage[3 * index + 1] = a.y
                storage[3 * index + 2] = a.z
                let magnitude = a.magnitude
                storage[3 * n + index] = magnitude
                storage[4 * n + index] = magnitude
            }
            writeIndex = index + 1 == n ? 0 : index + 1
            sinceHop += 1
            if sinceHop == hop {
                inputMoments.closeHop()
                sinceHop = 0
            }
            if heldCount < windowCount {
                heldCount += 1
                return heldCount == windowCount
            }
            sinceLastWindow += 1
            guard sinceLastWindow == hop else { return false }
            sinceLastWindow = 0
            return true
        }

        /// Features of the current (full) window: O(n log n) in the window's sample count n.
        mutating func features() -> ActivityFeatures {
            let n = windowCount
            let edge = max(1, min(n / 2, Int(rate.rounded())))
            let oldest = writeIndex
            var first = Vector3.zero
            var last = Vector3.zero
            var skewness = 0.0
            let f = storage.withUnsafeBufferPointer { storage in
                // Gravity direction: the mean acceleration vector of the first and of the last second of the window.
                // The ring positions advance by one and wrap by a comparison (a `%` per row was two integer
                // divisions per row of the sums); same rows, same order of additions.
                func row(_ index: Int) -> Vector3 {
                    Vector3(x: storage[3 * index], y: storage[3 * index + 1], z: storage[3 * index + 2])
                }
                var head = oldest
                var tail = oldest + n - edge < n ? oldest + n - edge : oldest - edge
                for _ in 0..<edge {
                    first = first + row(head)
                    last = last + row(tail)
                    head = head + 1 == n ? 0 : head + 1
                    tail = tail + 1 == n ? 0 : tail + 1
                }
                let magnitudes = UnsafeBufferPointer(rebasing: storage[(3 * n + oldest)..<(4 * n + oldest)])
                let f = extractor.features(of: magnitudes)
                skewness = Self.skewness(of: magnitudes, mean: f.mean, variance: f.variance)
                return f
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
                inputWobble: inputMoments.wobble,
                skewness: skewness
            )
        }

        /// The third standardised moment of `values` given their mean and (population) variance; 0 when they do
        /// not vary (a still phone's |a| within rounding). O(n).
        @inline(__always)
        static func skewness(of values: UnsafeBufferPointer<Double>, mean: Double, variance: Double) -> Double {
            // Below (1e-6 g)² the deviation is the sensor's quantisation, not a shape.
            guard variance > 1e-12 else { return 0 }
            var sum = 0.0
            for value in values {
                let centred = value - mean
                sum += centred * centred * centred
            }
            return sum / Double(values.count) / (variance * variance.squareRoot())
        }
    }
}

extension ActivityFeatureStage.Windows: Codable {
    private enum CodingKeys: String, CodingKey {
        case rate, windowCount, strideToStepBoundary, hop, windowDuration
        case magnitude, x, y, z, extractor, inputMoments, sinceHop
    }

    /// One column of the ring in the form `SlidingWindow` encodes (the snapshot format of the four windows the
    /// ring replaced, so snapshots written before decode, and the other way round): the values held, oldest
    /// first, and the rows since the last window.
    private struct Column: Codable {
        var size: Int
        var hop: Int
        var values: [Double]
        var sinceLastWindow: Int
    }

    /// Decodes the windows into the ring buffer. O(window).
    /// - Throws: `DecodingError.dataCorrupted` when the windows' sizes or positions disagree.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rate = try container.decode(Double.self, forKey: .rate)
        windowCount = try container.decode(Int.self, forKey: .windowCount)
        strideToStepBoundary = try container.decode(Double.self, forKey: .strideToStepBoundary)
        hop = try container.decode(Int.self, forKey: .hop)
        windowDuration = try container.decode(Double.self, forKey: .windowDuration)
        let columns = try [CodingKeys.magnitude, .x, .y, .z].map { try container.decode(Column.self, forKey: $0) }
        extractor = try container.decode(FeatureExtractor.self, forKey: .extractor)
        inputMoments = try container.decode(ActivityInputMoments.self, forKey: .inputMoments)
        sinceHop = try container.decode(Int.self, forKey: .sinceHop)
        let (windowCount, hop, held, since) = (windowCount, hop, columns[0].values.count, columns[0].sinceLastWindow)
        guard windowCount >= 8, windowCount <= 1 << 24, hop >= 1, (0..<hop).contains(sinceHop),
              extractor.windowSize == windowCount, held <= windowCount, (0..<hop).contains(since),
              held == windowCount || since == 0,
              columns.allSatisfy({ $0.size == windowCount && $0.hop == hop && $0.values.count == held
                                   && $0.sinceLastWindow == since }) else {
            throw DecodingError.dataCorruptedError(forKey: .magnitude, in: container,
                                                   debugDescription: "the activity windows' sizes or positions disagree")
        }
        storage = Array(repeating: 0, count: 5 * windowCount)
        for k in 0..<held {
            for axis in 0..<3 { storage[3 * k + axis] = columns[axis + 1].values[k] }
            storage[3 * windowCount + k] = columns[0].values[k]
            storage[4 * windowCount + k] = columns[0].values[k]
        }
        writeIndex = held == windowCount ? 0 : held
        heldCount = held
        sinceLastWindow = since
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rate, forKey: .rate)
        try container.encode(windowCount, forKey: .windowCount)
        try container.encode(strideToStepBoundary, forKey: .strideToStepBoundary)
        try container.encode(hop, forKey: .hop)
        try container.encode(windowDuration, forKey: .windowDuration)
        // Oldest first: the held rows end just before `writeIndex`.
        let held = (0..<heldCount).map { (writeIndex - heldCount + $0 + windowCount) % windowCount }
        let columns = [held.map { storage[3 * windowCount + $0] }, held.map { storage[3 * $0] },
                       held.map { storage[3 * $0 + 1] }, held.map { storage[3 * $0 + 2] }]
        for (values, key) in zip(columns, [CodingKeys.magnitude, .x, .y, .z]) {
            try container.encode(Column(size: windowCount, hop: hop, values: values, sinceLastWindow: sinceLastWindow),
                                 forKey: key)
        }
        try container.encode(extractor, forKey: .extractor)
        try container.encode(inputMoments, forKey: .inputMoments)
        try container.encode(sinceHop, forKey: .sinceHop)
    }
}

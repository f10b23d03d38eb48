import LocomotionDSP
import PropertyBased
import Testing

/// ``FeatureExtractor`` keeps scratch buffers and FFT plans between windows; the
/// features must still depend on the window alone: one extractor reused over a
/// stream of windows (and a copy of it taken mid-stream, sharing storage until
/// written) gives the same features, bit for bit, as a fresh extractor per window.
@Suite struct FeatureExtractorProperties {
    @Test func streamingEqualsFreshPerWindow() async {
        await propertyCheck(count: 12, input: Gen.uint64(), Gen.int(in: 4...160), Gen.int(in: 1...6)) {
            seed, size, windowCount in
            var signal = SeededSignal(seed: seed)
            let windows = (0..<windowCount).map { _ in signal.values(count: size) }

            let expected = windows.map { window -> WindowFeatures in
                var fresh = FeatureExtractor(windowSize: size, sampleRate: 50)
                return fresh.features(of: window)
            }
            var reused = FeatureExtractor(windowSize: size, sampleRate: 50)
            var copy: FeatureExtractor?
            var streamed: [WindowFeatures] = []
            var fromCopy: [WindowFeatures] = []
            for (index, window) in windows.enumerated() {
                if index == windowCount / 2 { copy = reused }
                streamed.append(reused.features(of: window))
                // Interleave the copy so that shared storage would show.
                if var extractor = copy {
                    copy = nil
                    fromCopy.append(extractor.features(of: window))
                    copy = extractor
                }
            }
            #expect(streamed == expected)
            #expect(fromCopy == Array(expected.suffix(fromCopy.count)))
        }
    }
}

import Testing
@testable import LocomotionDSP

@Suite struct GapDetectorTests {
    @Test func detectsLongStepsBackwardsDuplicatesAndNonFiniteTimes() {
        var detector = GapDetector(maxGap: 1.0)
        let steps = [10.0, 10.5, 11.5, 12.6, 12.0, 12.0, .nan].map { detector.isGap(before: $0) }
        // first, 0.5 s, exactly maxGap (continuous), 1.1 s, backwards, duplicate, NaN
        #expect(steps == [false, false, false, true, true, true, true])
        #expect(detector.previousTime == 12.0)
        let afterwards = detector.isGap(before: 12.02)
        #expect(!afterwards)
        detector.reset()
        let fresh = detector.isGap(before: 0)
        #expect(!fresh)
    }
}

@Suite struct MedianSamplingIntervalTests {
    @Test func robustToJitterDropsAndPauses() {
        var times: [Double] = []
        var t = 100.0
        for index in 0..<200 {
            t += index % 50 == 49 ? 5 : (index % 2 == 0 ? 0.019 : 0.021)
            times.append(t)
        }
        times.insert(times[10], at: 11)  // a duplicate
        let median = medianSamplingInterval(times)!
        #expect(median > 0.019 - 1e-9 && median < 0.021 + 1e-9)
    }

    @Test func noIntervalGivesNil() {
        #expect(medianSamplingInterval([Double]()) == nil)
        #expect(medianSamplingInterval([1.0]) == nil)
        #expect(medianSamplingInterval([1.0, 1.0, 0.5]) == nil)
        #expect(abs(medianSamplingInterval([0.0, 0.1, 0.3])! - 0.15) < 1e-12)
    }
}

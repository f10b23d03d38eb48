import Testing
@testable import LocomotionDSP
import LocomotionTestSupport

@Suite struct GapDetectorTests {
    @Test func detectsLongStepsBackwardsDuplicatesAndNonFiniteTimes() {
        var detector = GapDetector(maximumGap: 1.0)
        let steps = [10.0, 10.5, 11.5, 12.6, 12.0, 12.0, .nan].map { detector.isGap(before: $0) }
        // first, 0.5 s, exactly maximumGap (continuous), 1.1 s, backwards, duplicate, NaN
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

    /// The streaming tally gives, bit for bit, the median of the sorted steps, on quantised phone-like clocks, on
    /// unquantised random ones, with duplicates, backwards times and NaN.
    @Test func streamingTallyEqualsTheSortedMedian() {
        func sortedMedian(_ times: [Double]) -> Double? {
            var steps: [Double] = []
            var previous: Double?
            for time in times where time.isFinite {
                if let previous, time - previous > 0 { steps.append(time - previous) }
                previous = time
            }
            guard !steps.isEmpty else { return nil }
            steps.sort()
            let middle = steps.count / 2
            return steps.count % 2 == 1 ? steps[middle] : (steps[middle - 1] + steps[middle]) / 2
        }
        var random = SplitMix64(seed: 17)
        for round in 0..<300 {
            let count = random.integer(in: 0...400)
            var time = round % 2 == 0 ? 1_700_000_000.0 : 0
            var times: [Double] = []
            for _ in 0..<count {
                switch random.integer(in: 0...9) {
                case 0: times.append(times.last ?? time)                          // a duplicate
                case 1: times.append(time - random.uniform(in: 0...1))            // backwards
                case 2: times.append(.nan)
                default:
                    // A millisecond clock with jitter (few distinct steps), or unquantised times.
                    let step = round % 3 == 0 ? random.uniform(in: 0.001...0.05)
                        : (0.02 + Double(random.integer(in: -3...3)) / 1000)
                    time += step
                    times.append(round % 3 == 0 ? time : (time * 1000).rounded() / 1000)
                }
            }
            var tally = SamplingIntervalMedian()
            for time in times { tally.push(time) }
            let expected = sortedMedian(times)
            #expect(tally.median?.bitPattern == expected?.bitPattern, "round \(round)")
            #expect(medianSamplingInterval(times)?.bitPattern == expected?.bitPattern)
        }
    }
}

import Foundation
import Locomotion
import LocomotionDSP
import Testing
@testable import LocomotionIO
import LocomotionTestSupport

/// A phone that changes its sampling rate mid-recording (50 → 100 → 25 Hz, as
/// Android does when another app asks for a rate) is neither a gap nor an error:
/// every stage goes on across the change.
@Suite struct RateChangeTests {
    static let boundaries = [1_000.0, 1_060.0, 1_120.0, 1_180.0]
    static let samples: [AccelerometerSample] = {
        let parts = SyntheticWalk.samples(from: 1_000, duration: 60, rate: 50)
            + SyntheticWalk.samples(from: 1_060, duration: 60, rate: 100)
            + SyntheticWalk.samples(from: 1_120, duration: 60, rate: 25)
        let path = temporaryPath("rates.csv")
        try! TraceWriter.write(Trace(file: path, samples: parts), to: path)
        return try! Trace.read(path: path).samples
    }()

    @Test func readerAndResamplerGoOnAcrossRateChanges() {
        #expect(Self.samples.count == 60 * (50 + 100 + 25))
        let events = Resampler.resample(Self.samples, rate: 50)
        #expect(!events.contains { if case .gap = $0 { true } else { false } })
        let times = events.compactMap { if case .sample(let s) = $0 { s.time } else { nil } }
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 0.02) < 1e-9 })
    }

    @Test func stepsContinueAtEveryRate() {
        var detector = StepDetector()
        var steps: [Double] = []
        for sample in Self.samples {
            detector.push(sample) { if case .step(let time) = $0 { steps.append(time) } }
        }
        detector.finish { if case .step(let time) = $0 { steps.append(time) } }
        #expect(detector.runCount == 1, "a rate change split the run")
        #expect(!detector.isRecordingTooSparse)
        // The same walk at each rate: each minute has steps, within a quarter of the others.
        let perMinute = zip(Self.boundaries, Self.boundaries.dropFirst()).map { start, end in
            steps.filter { $0 >= start + 10 && $0 < end }.count  // 10 s after each change to settle
        }
        #expect(perMinute.allSatisfy { $0 > 0 }, "steps per part: \(perMinute)")
        let largest = Double(perMinute.max() ?? 0), smallest = Double(perMinute.min() ?? 0)
        #expect(smallest >= 0.75 * largest, "steps per part: \(perMinute)")
    }

    @Test func activityIsTheSameAtEveryRate() {
        let segments = ActivityClassifier.segments(of: Self.samples)
        func activity(atMiddleOf index: Int) -> MotionActivity? {
            let middle = (Self.boundaries[index] + Self.boundaries[index + 1]) / 2 + 10
            return segments.first { $0.start <= middle && middle < $0.end }?.activity
        }
        let activities = (0..<3).map(activity(atMiddleOf:))
        #expect(activities[0] != nil && activities[0] != .unknown, "activities: \(activities)")
        #expect(Set(activities).count == 1, "activities: \(activities)")
    }
}

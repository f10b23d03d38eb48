import Locomotion
import LocomotionDSP
import Testing
@testable import LocomotionIO
@testable import LocomotionDatasets
import LocomotionTestSupport

@Suite struct TraceSimulatorTests {
    /// Runs a schedule and collects what it emits.
    private func simulate(_ segments: [SimulatedSegment], seed: UInt64 = 3, rate: Double = 50)
        -> (samples: [AccelerometerSample], labels: [MotionActivity], fixes: [LocationFix]) {
        var samples: [AccelerometerSample] = []
        var labels: [MotionActivity] = []
        var fixes: [LocationFix] = []
        TraceSimulator(configuration: .init(segments: segments, seed: seed, rate: rate)).run { sample, label in
            samples.append(sample)
            labels.append(label)
        } fix: { fixes.append($0) }
        return (samples, labels, fixes)
    }

    @Test func sameSeedSameOutputOtherSeedOtherOutput() {
        let day = DaySchedule.segments(duration: 600)
        let first = simulate(day, seed: 11)
        let second = simulate(day, seed: 11)
        let other = simulate(day, seed: 12)
        #expect(first.samples == second.samples)
        #expect(first.fixes == second.fixes)
        #expect(first.samples != other.samples)
    }

    @Test func generatorIsReproducibleAndUniform() {
        var generator = SeededGenerator(seed: 0)
        // First xoshiro256** output for SplitMix64(0)-expanded state (fixed by the algorithm).
        let firstValues = (0..<3).map { _ in generator.next() }
        var again = SeededGenerator(seed: 0)
        #expect((0..<3).map { _ in again.next() } == firstValues)
        var sum = 0.0, sumOfSquares = 0.0
        for _ in 0..<100_000 {
            let value = generator.gaussian()
            sum += value
            sumOfSquares += value * value
        }
        #expect(abs(sum / 100_000) < 0.02)
        #expect(abs(sumOfSquares / 100_000 - 1) < 0.03)
    }

    @Test func activitiesHaveTheirSignatures() {
        let segments: [SimulatedActivity] = [.still, .walking, .running, .cycling, .bus]
        for activity in segments {
            let run = simulate([SimulatedSegment(activity: activity, duration: 120)], seed: 5)
            // Skip the first 5 s: the pose change into the activity.
            let samples = run.samples.filter { $0.time - run.samples[0].time > 5 }
            let magnitudes = samples.map(\.acceleration.magnitude)
            let mean = magnitudes.reduce(0, +) / Double(magnitudes.count)
            let deviation = (magnitudes.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(magnitudes.count)).squareRoot()
            #expect(abs(run.samples.count - 6000) <= 1, "\(activity)")
            #expect(Set(run.labels) == [activity.label!], "\(activity)")
            switch activity {
            case .still:
                #expect(abs(mean - 1) < 0.03 && deviation < 0.01, "still: mean \(mean) sd \(deviation)")
            case .walking:
                #expect(deviation > 0.1 && deviation < 0.5, "walking sd \(deviation)")
            case .running:
                #expect(deviation > 0.5, "running sd \(deviation)")
                #expect(magnitudes.max()! > 2, "running peaks")
            case .cycling, .bus:
                #expect(deviation > 0.01 && deviation < 0.15, "\(activity) sd \(deviation)")
            default:
                break
            }
        }
    }

    @Test func walkingCadenceIsInTheGaitBand() {
        // Count upward crossings of the mean magnitude: about one per step.
        let run = simulate([SimulatedSegment(activity: .walking, duration: 60)], seed: 9)
        let magnitudes = run.samples.map(\.acceleration.magnitude)
        let smoothed = magnitudes.indices.map { index in
            let window = magnitudes[max(0, index - 2)...min(magnitudes.count - 1, index + 2)]
            return window.reduce(0, +) / Double(window.count)
        }
        let mean = smoothed.reduce(0, +) / Double(smoothed.count)
        var crossings = 0
        for index in 1..<smoothed.count where smoothed[index - 1] < mean && smoothed[index] >= mean { crossings += 1 }
        let stepsPerSecond = Double(crossings) / 60
        #expect(stepsPerSecond > 1.4 && stepsPerSecond < 2.4, "cadence \(stepsPerSecond)")
    }

    @Test func gapsHaveNoSamplesAndNoFixes() {
        let run = simulate([
            SimulatedSegment(activity: .walking, duration: 30),
            SimulatedSegment(activity: .gap, duration: 3600),
            SimulatedSegment(activity: .walking, duration: 30),
        ])
        let start = TraceSimulator.Configuration.defaultStart
        let largest = zip(run.samples, run.samples.dropFirst()).map { $1.time - $0.time }.max()!
        #expect(largest > 3599 && largest < 3601)
        #expect(!run.fixes.contains { $0.time > start + 31 && $0.time < start + 3629 })
        #expect(zip(run.samples, run.samples.dropFirst()).allSatisfy { $0.time < $1.time })
    }

    @Test func fixesFollowTheMovement() {
        let run = simulate([SimulatedSegment(activity: .car, duration: 600)], seed: 2)
        #expect(run.fixes.count == 600)
        // Distance along the fixes vs the reported speeds: the same trip.
        var fromPositions = 0.0
        for (a, b) in zip(run.fixes, run.fixes.dropFirst()) {
            let north = (b.latitude - a.latitude) * 111_320
            let east = (b.longitude - a.longitude) * 111_320 * cos(a.latitude * .pi / 180)
            fromPositions += (north * north + east * east).squareRoot()
        }
        let fromSpeeds = run.fixes.compactMap(\.speed).reduce(0, +)
        #expect(fromSpeeds > 3000)   // a car at 12–16 m/s cruise with stops
        #expect(abs(fromPositions - fromSpeeds) / fromSpeeds < 0.35)
        #expect(run.fixes.allSatisfy { ($0.horizontalAccuracy ?? 0) > 0 })
    }

    @Test func dayScheduleFillsTheDurationAndKeepsEveryActivity() throws {
        for duration in [2400.0, 86_400] {
            let segments = DaySchedule.segments(duration: duration)
            #expect(abs(segments.reduce(0) { $0 + $1.duration } - duration) < 1e-6)
            let activities = Set(segments.map(\.activity))
            #expect(activities.isSuperset(of: [.sleep, .walking, .running, .cycling, .bus, .car, .gap, .desk]))
            #expect(segments.allSatisfy { $0.duration >= 20 })
        }
        let fullDay = DaySchedule.segments(duration: 86_400)
        let firstWalk = try #require(fullDay.first { $0.activity == .walking })
        #expect(abs(firstWalk.duration - 8 * 60) < 1e-9)
    }

    @Test func writtenTraceReadsBackWithLabels() throws {
        let path = temporaryPath("day.csv")
        var writer = try TraceWriter(path: path, includesLabels: true)
        var expected: [AccelerometerSample] = []
        try TraceSimulator(configuration: .init(segments: DaySchedule.segments(duration: 300), seed: 4)).run {
            (sample: AccelerometerSample, label: MotionActivity) throws(OutputError) in
            expected.append(sample)
            try writer.write(sample, label: label)
        } fix: { (_: LocationFix) throws(OutputError) in }
        try writer.finish()
        let trace = try Trace.read(path: path)
        #expect(trace.samples == expected)
        #expect(trace.labels?.count == expected.count)
    }
}

import Foundation

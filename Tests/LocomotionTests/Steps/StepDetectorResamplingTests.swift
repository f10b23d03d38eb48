import LocomotionDSP
import LocomotionTestSupport
import Testing

import Foundation

@_spi(Tuning) @testable import Locomotion

/// The detector hands the resampler's outputs for one input sample to its signal stage through a buffer on the stack,
/// or, for an interval too long for that buffer, from inside the resampler's callback after copying the resampler out
/// of the detector (the way it always did before the buffer). Both paths must give the same events, bit for bit, and
/// carry the detector's state alike across a snapshot.
@Suite("StepDetector resampling paths")
struct StepDetectorResamplingTests {
    /// A walk at 100 Hz, thinned: a row dropped here and there, and every 10 s a hole of 0.4–1.2 s, so that intervals
    /// range from 10 ms to over a second.
    static let samples: [AccelerometerSample] = {
        let gait = SyntheticGait.samples(
            stepTimes: SyntheticGait.stepTimes(count: 120, start: 1, interval: 0.55), from: 0, to: 70, rate: 100)
        var generator = SplitMix64(seed: 11)
        var samples: [AccelerometerSample] = []
        var index = 0
        while index < gait.count {
            samples.append(gait[index])
            if index % 1000 >= 500 && (index - 1) % 1000 < 500 {
                index += 40 + Int(80 * abs(generator.symmetric()))
            } else {
                index += generator.symmetric() > 0.8 ? 2 : 1
            }
        }
        return samples
    }()

    /// Long intervals are bridged rather than cut (`maximumGap` 2 s) at a high internal rate, so that some take the
    /// copying path on their own.
    static let bridging: StepDetector.Configuration = {
        var configuration = StepDetector.Configuration.default
        configuration.internalRate = 150
        configuration.maximumGap = 2
        configuration.minimumSamplingRate = 1
        return configuration
    }()

    static func events(_ configuration: StepDetector.Configuration, resampledBatch: Int? = nil,
                       snapshotsAt splits: Set<Int> = []) throws -> [StepDetector.Event] {
        var detector = StepDetector(configuration: configuration)
        var events: [StepDetector.Event] = []
        for (position, sample) in samples.enumerated() {
            if splits.contains(position) {
                detector = try JSONDecoder().decode(StepDetector.self, from: JSONEncoder().encode(detector))
            }
            if let resampledBatch {
                detector.push(sample, resampledBatch: resampledBatch) { events.append($0) }
            } else {
                detector.push(sample) { events.append($0) }
            }
        }
        detector.finish { events.append($0) }
        return events
    }

    @Test("the buffered path gives the copying path's events", arguments: [false, true])
    func bufferedEqualsCopying(bridging: Bool) throws {
        let configuration = bridging ? Self.bridging : .default
        let buffered = try Self.events(configuration)
        #expect(buffered.contains { if case .step = $0 { true } else { false } })
        #expect(buffered.contains { if case .boutEnded = $0 { true } else { false } })
        #expect(try Self.events(configuration, resampledBatch: 0) == buffered)
    }

    @Test("short and long intervals, interrupted anywhere, give the uninterrupted events")
    func bothPathsContinueAcrossSnapshots() throws {
        let intervals = zip(Self.samples.dropFirst(), Self.samples).map { $0.time - $1.time }
        let rate = Self.bridging.internalRate
        // Both paths are taken: 2·Δt·rate + 4 ≤ 64 for the short intervals, > 64 for the long ones.
        #expect(intervals.contains { 2 * $0 * rate + 4 <= 64 })
        #expect(intervals.contains { 2 * $0 * rate + 4 > 64 && $0 <= Self.bridging.maximumGap })
        let longIntervalEnds = Set(intervals.indices.filter { intervals[$0] > 0.3 }.map { $0 + 1 })
        var generator = SplitMix64(seed: 5)
        let splits = Set((0..<40).map { _ in Int(abs(generator.symmetric()) * Double(Self.samples.count - 1)) })
        #expect(try Self.events(Self.bridging, snapshotsAt: splits.union(longIntervalEnds)) == Self.events(Self.bridging))
    }
}

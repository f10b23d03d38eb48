import Testing
@testable import LocomotionDSP
import LocomotionTestSupport

@Suite struct ResamplerTests {
    private func samples(of events: [Resampler.Event]) -> [AccelerometerSample] {
        events.compactMap { if case .sample(let sample) = $0 { sample } else { nil } }
    }

    @Test func linearRampIsReproducedExactlyOnTheGrid() {
        // Irregular times, acceleration x = 2·t + 1 (a ramp): interpolation must give 2·t + 1 on the grid.
        let times = [0.0, 0.013, 0.031, 0.05, 0.052, 0.077, 0.1, 0.118, 0.141, 0.16, 0.2]
        let input = times.map { AccelerometerSample(time: $0, x: 2 * $0 + 1, y: -$0, z: 1) }
        let output = samples(of: Resampler.resample(input, rate: 50))
        #expect(output.count == 11)  // 0, 0.02, …, 0.2
        for (index, sample) in output.enumerated() {
            #expect(abs(sample.time - Double(index) * 0.02) < 1e-12)
            #expect(abs(sample.acceleration.x - (2 * sample.time + 1)) < 1e-12)
            #expect(abs(sample.acceleration.y + sample.time) < 1e-12)
            #expect(sample.acceleration.z == 1)
        }
    }

    @Test func gapsAreNotBridged() {
        // 10 Hz input, then a 3 s hole, then more input: no output sample inside the hole.
        var input = (0..<10).map { AccelerometerSample(time: Double($0) * 0.1, x: 0, y: 0, z: 1) }
        input += (0..<10).map { AccelerometerSample(time: 3.95 + Double($0) * 0.1, x: 0, y: 0, z: 1) }
        let events = Resampler.resample(input, rate: 20, maximumGap: 1.0)
        let gaps = events.filter { if case .gap = $0 { true } else { false } }
        #expect(gaps == [.gap(from: 0.9, to: 3.95)])
        let output = samples(of: events)
        #expect(!output.contains { $0.time > 0.9 + 1e-9 && $0.time < 3.95 - 1e-9 })
        // The second run is anchored on its own first sample.
        #expect(output.contains { abs($0.time - 3.95) < 1e-12 })
        #expect(output.contains { abs($0.time - 4.0) < 1e-12 })
        // The gap event comes between the runs.
        let gapPosition = events.firstIndex(of: .gap(from: 0.9, to: 3.95))!
        if case .sample(let before) = events[gapPosition - 1] { #expect(before.time <= 0.9 + 1e-12) }
        if case .sample(let after) = events[gapPosition + 1] { #expect(after.time == 3.95) }
    }

    @Test func backwardsAndDuplicateTimestampsStartNewRunsWithoutCrashing() {
        let input = [0.0, 0.1, 0.2, 0.15, 0.25, 0.25, 0.35].map { AccelerometerSample(time: $0, x: $0, y: 0, z: 0) }
        let events = Resampler.resample(input, rate: 10)
        let gaps = events.filter { if case .gap = $0 { true } else { false } }
        #expect(gaps == [.gap(from: 0.2, to: 0.15), .gap(from: 0.25, to: 0.25)])
        // Within each run output times increase.
        var last = -Double.infinity
        for event in events {
            switch event {
            case .gap: last = -.infinity
            case .sample(let sample):
                #expect(sample.time > last)
                last = sample.time
            }
        }
    }

    @Test func invalidSamplesAreDroppedAndEndTheRun() {
        let input = [
            AccelerometerSample(time: 0, x: 0, y: 0, z: 1),
            AccelerometerSample(time: 0.1, x: 0, y: 0, z: 1),
            AccelerometerSample(time: 0.2, x: .nan, y: 0, z: 1),
            AccelerometerSample(time: .infinity, x: 0, y: 0, z: 1),
            AccelerometerSample(time: 0.3, x: 0, y: 0, z: 1),
        ]
        let events = Resampler.resample(input, rate: 10)
        #expect(events.contains(.gap(from: 0.1, to: 0.3)))
        #expect(samples(of: events).allSatisfy { $0.acceleration.isFinite })
    }

    @Test func streamingInPiecesEqualsBatch() {
        var random = SplitMix64(seed: 7)
        var time = 0.0
        let input = (0..<500).map { _ -> AccelerometerSample in
            time += 0.02 + 0.005 * random.symmetric() + (random.symmetric() > 0.98 ? 2 : 0)
            return AccelerometerSample(time: time, x: random.symmetric(), y: random.symmetric(), z: 1)
        }
        let batch = Resampler.resample(input, rate: 50)
        var resampler = Resampler(rate: 50)
        var streamed: [Resampler.Event] = []
        for sample in input { resampler.push(sample) { streamed.append($0) } }
        #expect(streamed == batch)
        #expect(batch.contains { if case .gap = $0 { true } else { false } })
    }

    @Test func resetStartsAFreshRunWithoutAGapEvent() {
        var resampler = Resampler(rate: 10)
        var events: [Resampler.Event] = []
        resampler.push(AccelerometerSample(time: 5, x: 0, y: 0, z: 0)) { events.append($0) }
        resampler.reset()
        resampler.push(AccelerometerSample(time: 1, x: 0, y: 0, z: 0)) { events.append($0) }
        #expect(events.count == 2)
        #expect(!events.contains { if case .gap = $0 { true } else { false } })
    }
}

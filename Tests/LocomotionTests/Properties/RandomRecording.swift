import Foundation
import Locomotion
import LocomotionDSP
import LocomotionTestSupport

/// Deterministic random recordings for property tests (SplitMix64 seeded by the
/// property's generated seed): accelerometer traces made of still, walking-like,
/// running-like and vibrating stretches with occasional gaps and rate jitter;
/// activity updates; and location fixes with jumps, bad accuracy and disorder.
/// Mechanics only, never accuracy.
struct RandomRecording {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func uniform() -> Double { generator.uniform() }
    mutating func uniform(in range: ClosedRange<Double>) -> Double { generator.uniform(in: range) }
    mutating func integer(in range: ClosedRange<Int>) -> Int { generator.integer(in: range) }

    /// About `duration` seconds of samples near 50 Hz in stretches of 5–40 s.
    mutating func samples(duration: Double) -> [AccelerometerSample] {
        var samples: [AccelerometerSample] = []
        var time = uniform(in: 1_700_000_000...1_700_100_000)
        let end = time + duration
        while time < end {
            let length = uniform(in: 5...40)
            let kind = integer(in: 0...3)
            let frequency = uniform(in: 1.5...3), amplitude = [0.01, 0.35, 0.9, 0.15][kind]
            let rate = uniform(in: 40...60)
            let stretchEnd = min(time + length, end)
            while time < stretchEnd {
                let phase = 2 * Double.pi * frequency * time
                let vibration = kind == 3 ? 0.1 * sin(2 * Double.pi * 14 * time) : 0
                samples.append(AccelerometerSample(
                    time: time,
                    x: 0.05 * sin(phase / 2) + 0.01 * (uniform() - 0.5),
                    y: -(1 + amplitude * sin(phase) + vibration) + 0.01 * (uniform() - 0.5),
                    z: 0.1 * amplitude * sin(phase + 1) + 0.01 * (uniform() - 0.5)))
                time += (1 / rate) * uniform(in: 0.8...1.2)
            }
            if integer(in: 0...3) == 0 { time += uniform(in: 2...600) }  // a gap
        }
        return samples
    }

    /// Activity updates in non-decreasing start order over about `duration` seconds.
    mutating func activityUpdates(count: Int, from start: Double) -> [ActivityUpdate] {
        var time = start
        return (0..<count).map { _ in
            time += integer(in: 0...5) == 0 ? uniform(in: 60...900) : uniform(in: 0...40)
            return ActivityUpdate(start: time, activity: MotionActivity.allCases[integer(in: 0...MotionActivity.allCases.count - 1)],
                                  confidence: [ActivityConfidence.low, .medium, .high][integer(in: 0...2)])
        }
    }

    /// Fixes along a wandering path with jumps, inaccurate fixes, duplicates and backwards times.
    mutating func fixes(count: Int, from start: Double) -> [LocationFix] {
        var time = start
        var latitude = uniform(in: -60...60), longitude = uniform(in: -170...170)
        return (0..<count).map { _ in
            time += integer(in: 0...20) == 0 ? -uniform(in: 0...5) : uniform(in: 0...8)
            latitude += uniform(in: -1...1) * 2e-5
            longitude += uniform(in: -1...1) * 2e-5
            var fix = LocationFix(time: time, latitude: latitude, longitude: longitude,
                                  horizontalAccuracy: integer(in: 0...8) == 0 ? uniform(in: 30...200) : uniform(in: 3...15),
                                  speed: integer(in: 0...3) == 0 ? nil : uniform(in: 0...15))
            if integer(in: 0...25) == 0 { fix.latitude += 0.01 }  // a jump of about 1 km
            if integer(in: 0...40) == 0 { fix.horizontalAccuracy = nil }
            return fix
        }
    }
}

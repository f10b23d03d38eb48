import Foundation
import LocomotionDSP
import LocomotionTestSupport

/// Deterministic pseudo-random signals for property tests: SplitMix64 seeded by
/// the property's generated seed, so a failing case is reproduced by its seed.
struct SeededSignal {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// The next 64 random bits.
    mutating func nextBits() -> UInt64 { generator.next() }

    /// Uniform in [0, 1).
    mutating func uniform() -> Double { generator.uniform() }

    /// Uniform in `range`.
    mutating func uniform(in range: ClosedRange<Double>) -> Double { generator.uniform(in: range) }

    /// Uniform integer in `range`.
    mutating func integer(in range: ClosedRange<Int>) -> Int { generator.integer(in: range) }

    /// A walking-like scalar signal: a 1–3 Hz oscillation plus noise, `count` values.
    mutating func values(count: Int, sampleRate: Double = 50) -> [Double] {
        let frequency = uniform(in: 1...3)
        let amplitude = uniform(in: 0...1)
        let phase = uniform(in: 0...6.28)
        return (0..<count).map { index in
            1 + amplitude * sin(2 * .pi * frequency * Double(index) / sampleRate + phase) + 0.1 * (uniform() - 0.5)
        }
    }

    /// An irregular accelerometer recording: steps around `1 / rate` with
    /// jitter, and (when `gaps`) an occasional step far longer than a second.
    mutating func samples(count: Int, rate: Double = 50, gaps: Bool = true) -> [AccelerometerSample] {
        var time = uniform(in: 0...1000)
        var result: [AccelerometerSample] = []
        result.reserveCapacity(count)
        for _ in 0..<count {
            result.append(AccelerometerSample(
                time: time, x: uniform(in: -0.5...0.5), y: -1 + uniform(in: -0.5...0.5), z: uniform(in: -0.5...0.5)))
            if gaps && nextBits() % 97 == 0 {
                time += uniform(in: 1.5...4000)
            } else {
                time += (1 / rate) * uniform(in: 0.5...1.5)
            }
        }
        return result
    }
}

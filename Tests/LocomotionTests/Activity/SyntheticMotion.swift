import Locomotion
import LocomotionDSP

/// Synthetic accelerometer signals for mechanics tests (never for accuracy claims): a deterministic generator
/// with jittered timestamps, so every run sees the same input.
struct SyntheticMotion {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 6364136223846793005 &+ 1442695040888963407 }

    /// Uniform in −1…1 (a 64-bit linear congruential generator).
    mutating func uniform() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53) * 2 - 1
    }

    /// Samples from `start` for `duration` seconds at about `rate` Hz (±`jitter` of the interval), with gravity
    /// on z and `motion(t)` (g) added to it.
    mutating func samples(from start: Double, duration: Double, rate: Double, jitter: Double = 0.2,
                          motion: (Double, inout SyntheticMotion) -> Vector3) -> [AccelerometerSample] {
        var result: [AccelerometerSample] = []
        var t = start
        while t < start + duration {
            let a = Vector3(x: 0, y: 0, z: 1) + motion(t, &self)
            result.append(AccelerometerSample(time: t, acceleration: a))
            t += (1 + jitter * uniform()) / rate
        }
        return result
    }

    /// A phone on a table: 0.002 g of sensor noise per axis.
    mutating func still(from start: Double, duration: Double, rate: Double = 50) -> [AccelerometerSample] {
        samples(from: start, duration: duration, rate: rate) { _, g in
            Vector3(x: 0.002 * g.uniform(), y: 0.002 * g.uniform(), z: 0.002 * g.uniform())
        }
    }

    /// Gait-like loading: a step rhythm at `cadence` Hz with a harmonic, mostly vertical, plus noise.
    mutating func gait(from start: Double, duration: Double, cadence: Double, amplitude: Double,
                       rate: Double = 50) -> [AccelerometerSample] {
        samples(from: start, duration: duration, rate: rate) { t, g in
            let phase = 2 * Double.pi * cadence * t
            let vertical = amplitude * (sin(phase) + 0.4 * sin(2 * phase + 0.7))
            return Vector3(x: 0.2 * amplitude * sin(phase / 2) + 0.01 * g.uniform(),
                           y: 0.01 * g.uniform(), z: vertical + 0.01 * g.uniform())
        }
    }

    /// Vehicle-like vibration: broadband random shaking of `level` g per axis without rhythm.
    mutating func vibration(from start: Double, duration: Double, level: Double, rate: Double = 50) -> [AccelerometerSample] {
        samples(from: start, duration: duration, rate: rate) { _, g in
            Vector3(x: level * g.uniform(), y: level * g.uniform(), z: level * g.uniform())
        }
    }
}

import Foundation

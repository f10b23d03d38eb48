import Foundation
import Locomotion
import LocomotionDSP

/// A synthetic walking-like accelerometer signal and GPS track, for tests of
/// mechanics only (gaps, rate changes, restarts) — never for accuracy claims.
enum SyntheticWalk {
    /// Acceleration (g) of a phone in a pocket at `cadence` steps/s: a vertical
    /// bounce at the step frequency with a harmonic, and a lateral sway at half of it.
    static func acceleration(at time: Double, cadence: Double = 1.8) -> Vector3 {
        let phase = 2 * Double.pi * cadence * time
        return Vector3(x: 0.08 * sin(phase / 2), y: -(1 + 0.35 * sin(phase) + 0.1 * sin(2 * phase + 0.4)),
                       z: 0.12 * sin(phase + 1))
    }

    /// Samples from `start` for `duration` s at `rate` Hz.
    static func samples(from start: Double, duration: Double, rate: Double) -> [AccelerometerSample] {
        let count = Int(duration * rate)
        return (0..<count).map { index in
            let time = start + Double(index) / rate
            return AccelerometerSample(time: time, acceleration: acceleration(at: time))
        }
    }

    /// 1 Hz fixes walking east along the equator at 1.4 m/s from `longitude`.
    static func fixes(from start: Double, duration: Int, longitude: Double) -> [LocationFix] {
        let metresPerDegree = 111_319.49
        return (0..<duration).map { second in
            LocationFix(time: start + Double(second), latitude: 0,
                        longitude: longitude + 1.4 * Double(second) / metresPerDegree,
                        horizontalAccuracy: 5, speed: 1.4)
        }
    }
}

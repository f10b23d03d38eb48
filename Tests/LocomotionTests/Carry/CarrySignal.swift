import Foundation
import LocomotionDSP
import LocomotionTestSupport

/// Synthetic accelerometer signals for the carry detector's mechanics (never for its accuracy, which is measured on
/// real recordings): gravity in a direction that may turn with time, plus white noise, an optional bias and an
/// optional quantisation step.
struct CarrySignal: Sendable {
    /// Samples per second.
    var rate = 50.0
    /// Per-axis standard deviation of the white noise (g).
    var noise = 0.003
    /// Length of the gravity vector the sensor reads (g): a bias of a few percent is usual.
    var gravity = 1.0
    /// Quantisation step (g), 0 for none.
    var quantum = 0.0
    /// The direction of gravity in the device frame (not necessarily unit) at time t (s from the start).
    var direction: @Sendable (Double) -> Vector3 = { _ in Vector3(x: 0, y: 0, z: 1) }

    /// Samples from `start` for `duration` seconds.
    func samples(from start: Double, duration: Double, seed: UInt64 = 1) -> [AccelerometerSample] {
        var random = SplitMix64(seed: seed)
        let count = Int((duration * rate).rounded(.down))
        return (0..<count).map { index in
            let offset = Double(index) / rate
            let unit = direction(offset) * (1 / direction(offset).magnitude)
            var value = unit * gravity + Vector3(x: Self.gaussian(&random), y: Self.gaussian(&random),
                                                 z: Self.gaussian(&random)) * noise
            if quantum > 0 {
                value = Vector3(x: (value.x / quantum).rounded() * quantum, y: (value.y / quantum).rounded() * quantum,
                                z: (value.z / quantum).rounded() * quantum)
            }
            return AccelerometerSample(time: start + offset, acceleration: value)
        }
    }

    /// Gravity tilted by `degrees` about the x axis (from +z towards +y).
    static func tilted(_ degrees: Double) -> Vector3 {
        let radians = degrees * Double.pi / 180
        return Vector3(x: 0, y: sin(radians), z: cos(radians))
    }

    /// A body's small movement: the phone tilting by `amplitude` degrees with a breathing period (4 s) and a
    /// slower sway (11 s) of the same size.
    static func breathing(amplitude: Double) -> @Sendable (Double) -> Vector3 {
        { time in
            let angle = amplitude * (sin(2 * Double.pi * time / 4) + sin(2 * Double.pi * time / 11 + 1))
            return tilted(angle)
        }
    }

    private static func gaussian(_ random: inout SplitMix64) -> Double {
        let u = max(random.uniform(), 1e-300), v = random.uniform()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}

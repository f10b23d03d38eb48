import LocomotionDSP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Deterministic gait-like and still signals for the mechanics tests (never for accuracy claims).
enum SyntheticGait {
    /// A small deterministic generator (SplitMix64), so tests never depend on a global random source.
    struct Generator {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53)
        }
        /// Uniform in −1…1.
        mutating func symmetric() -> Double { 2 * next() - 1 }
    }

    /// Step times for `count` steps from `start`, intervals `interval` ± `jitter` (relative).
    static func stepTimes(count: Int, start: Double, interval: Double, jitter: Double = 0.03, seed: UInt64 = 1)
        -> [Double]
    {
        var generator = Generator(state: seed)
        var times: [Double] = []
        var time = start
        for _ in 0..<count {
            times.append(time)
            time += interval * (1 + jitter * generator.symmetric())
        }
        return times
    }

    /// |a| around 1 g with a heel-strike impulse (0.35 g, 60 ms wide) and a softer push-off
    /// swing after each step time, plus 0.01 g noise; projected on a tilted axis so that no
    /// single component carries the signal.
    static func samples(
        stepTimes: [Double], from start: Double, to end: Double, rate: Double, timingJitter: Double = 0,
        noise: Double = 0.01, seed: UInt64 = 7
    ) -> [AccelerometerSample] {
        var generator = Generator(state: seed)
        var samples: [AccelerometerSample] = []
        let count = Int(((end - start) * rate).rounded(.down))
        var stepIndex = 0
        for index in 0..<count {
            let time = start + (Double(index) + timingJitter * 0.45 * generator.symmetric()) / rate
            while stepIndex + 1 < stepTimes.count, stepTimes[stepIndex + 1] <= time - 1 { stepIndex += 1 }
            var dynamic = 0.0
            for step in stepTimes[stepIndex..<min(stepIndex + 4, stepTimes.count)] {
                let lag = time - step
                dynamic += 0.35 * exp(-(lag * lag) / (2 * 0.03 * 0.03))
                let push = lag - 0.25
                dynamic -= 0.15 * exp(-(push * push) / (2 * 0.08 * 0.08))
            }
            let magnitude = 1 + dynamic + noise * generator.symmetric()
            // A fixed tilt: 0.6, 0.48, 0.64 is a unit vector.
            samples.append(AccelerometerSample(time: time, x: 0.6 * magnitude, y: 0.48 * magnitude, z: 0.64 * magnitude))
        }
        return samples
    }
}

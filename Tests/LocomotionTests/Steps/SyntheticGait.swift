import LocomotionDSP
import LocomotionTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Deterministic gait-like and still signals for the mechanics tests (never for accuracy claims).
enum SyntheticGait {
    /// Step times for `count` steps from `start`, intervals `interval` ± `jitter` (relative).
    static func stepTimes(count: Int, start: Double, interval: Double, jitter: Double = 0.03, seed: UInt64 = 1)
        -> [Double]
    {
        var generator = SplitMix64(seed: seed)
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
        var generator = SplitMix64(seed: seed)
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

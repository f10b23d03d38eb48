// LocomotionDSP: from irregular phone timestamps to features of a fixed-rate window.
import LocomotionDSP

// snippet.hide
// Stand-in for a phone's accelerometer: 10 s of walking-like motion sampled at a jittery ~50 Hz, in g.
var samples: [AccelerometerSample] = []
var time = 0.0
while time < 10 {
    let bounce = 0.25 * (2 * Double.pi * 1.8 * time).sin
    samples.append(AccelerometerSample(time: time, x: 0.02, y: -1 + bounce, z: 0.05))
    time += samples.count.isMultiple(of: 7) ? 0.023 : 0.019
}
// snippet.show

// 1. Resample to a fixed 50 Hz grid; a step longer than 1 s would end the run (a `.gap` event).
var resampler = Resampler(rate: 50, maximumGap: 1)
var gravity = GravityFilter(sampleRate: 50)          // 0.3 Hz low-pass of each axis
var window = SlidingWindow(size: 256, hop: 128)      // 5.12 s windows, half overlapping
var extractor = FeatureExtractor(windowSize: 256, sampleRate: 50)
var buffer: [Double] = []

for sample in samples {
    resampler.push(sample) { event in
        guard case .sample(let regular) = event else { return }
        // 2. Remove gravity: what is left is the body's own acceleration (g); keep its vertical part.
        let down = gravity.update(regular.acceleration)
        let body = linearAcceleration(regular.acceleration, gravity: down)
        // 3. Window it and describe each full window (the step rate shows as the dominant frequency).
        if window.append(body.dot(down) / down.magnitude) {
            window.copyWindow(into: &buffer)
            let features = extractor.features(of: buffer)
            print("dominant frequency \(features.dominantFrequency) Hz, rms \(features.rms) g")
        }
    }
}
// snippet.hide
// `sin` without importing Foundation, so the snippet needs only LocomotionDSP.
extension Double {
    fileprivate var sin: Double {
        var x = self.truncatingRemainder(dividingBy: 2 * .pi)
        if x > .pi { x -= 2 * .pi } else if x < -.pi { x += 2 * .pi }
        var term = x, sum = x
        for n in 1..<12 {
            term *= -x * x / Double((2 * n) * (2 * n + 1))
            sum += term
        }
        return sum
    }
}

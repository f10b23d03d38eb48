import LocomotionDSP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Resamples the input to the classifier's fixed rate, keeps the last window of x, y, z in ring buffers and
/// computes `ActivityFeatures` every hop. Gaps (and backwards time) end the run.
///
/// All buffers are allocated in `init`; pushing a sample allocates nothing.
struct ActivityFeatureStage: Sendable {
    enum Event {
        /// A window ended: its features, and the time span it covered.
        case window(ActivityFeatures, start: Double, end: Double)
        /// Nothing was interpolated between these times.
        case gap(from: Double, to: Double)
    }

    let rate: Double
    let windowCount: Int
    let hopCount: Int
    let maximumGap: Double
    let strideToStepBoundary: Double

    // Resampler state.
    private var previous: AccelerometerSample?
    private var gridStart = 0.0
    private var gridIndex = 0

    // Ring buffers of the resampled signal.
    private var xs: [Double]
    private var ys: [Double]
    private var zs: [Double]
    private var head = 0
    private var filled = 0
    private var sinceWindow = 0

    // Scratch and tables.
    private var magnitude: [Double]
    private var taper: [Double]
    private var cosines: [Double]
    private var sines: [Double]
    private var power: [Double]

    init(configuration c: ActivityClassifier.Configuration) {
        rate = c.sampleRate
        windowCount = max(8, Int((c.windowDuration * c.sampleRate).rounded()))
        hopCount = max(1, Int((c.hopDuration * c.sampleRate).rounded()))
        maximumGap = c.maximumGap
        strideToStepBoundary = c.strideToStepBoundary
        xs = Array(repeating: 0, count: windowCount)
        ys = xs
        zs = xs
        magnitude = xs
        let n = windowCount
        // Periodic Hann taper (scipy.signal.get_window("hann", n)).
        taper = (0..<n).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n)) }
        cosines = (0..<n).map { cos(2 * Double.pi * Double($0) / Double(n)) }
        sines = (0..<n).map { sin(2 * Double.pi * Double($0) / Double(n)) }
        power = Array(repeating: 0, count: n / 2 + 1)
    }

    /// Resets to the state after `init`.
    mutating func reset() {
        previous = nil
        filled = 0
        head = 0
        sinceWindow = 0
        gridIndex = 0
    }

    /// Pushes one sample (time s, acceleration g); calls `emit` for every window completed and every gap.
    mutating func push(_ sample: AccelerometerSample, emit: (Event) -> Void) {
        guard sample.time.isFinite, sample.acceleration.isFinite else { return }
        guard let last = previous else {
            startRun(at: sample)
            return
        }
        let step = sample.time - last.time
        if step <= 0 || step > maximumGap {
            emit(.gap(from: last.time, to: sample.time))
            startRun(at: sample)
            return
        }
        while true {
            let t = gridStart + Double(gridIndex) / rate
            if t > sample.time { break }
            let fraction = (t - last.time) / step
            let a = last.acceleration + (sample.acceleration - last.acceleration) * fraction
            append(a, at: t, emit: emit)
            gridIndex += 1
        }
        previous = sample
    }

    private mutating func startRun(at sample: AccelerometerSample) {
        previous = sample
        filled = 0
        head = 0
        sinceWindow = 0
        gridStart = sample.time
        gridIndex = 1
        append(sample.acceleration, at: sample.time, emit: { _ in })
    }

    private mutating func append(_ a: Vector3, at time: Double, emit: (Event) -> Void) {
        xs[head] = a.x
        ys[head] = a.y
        zs[head] = a.z
        head = (head + 1) % windowCount
        sinceWindow += 1
        var due = sinceWindow >= hopCount
        if filled < windowCount {
            filled += 1
            // The first window of a run is due as soon as the buffer is full; then one every hop.
            due = filled == windowCount
        }
        if filled == windowCount && due {
            sinceWindow = 0
            let start = time - Double(windowCount - 1) / rate
            emit(.window(features(), start: start, end: time))
        }
    }

    /// Features of the current (full) window. O(n²) DFT over n = window samples (100 at 20 Hz / 5 s).
    private mutating func features() -> ActivityFeatures {
        let n = windowCount
        var sum = 0.0
        for k in 0..<n {
            let i = (head + k) % n
            let m = (xs[i] * xs[i] + ys[i] * ys[i] + zs[i] * zs[i]).squareRoot()
            magnitude[k] = m
            sum += m
        }
        let mean = sum / Double(n)
        var variance = 0.0
        for k in 0..<n {
            magnitude[k] -= mean
            variance += magnitude[k] * magnitude[k]
        }
        variance /= Double(n)

        // Power spectrum of the tapered, mean-removed magnitude.
        var total = 0.0
        var taperEnergy = 0.0
        for k in 0..<n { taperEnergy += taper[k] * taper[k] }
        for bin in 1...(n / 2) {
            var re = 0.0
            var im = 0.0
            var index = 0
            for k in 0..<n {
                let v = magnitude[k] * taper[k]
                re += v * cosines[index]
                im -= v * sines[index]
                index += bin
                if index >= n { index -= n }
            }
            power[bin] = re * re + im * im
            total += power[bin]
        }
        power[0] = 0
        let resolution = rate / Double(n)
        var best = 1
        for bin in 2...(n / 2) where power[bin] > power[best] { best = bin }
        var peak = power[best]
        if best > 1 { peak += power[best - 1] }
        if best < n / 2 { peak += power[best + 1] }
        var entropy = 0.0
        var low = 0.0
        var high = 0.0
        for bin in 1...(n / 2) {
            let f = Double(bin) * resolution
            if total > 0 {
                let q = power[bin] / total
                if q > 0 { entropy -= q * log(q) }
            }
            if f >= 0.5 && f < 3 { low += power[bin] }
            if f >= 3 && f <= 8 { high += power[bin] }
        }
        let bins = Double(n / 2)
        // Band powers in g²: the share of the variance (Parseval) that falls in each band.
        let share = total > 0 ? variance / total : 0
        let dominantFrequency = total > 0 ? Double(best) * resolution : 0

        // Autocorrelation (normalised, biased) over lags 0.25–2 s; highest local maximum.
        var periodicity = -1.0
        var period = 0.0
        if variance > 0 {
            let lowLag = max(1, Int((0.25 * rate).rounded()))
            let highLag = min(n - 2, Int((2.0 * rate).rounded()))
            var before = autocorrelation(lag: lowLag - 1, variance: variance)
            var here = autocorrelation(lag: lowLag, variance: variance)
            if lowLag + 1 <= highLag + 1 {
                for lag in lowLag...highLag {
                    let after = autocorrelation(lag: lag + 1, variance: variance)
                    if here >= before && here >= after && here > periodicity {
                        periodicity = here
                        period = Double(lag) / rate
                    }
                    before = here
                    here = after
                }
            }
        }

        // Gravity direction: mean vector of the first and the last second.
        let edge = max(1, min(n / 2, Int(rate.rounded())))
        var first = Vector3.zero
        var lastPart = Vector3.zero
        for k in 0..<edge {
            let i = (head + k) % n
            let j = (head + n - edge + k) % n
            first = first + Vector3(x: xs[i], y: ys[i], z: zs[i])
            lastPart = lastPart + Vector3(x: xs[j], y: ys[j], z: zs[j])
        }
        let denominator = first.magnitude * lastPart.magnitude
        let cosine = denominator > 0 ? min(1, max(-1, first.dot(lastPart) / denominator)) : 1
        let tilt = acos(cosine) * 180 / Double.pi

        return ActivityFeatures(
            mean: mean,
            deviation: variance.squareRoot(),
            dominantFrequency: dominantFrequency,
            dominantPower: total > 0 ? peak / total : 0,
            spectralEntropy: total > 0 && bins > 1 ? entropy / log(bins) : 0,
            lowBandPower: low * share,
            highBandPower: high * share,
            periodicity: periodicity,
            period: period,
            tilt: tilt,
            stepFrequency: dominantFrequency >= strideToStepBoundary ? dominantFrequency : 2 * dominantFrequency
        )
    }

    private func autocorrelation(lag: Int, variance: Double) -> Double {
        let n = windowCount
        var s = 0.0
        for k in 0..<(n - lag) { s += magnitude[k] * magnitude[k + lag] }
        return s / (Double(n) * variance)
    }
}

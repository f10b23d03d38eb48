import LocomotionDSP
import Testing

@_spi(Tuning) @testable import Locomotion
import LocomotionTestSupport

@Suite("StepDetector mechanics (synthetic gait)")
struct StepDetectorTests {
    /// 60 steps at 1.8 Hz from t = 5 s, still before and after.
    static let walk = SyntheticGait.stepTimes(count: 60, start: 5, interval: 1 / 1.8)

    @Test("periodic steps are counted at any input rate", arguments: [20.0, 50.0, 100.0, 400.0])
    func countsPeriodicSteps(rate: Double) {
        let samples = SyntheticGait.samples(stepTimes: Self.walk, from: 0, to: 45, rate: rate, timingJitter: 1)
        let result = StepDetector.detect(samples)
        // The walk's steps and its closing step (the walk ends in a stop).
        #expect(abs(result.steps.count - (Self.walk.count + 1)) <= 1, "rate \(rate) Hz: \(result.steps.count) steps")
        #expect(result.bouts.count == 1)
        // Each counted step lies near a true one (reported at the foot strike, the band-pass delay removed); the
        // closing step one step interval after the last.
        let closing = Self.walk.last! + 1 / 1.8
        if let last = result.steps.last { #expect(abs(last - closing) < 0.25) }
        for step in result.steps.dropLast() {
            let nearest = Self.walk.map { abs($0 - step) }.min() ?? .infinity
            #expect(nearest < 0.25, "step at \(step) s is \(nearest) s from the nearest true step")
        }
        if let cadence = result.stepsPerMinute { #expect(abs(cadence - 108) < 5) } else { Issue.record("no cadence") }
    }

    @Test("a bout's first steps count once the bout is confirmed, with their own times")
    func firstStepsCountRetroactively() {
        let samples = SyntheticGait.samples(stepTimes: Self.walk, from: 0, to: 45, rate: 50)
        var detector = StepDetector()
        var arrivals: [(step: Double, at: Double)] = []
        for sample in samples {
            detector.push(sample) { event in
                if case .step(let time) = event { arrivals.append((time, sample.time)) }
            }
        }
        guard let first = arrivals.first else {
            Issue.record("no steps")
            return
        }
        #expect(abs(first.step - Self.walk[0]) < 0.25)
        #expect(first.at > first.step, "the first step is reported after it happened, once the bout is confirmed")
        #expect(arrivals.map(\.step) == arrivals.map(\.step).sorted())
    }

    @Test("isolated bumps and a still phone give no steps")
    func isolatedBumpsDoNotCount() {
        // Three single bumps, 4 s apart, then two bumps 0.6 s apart: never 4 regular steps.
        let bumps = [5.0, 9.0, 13.0, 20.0, 20.6]
        let samples = SyntheticGait.samples(stepTimes: bumps, from: 0, to: 30, rate: 50)
        #expect(StepDetector.detect(samples).steps.isEmpty)
        let still = SyntheticGait.samples(stepTimes: [], from: 0, to: 60, rate: 50, noise: 0.02)
        #expect(StepDetector.detect(still).steps.isEmpty)
    }

    @Test("three steps are not a bout; four and more count in full")
    func shortBouts() {
        for count in [3, 4, 6, 8, 10] {
            let steps = SyntheticGait.stepTimes(count: count, start: 10, interval: 0.55)
            let samples = SyntheticGait.samples(stepTimes: steps, from: 0, to: 25, rate: 50)
            let counted = StepDetector.detect(samples).steps.count
            if count < 4 {
                #expect(counted == 0, "\(count) steps counted as \(counted)")
            } else {
                // The steps and the closing step of the stop.
                #expect(abs(counted - (count + 1)) <= 1, "\(count) steps counted as \(counted)")
            }
        }
    }

    @Test("irregular bumps at walking pace do not count")
    func irregularBumpsDoNotCount() {
        var generator = SplitMix64(seed: 3)
        var times: [Double] = []
        var time = 2.0
        while time < 60 {
            times.append(time)
            time += 0.3 + 1.5 * generator.uniform()  // 0.3–1.8 s apart, no rhythm
        }
        let samples = SyntheticGait.samples(stepTimes: times, from: 0, to: 62, rate: 50)
        let counted = StepDetector.detect(samples).steps.count
        #expect(counted <= times.count / 10, "\(counted) of \(times.count) irregular bumps counted")
    }

    @Test("a gap ends the bout and no step is counted inside it")
    func gapEndsBout() {
        let samples = SyntheticGait.samples(stepTimes: Self.walk, from: 0, to: 45, rate: 50)
        // The app is suspended from 15 s to 20 s.
        let withGap = samples.filter { $0.time < 15 || $0.time >= 20 }
        let result = StepDetector.detect(withGap)
        #expect(result.steps.allSatisfy { $0 < 15 || $0 >= 20 })
        #expect(result.bouts.count == 2)
        #expect(result.bouts.allSatisfy { $0.end < 15 || $0.start >= 20 })
        let inGap = Self.walk.filter { $0 >= 14.9 && $0 < 20.1 }.count
        // The bout after the gap ends in a stop: its closing step counts.
        #expect(result.steps.count <= Self.walk.count - inGap + 2)
        #expect(result.steps.count >= Self.walk.count - inGap - 4)
    }

    @Test("streaming one sample at a time equals batch detection")
    func streamingEqualsBatch() {
        let samples = SyntheticGait.samples(stepTimes: Self.walk, from: 0, to: 45, rate: 100, timingJitter: 1)
        let batch = StepDetector.detect(samples)
        var detector = StepDetector()
        var steps: [Double] = []
        var bouts: [WalkingBout] = []
        for sample in samples {
            detector.push(sample) { event in
                switch event {
                case .step(let time): steps.append(time)
                case .boutEnded(let bout): bouts.append(bout)
                }
            }
        }
        detector.finish { event in
            if case .boutEnded(let bout) = event { bouts.append(bout) }
        }
        #expect(steps == batch.steps)
        #expect(bouts == batch.bouts)
        #expect(detector.stepCount == batch.steps.count)
    }

    @Test("input sampled below 8 Hz is refused, not guessed")
    func sparseInputIsRefused() {
        let dense = SyntheticGait.samples(stepTimes: Self.walk, from: 0, to: 45, rate: 100)
        let sparse = stride(from: 0, to: dense.count, by: 30).map { dense[$0] }  // 3.3 Hz
        #expect(throws: StepDetectionError.self) { try StepDetector.checkSamplingRate(of: sparse) }
        #expect(throws: Never.self) { try StepDetector.checkSamplingRate(of: dense) }
        var detector = StepDetector()
        var counted = 0
        for sample in sparse {
            detector.push(sample) { if case .step = $0 { counted += 1 } }
        }
        #expect(counted == 0)
        #expect(detector.isSamplingTooSparse)
        #expect(detector.isRecordingTooSparse)
        #expect(detector.refusedDuration > 30)
    }

    @Test("NaN samples and backwards timestamps break the run without crashing")
    func badSamples() {
        var samples = SyntheticGait.samples(stepTimes: Self.walk, from: 0, to: 45, rate: 50)
        samples[1000].acceleration.x = .nan
        samples[1500].time = samples[1400].time
        let result = StepDetector.detect(samples)
        #expect(result.steps.count > 30)
        #expect(result.steps == result.steps.sorted())
    }

    @Test("cadence while walking, none when still")
    func runningCadence() {
        let samples = SyntheticGait.samples(stepTimes: Self.walk, from: 0, to: 45, rate: 50)
        var detector = StepDetector()
        var cadenceMidWalk: Double?
        for sample in samples {
            detector.push(sample) { _ in }
            if sample.time == samples[1250].time { cadenceMidWalk = detector.stepsPerMinute }
        }
        detector.finish { _ in }
        #expect(abs((cadenceMidWalk ?? 0) - 108) < 5)
        #expect(detector.stepsPerMinute == nil)
    }

    @Test("configuration overrides are validated")
    func configurationOverrides() {
        let configuration = StepDetector.Configuration.default
        #expect(configuration.isValid)
        #expect(configuration.setting("periodicityThreshold", to: 0.6)?.periodicityThreshold == 0.6)
        #expect(configuration.setting("noSuchParameter", to: 1) == nil)
        #expect(configuration.setting("bandHigh", to: 0.1) == nil)
        #expect(configuration.setting("internalRate", to: 5) == nil)
        for name in StepDetector.Configuration.parameterNames {
            let current = Mirror(reflecting: configuration).children.first { $0.label == name }?.value
            #expect(current != nil, "\(name) is not a stored parameter")
        }
    }
}

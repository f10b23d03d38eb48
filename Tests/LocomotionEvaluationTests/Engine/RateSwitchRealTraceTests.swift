import Foundation
import LocomotionDSP
import Testing
@_spi(Tuning) import Locomotion
import LocomotionEvaluation
import LocomotionTestSupport

/// The classifier and the step detector when the accelerometer rate changes mid-stream, as it does for a collector
/// that applies the gate's profiles (full rate → the low-power rate, or off → full rate): real recordings at full
/// rate whose middle third is thinned by `ClosedLoopSensors` exactly as `locomotion replay --closed-loop` thins
/// low-power time. Neither stage may invent anything at the switches, and both must be back to what the
/// unthinned recording gives once the rate is back.
@Suite(.tags(.realData), .enabled(if: TestDatasets.isPresent("mobifall-v2") && TestDatasets.isPresent("oxford-step-counter"),
                Comment(rawValue: TestDatasets.absence("mobifall-v2 or oxford-step-counter"))))
struct RateSwitchRealTraceTests {
    /// The rates of the middle third: off, the classifier's low-rate range, and the default low-power rate.
    static let rates: [Double] = [0, 2, 5, 10]

    /// MobiFall `timestamp_ns, x, y, z` (m/s², ~90 Hz, trouser pocket) after the `@DATA` line.
    static func mobifall(_ relative: String) throws -> [AccelerometerSample] {
        let text = try String(contentsOf: TestDatasets.folder("mobifall-v2/raw/" + relative), encoding: .utf8)
        var samples: [AccelerometerSample] = []
        var data = false
        for line in text.split(whereSeparator: \.isNewline) {
            if !data { data = line.hasPrefix("@DATA"); continue }
            let parts = line.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count >= 4, let t = parts[0], let x = parts[1], let y = parts[2], let z = parts[3] else { continue }
            let g = AccelerationUnit.standardGravity
            if let last = samples.last, t / 1e9 <= last.time { continue }
            samples.append(AccelerometerSample(time: t / 1e9, x: x / g, y: y / g, z: z / g))
        }
        return samples
    }

    /// The recordings: two walks (MobiFall in a trouser pocket at ~90 Hz, an Oxford walk with the phone in a front
    /// pocket at ~200 Hz) and a standing person (MobiFall).
    static func walks() throws -> [(name: String, samples: [AccelerometerSample])] {
        [("MobiFall sub3 WAL", try mobifall("sub3/ADL/WAL/WAL_acc_3_1.txt")),
         ("Oxford Samsung Dario FrontPocket", try StepTestDatasets.oxford("Samsung_Dario_Hard_FrontPocket_1").samples)]
    }

    /// The middle third of `samples`' span, and the samples a collector receives when its accelerometer runs at
    /// `rate` Hz (0: off) there and at full rate elsewhere.
    static func thinnedInTheMiddle(_ samples: [AccelerometerSample], rate: Double)
        -> (samples: [AccelerometerSample], middle: Range<Double>) {
        let start = samples.first!.time, span = samples.last!.time - start
        let middle = (start + span / 3)..<(start + 2 * span / 3)
        var lowPower = RecordingProfile.lowPower
        lowPower.accelerometerRate = rate
        var sensors = ClosedLoopSensors(profile: .highAccuracy, fullRate: RecordingProfile.highAccuracy.accelerometerRate)
        var phase = 0
        var kept: [AccelerometerSample] = []
        for sample in samples {
            if phase == 0 && sample.time >= middle.lowerBound || phase == 1 && sample.time >= middle.upperBound {
                sensors.observe(.recording(RecordingGate.Event(
                    time: sample.time, phase: phase == 0 ? .idle : .recording, mode: phase == 0 ? .lowPower : .highAccuracy,
                    profile: phase == 0 ? lowPower : .highAccuracy, changesMode: true,
                    reason: RecordingGate.Reason(rule: phase == 0 ? .stopTimeout : .dwell, trigger: .timer))))
                phase += 1
            }
            if sensors.receives(sampleAt: sample.time) { kept.append(sample) }
        }
        return (kept, middle)
    }

    /// The activity reported at each whole second from `start` to `end` by the streaming classifier (lagged, as on
    /// a phone), the updates of `finish` included.
    static func activityPerSecond(of samples: [AccelerometerSample], from start: Double, to end: Double)
        -> [(time: Double, activity: MotionActivity)] {
        var classifier = ActivityClassifier(smoothing: .lagged)
        var updates: [ActivityUpdate] = []
        for sample in samples { classifier.push(sample) { updates.append($0) } }
        classifier.finish { updates.append($0) }
        var index = 0
        return stride(from: start.rounded(.up), to: end, by: 1).map { time in
            while index + 1 < updates.count && updates[index + 1].start <= time { index += 1 }
            return (time, updates[index].activity)
        }
    }

    static func share(_ activity: MotionActivity, in seconds: [(time: Double, activity: MotionActivity)],
                      where included: (Double) -> Bool) -> Double {
        let chosen = seconds.filter { included($0.time) }
        return Double(chosen.filter { $0.activity == activity }.count) / Double(max(chosen.count, 1))
    }

    /// Walking stays walking across both switches: at every rate the recording's full-rate parts are walking as
    /// before (once the classifier's first decision after a hole is in: its lag and a window, 25 s), and the
    /// thinned middle is walking at the rates the low-rate rules serve (≥ 2 Hz) or unknown with the
    /// accelerometer off — never another activity.
    @Test(arguments: rates)
    func theClassifierFollowsAWalkThroughTheSwitches(rate: Double) throws {
        let settle = ActivityClassifier.TemporalParameters().lag + ActivityClassifier.Configuration().windowDuration
        for (name, samples) in try Self.walks() {
            let (thinned, middle) = Self.thinnedInTheMiddle(samples, rate: rate)
            let start = samples.first!.time, end = samples.last!.time
            let seconds = Self.activityPerSecond(of: thinned, from: start, to: end)
            let outside = Self.share(.walking, in: seconds) {
                ($0 >= start + settle && $0 < middle.lowerBound) || $0 >= middle.upperBound + settle
            }
            #expect(outside >= 0.95, "\(name) at \(rate) Hz: walking \(outside) outside the middle")
            let inside = Self.share(rate > 0 ? .walking : .unknown, in: seconds) { middle.contains($0) }
            #expect(inside >= 0.9, "\(name) at \(rate) Hz: \(inside) in the middle")
            let other = seconds.filter { ![.walking, .unknown].contains($0.activity) }
            #expect(other.count <= 5, "\(name) at \(rate) Hz: \(other.count) s neither walking nor unknown")
        }
    }

    /// Standing still stays still: the windows that straddle a switch (part full rate, part interpolated between
    /// sparse samples) show no motion, so the rate change starts no walk — the false onset a gate would act on.
    @Test(arguments: rates)
    func theClassifierSeesNoMotionInAStillPhoneThroughTheSwitches(rate: Double) throws {
        let samples = try Self.mobifall("sub3/ADL/STD/STD_acc_3_1.txt")
        let (thinned, middle) = Self.thinnedInTheMiddle(samples, rate: rate)
        let start = samples.first!.time
        let seconds = Self.activityPerSecond(of: thinned, from: start, to: samples.last!.time)
        let settle = ActivityClassifier.TemporalParameters().lag + ActivityClassifier.Configuration().windowDuration
        let still = Self.share(.stationary, in: seconds) {
            $0 >= start + settle && (rate > 0 || !middle.contains($0)) && !(middle.upperBound..<(middle.upperBound + settle)).contains($0)
        }
        #expect(still >= 0.95, "stationary \(still) at \(rate) Hz")
        #expect(!seconds.contains { $0.activity.isMoving }, "a moving second at \(rate) Hz")
    }

    /// Steps: as at full rate before the switch; none in a middle sampled below the detector's minimum rate once
    /// its rate check has noticed (refused, nothing invented), and at 10 Hz (above it) steps again, no more than
    /// the full-rate recording has; after the switch back, the count of the full-rate recording to within a
    /// bout's confirmation (`boutStepCount`).
    @Test(arguments: rates)
    func theStepDetectorRefusesSparseInputAndRecoversAtFullRate(rate: Double) throws {
        let configuration = StepDetector.Configuration.default
        for (name, samples) in try Self.walks() {
            let (thinned, middle) = Self.thinnedInTheMiddle(samples, rate: rate)
            func steps(_ input: [AccelerometerSample]) -> (times: [Double], detector: StepDetector) {
                var detector = StepDetector()
                var times: [Double] = []
                let collect = { (event: StepDetector.Event) in if case .step(let time) = event { times.append(time) } }
                for sample in input { detector.push(sample, emit: collect) }
                detector.finish(emit: collect)
                return (times, detector)
            }
            let (full, _) = steps(samples)
            let (observed, detector) = steps(thinned)
            func count(_ times: [Double], _ range: Range<Double>) -> Int { times.filter { range.contains($0) }.count }
            let before = -Double.infinity..<middle.lowerBound, after = middle.upperBound..<Double.infinity
            let tolerance = configuration.boutStepCount
            #expect(abs(count(observed, before) - count(full, before)) <= tolerance, "\(name) at \(rate) Hz, before")
            #expect(abs(count(observed, after) - count(full, after)) <= tolerance, "\(name) at \(rate) Hz, after")
            let inside = count(observed, middle), fullInside = count(full, middle)
            if rate * 1.001 < configuration.minimumSamplingRate {
                // The rate check is a median over the last 15 intervals: until it has seen the slower rate, the
                // bout goes on (steps that happened, from sparser samples, never more than at full rate); then
                // nothing is counted.
                let noticed = middle.lowerBound + (rate > 0 ? 15 / rate : 0)
                let early = middle.lowerBound..<noticed, late = noticed..<middle.upperBound
                #expect(count(observed, late) == 0, "\(name) at \(rate) Hz: \(count(observed, late)) steps in the thinned middle")
                #expect(count(observed, early) <= count(full, early), "\(name) at \(rate) Hz: steps invented at the switch")
                if rate > 0 && 1 / rate < configuration.maximumGap {
                    // Intervals longer than `maximumGap` are gaps, not refused input: only faster rates are refused.
                    #expect(detector.refusedDuration >= 0.9 * (late.upperBound - late.lowerBound),
                            "\(name) at \(rate) Hz: refused \(detector.refusedDuration) s")
                }
            } else {
                #expect(inside <= fullInside + 2 && inside >= fullInside / 2,
                        "\(name) at \(rate) Hz: \(inside) steps in the middle, \(fullInside) at full rate")
            }
        }
    }
}

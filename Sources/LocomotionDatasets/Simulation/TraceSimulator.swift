import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO

/// A seeded, reproducible model of a phone's accelerometer (and of the
/// location fixes it would get) through a schedule of activities.
///
/// For demos, tests of mechanics and benchmarks — **never for accuracy
/// claims**: the model is written by hand, so a classifier tuned on it learns
/// the model, not people. The model, per activity (user acceleration in g in a
/// body frame x forward, y left, z up, then seen through the phone's
/// orientation, plus gravity, in the CoreMotion sign convention: face up at
/// rest reads (0, 0, −1)):
///
/// - **sleep / still / desk**: phone on a table (tilt ≤ 2°, face down 15 %),
///   white sensor noise σ = 3 mg and a fixed bias ≤ 10 mg per axis; desk adds
///   typing vibration (σ 6 mg); *pickups* (Poisson, every ~15 min at home,
///   ~8 min at a desk, none asleep) move the phone to the hand for 5–40 s with
///   tremor (σ 20 mg, 0.3 Hz sway) and put it back in a new pose.
/// - **waiting**: standing, phone in a trouser pocket: body sway 10 mg at
///   0.2–0.4 Hz, orientation wobble ±2°.
/// - **walking**: step phase φ at a cadence of 1.65–2.05 steps/s that drifts
///   (AR(1) per step, σ ≈ 3 %); vertical A·(sin φ + 0.4 sin(2φ+p₂) +
///   0.15 sin(3φ+p₃)), forward 0.5A·sin(φ+1.2) + 0.2A·sin 2φ, lateral at the
///   stride frequency 0.3A·sin(φ/2); A = 0.18–0.32 g, varying ±8 % per step;
///   the pocket swings ±20° with the stride; noise σ = 20 mg. Speed = step
///   length (0.65–0.8 m) × cadence.
/// - **running**: cadence 2.6–2.95 steps/s; impacts A·(max(0, sin φ)³ − 0.212)
///   with A = 2.4–3.2 g, plus 0.3 g second harmonic; step length 1.0–1.3 m.
/// - **cycling**: pedalling 1.2–1.5 rev/s swings the thigh (pocket pitch
///   55° ± 25°), road noise σ = 60 mg, pedal-stroke bob 40 mg; 4.5–6 m/s.
/// - **bus / car**: a speed profile (accelerate at ≤ 1.2 / 2.5 m/s², cruise
///   at 9–12 / 12–16 m/s, brake, stop 8–25 s every 40–150 s; the car stops less)
///   gives the longitudinal acceleration dv/dt, turns give v·ω laterally;
///   engine and road vibration: three sinusoids in 8–22 Hz (5–20 mg) and
///   AR(1) road noise (30 / 20 mg), scaled with speed.
/// - **gap**: the app is suspended: no samples, no fixes.
///
/// Every segment starts with a 1–2 s orientation change to its new pose.
/// Timestamps are on a grid of 1/rate delayed by 0–30 % of a period (jitter), in microseconds;
/// acceleration is quantised to 0.1 mg like a real sensor. Fixes: 1 Hz while
/// moving (accuracy 3–12 m), every 10 s indoors (15–50 m; sleeping every
/// 30 s), with AR(1)-correlated position error of σ = accuracy/1.5 and
/// reported speed = true speed + N(0, 0.3 m/s).
///
/// Output depends only on the configuration: the generator is
/// ``SeededGenerator`` and time comes from the sample grid, never the clock.
/// O(1) memory, O(samples) time.
package struct TraceSimulator: Sendable {
    /// What to simulate.
    package struct Configuration: Sendable, Hashable {
        /// The schedule, played in order.
        package var segments: [SimulatedSegment]
        /// The seed of the pseudo-random generator.
        package var seed: UInt64
        /// Accelerometer sampling rate in Hz.
        package var rate: Double
        /// Time of the first sample, seconds since the Unix epoch.
        package var start: Double
        /// Where the day starts: WGS-84 latitude and longitude in degrees.
        package var latitude: Double
        package var longitude: Double

        /// 2023-11-14T00:00:00Z, a Tuesday.
        package static let defaultStart = 1_699_920_000.0

        package init(segments: [SimulatedSegment], seed: UInt64 = 1, rate: Double = 50,
                    start: Double = Configuration.defaultStart,
                    latitude: Double = 51.752, longitude: Double = -1.2577) {
            precondition(rate > 0 && rate <= 1000, "rate must be in (0, 1000] Hz")
            self.segments = segments
            self.seed = seed
            self.rate = rate
            self.start = start
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// The configuration played.
    package let configuration: Configuration

    package init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Plays the schedule, calling `sample` for every accelerometer sample
    /// (acceleration in g, with its ground-truth label) and `fix` for every
    /// location fix, interleaved in time order.
    /// - Complexity: O(1) memory.
    package func run<Failure: Error>(
        sample: (AccelerometerSample, MotionActivity) throws(Failure) -> Void,
        fix: (LocationFix) throws(Failure) -> Void
    ) throws(Failure) {
        var random = SeededGenerator(seed: configuration.seed)
        var body = SimulatedBody(random: &random)
        var fixes = FixModel()
        let periodMicros = max(1, Int64((1e6 / configuration.rate).rounded()))
        let period = Double(periodMicros) / 1e6
        let startMicros = Int64((configuration.start * 1e6).rounded())
        var sampleIndex: Int64 = 0
        var segmentStart = 0.0
        var nextFixTime = 0.0
        let metresPerDegreeLatitude = 111_320.0
        let metresPerDegreeLongitude = 111_320.0 * cos(configuration.latitude * .pi / 180)

        for segment in configuration.segments where segment.duration > 0 {
            let segmentEnd = segmentStart + segment.duration
            body.begin(segment.activity, random: &random)
            fixes.begin(segment.activity, random: &random)
            while true {
                let gridMicros = sampleIndex * periodMicros
                let time = Double(gridMicros) / 1e6
                if time >= segmentEnd { break }
                while nextFixTime <= time {
                    if segment.activity != .gap {
                        let reported = fixes.next(trueEast: body.east, trueNorth: body.north,
                                                  speed: body.speed, random: &random)
                        try fix(LocationFix(
                            time: configuration.start + nextFixTime,
                            latitude: quantised(configuration.latitude + reported.north / metresPerDegreeLatitude, 1e6),
                            longitude: quantised(configuration.longitude + reported.east / metresPerDegreeLongitude, 1e6),
                            horizontalAccuracy: quantised(reported.accuracy, 10),
                            speed: quantised(reported.speed, 100)))
                    }
                    nextFixTime += fixes.interval
                }
                if let label = segment.activity.label {
                    let acceleration = body.step(dt: period, random: &random)
                    let jitter = Int64(random.uniform(0...0.3) * Double(periodMicros))
                    let timeMicros = startMicros + gridMicros + jitter
                    try sample(AccelerometerSample(
                        time: Double(timeMicros) / 1e6,
                        x: quantised(acceleration.x, 1e4),
                        y: quantised(acceleration.y, 1e4),
                        z: quantised(acceleration.z, 1e4)), label)
                }
                sampleIndex += 1
            }
            segmentStart = segmentEnd
        }
    }

    @inline(__always)
    private func quantised(_ value: Double, _ scale: Double) -> Double {
        (value * scale).rounded() / scale
    }
}

/// The location provider's reported position: true position plus a
/// correlated error, with an accuracy estimate.
struct FixModel {
    var interval = 1.0
    private var accuracy = 5.0
    private var errorEast = 0.0
    private var errorNorth = 0.0
    private var correlation = 0.95
    private var moving = false

    mutating func begin(_ activity: SimulatedActivity, random: inout SeededGenerator) {
        switch activity {
        case .walking, .running, .cycling:
            interval = 1; accuracy = random.uniform(3...8); correlation = 0.95; moving = true
        case .bus, .car:
            interval = 1; accuracy = random.uniform(5...12); correlation = 0.95; moving = true
        case .waiting:
            interval = 1; accuracy = random.uniform(5...10); correlation = 0.95; moving = false
        case .still, .desk:
            interval = 10; accuracy = random.uniform(15...50); correlation = 0.6; moving = false
        case .sleep:
            interval = 30; accuracy = random.uniform(15...50); correlation = 0.4; moving = false
        case .gap:
            interval = 1; moving = false
        }
    }

    mutating func next(trueEast: Double, trueNorth: Double, speed: Double,
                       random: inout SeededGenerator) -> (east: Double, north: Double, accuracy: Double, speed: Double) {
        let sigma = accuracy / 1.5
        let innovation = (1 - correlation * correlation).squareRoot() * sigma
        errorEast = correlation * errorEast + innovation * random.gaussian()
        errorNorth = correlation * errorNorth + innovation * random.gaussian()
        let reportedAccuracy = accuracy * (1 + 0.1 * random.gaussian()).clamped(0.5, 2)
        let reportedSpeed = moving ? max(0, speed + 0.3 * random.gaussian()) : abs(0.1 * random.gaussian())
        return (trueEast + errorEast, trueNorth + errorNorth, reportedAccuracy, reportedSpeed)
    }
}

extension Double {
    @inline(__always)
    func clamped(_ lower: Double, _ upper: Double) -> Double { Swift.min(upper, Swift.max(lower, self)) }
}

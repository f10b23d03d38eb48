import Foundation
import Testing
@_spi(Tuning) import Locomotion
import LocomotionDSP
import LocomotionTestSupport

/// The pedalling rule and the steps gate on the real rides of qrowd-tr-phone (three people). The rule was written
/// looking at these rides (its held-out figures are `Scripts/evaluation/activity/cycling.py`'s, in Docs/accuracy.md), so these
/// are regression checks with loose bounds, not accuracy claims. Skipped when the dataset is absent.
@Suite("Cycling on qrowd-tr-phone's rides", .tags(.realData),
       .enabled(if: TestDatasets.isPresent("qrowd-tr-phone"), Comment(rawValue: TestDatasets.absence("qrowd-tr-phone"))))
struct ActivityCyclingRealDataTests {
    /// A session's rows (`"x","y","z","class"`, m/s², no time) as samples at the source's inferred 24 Hz, from
    /// `start` (s). (The library's adapter is `LocomotionDatasets.QROWDTRPhone`; this target does not link it.)
    static func session(_ activity: String, _ user: Int, start: Double = 0) throws -> [AccelerometerSample] {
        let path = TestDatasets.folder("qrowd-tr-phone/raw/\(activity)/user\(user).txt").path
        let g = AccelerationUnit.standardGravity
        var samples: [AccelerometerSample] = []
        for line in try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst() {
            let fields = line.split(separator: ",").map { Double($0.filter { $0 != "\"" }) }
            guard fields.count == 4, let x = fields[0], let y = fields[1], let z = fields[2] else { continue }
            samples.append(AccelerometerSample(time: start + Double(samples.count) / 24, x: x / g, y: y / g, z: z / g))
        }
        return samples
    }

    static func share(of activity: MotionActivity, in segments: [ActivitySegment]) -> Double {
        let total = segments.reduce(0) { $0 + $1.duration }
        return segments.filter { $0.activity == activity }.reduce(0) { $0 + $1.duration } / total
    }

    /// The steps a `MotionEngine` (classifier and step gate, as on a phone) counts in `samples`. Steps wait until the
    /// activity at their time is final: about the classifier's lag and a window (the oldest undecided hop's start
    /// trails the newest sample by that, plus the hop being filled and the input's sampling), and none is left at
    /// the end.
    static func steps(_ samples: [AccelerometerSample]) throws -> [Double] {
        var engine = MotionEngine(timeZone: TimeZone(identifier: "UTC")!)
        var steps: [Double] = []
        var oldestWait = 0.0
        for sample in samples {
            try engine.push(sample) { event in
                if case .step(let time) = event {
                    steps.append(time)
                    oldestWait = max(oldestWait, sample.time - time)
                }
            }
            #expect(engine.stepCount == steps.count)
        }
        engine.finish { if case .step(let time) = $0 { steps.append(time) } }
        #expect(engine.waitingStepCount == 0 && engine.stepCount == steps.count)
        let lag = ActivityClassifier.TemporalParameters().lag + ActivityClassifier.Configuration().windowDuration
        #expect(oldestWait <= lag + 3, "a step reached the caller \(oldestWait) s late")
        return steps
    }

    @Test(arguments: [1, 2, 3])
    func aRideIsCyclingAndAWalkIsNot(user: Int) throws {
        let ride = ActivityClassifier.segments(of: try Self.session("cycling", user))
        #expect(Self.share(of: .cycling, in: ride) > 0.9, "\(ride)")
        let walk = ActivityClassifier.segments(of: try Self.session("walk", user))
        #expect(Self.share(of: .walking, in: walk) > 0.9, "\(walk)")
        #expect(Self.share(of: .cycling, in: walk) < 0.02, "\(walk)")
    }

    @Test(arguments: [1, 2, 3])
    func aRideHasNoSteps(user: Int) throws {
        let ride = try Self.session("cycling", user)
        let minutes = (ride.last!.time - ride.first!.time) / 60
        #expect(Double(try Self.steps(ride).count) <= 2 * minutes)
    }

    /// A walk to the bike, the ride and a walk from it, one after the other: the walks keep (nearly) the steps they
    /// have alone, the ride counts none of its pedal strokes.
    @Test func theWalksToAndFromTheBikeKeepTheirSteps() throws {
        let before = Array(try Self.session("walk", 2).suffix(24 * 90))
        let walkStart = before.first!.time
        let to = before.map { AccelerometerSample(time: $0.time - walkStart, acceleration: $0.acceleration) }
        let ride = try Self.session("cycling", 2, start: to.last!.time + 1 / 24)
        let from = Array(try Self.session("walk", 2, start: ride.last!.time + 1 / 24).prefix(24 * 90))
        let steps = try Self.steps(to + ride + from)
        let alone = (try Self.steps(to).count, try Self.steps(from).count)
        let inRide = steps.filter { $0 > to.last!.time && $0 < from.first!.time }.count
        let inWalks = (steps.filter { $0 <= to.last!.time }.count, steps.filter { $0 >= from.first!.time }.count)
        #expect(alone.0 > 100 && alone.1 > 100)
        #expect(abs(inWalks.0 - alone.0) <= 10 && abs(inWalks.1 - alone.1) <= 10, "\(inWalks) vs alone \(alone)")
        #expect(Double(inRide) <= 2 * (ride.last!.time - ride.first!.time) / 60, "\(inRide) steps in the ride")
    }
}

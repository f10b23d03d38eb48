import Foundation
import Testing
@_spi(Tuning) @testable import Locomotion
import LocomotionTestSupport

extension SplitMix64 {
    /// A standard normal deviate (Box–Muller).
    mutating func gaussian() -> Double {
        (-2 * log(1 - uniform())).squareRoot() * cos(2 * .pi * uniform())
    }
}

/// Fixes along a straight eastward line at `speed` m/s, one every `interval` s (positions computed on the
/// ellipsoid's parallel at 37.4° N, near the GSDC drives), reporting `reportedSpeed` (nil: none).
func eastwardDrive(start: Double = 1_600_000_000, count: Int, interval: Double, speed: Double,
                   reportedSpeed: Double?? = .none, accuracy: Double? = nil) -> [LocationFix] {
    let metresPerDegree = 111_320 * cos(37.4 * .pi / 180)
    return (0..<count).map { index in
        let seconds = Double(index) * interval
        return LocationFix(time: start + seconds, latitude: 37.4, longitude: -122.0 + speed * seconds / metresPerDegree,
                           horizontalAccuracy: accuracy, speed: reportedSpeed ?? speed)
    }
}

/// Fixes around a circle of `radius` m at `speed` m/s, one every `interval` s, reporting their speed: a path whose
/// chords between sparse fixes are shorter than the arc.
func circularDrive(start: Double = 1_600_000_000, radius: Double, speed: Double, interval: Double, laps: Double) -> [LocationFix] {
    let count = Int(laps * 2 * .pi * radius / speed / interval) + 1
    let metresPerDegreeLatitude = 111_000.0, metresPerDegreeLongitude = 111_000 * cos(37.4 * .pi / 180)
    return (0..<count).map { index in
        let angle = speed * Double(index) * interval / radius
        return LocationFix(time: start + Double(index) * interval,
                           latitude: 37.4 + radius * sin(angle) / metresPerDegreeLatitude,
                           longitude: -122.0 + radius * (1 - cos(angle)) / metresPerDegreeLongitude, speed: speed)
    }
}

@Suite("Odometer implied-speed rule")
struct OdometerImpliedSpeedTests {
    @Test("a car logged every 30 s is measured, not rejected step by step as the 50 m rule does")
    func sparseCar() throws {
        let drive = eastwardDrive(count: 41, interval: 30, speed: 25, reportedSpeed: .some(nil))
        let odometer = Odometer.measuring(drive, timeZone: utc)
        let day = try #require(odometer.today)
        #expect(abs(day.distance - pathLength(drive)) < 1e-6)
        #expect(day.acceptedFixes == 41 && day.rejectedJumps == 0)
        #expect(day.sparseChordSteps == 40)  // no speed reported: every 30 s step is a bare chord
        let fixed = try #require(Odometer.measuring(drive, configuration: .fixedJumpLimit, timeZone: utc).today)
        #expect(fixed.distance < 0.2 * pathLength(drive), "the 50 m rule keeps only what re-anchoring observes")
    }

    @Test("the activity sets the top speed; a fix's own speed raises it")
    func activityLimits() throws {
        // 25 m/s at one fix a second (15 m/s beyond the two fixes' 5 m circles): no one on foot, a cyclist at
        // the top of the class, any vehicle.
        let ride = eastwardDrive(count: 20, interval: 1, speed: 25, reportedSpeed: .some(nil), accuracy: 5)
        func measured(_ activity: MotionActivity, _ fixes: [LocationFix]) -> DailyDistance? {
            Odometer.measuring(fixes, activities: [ActivityUpdate(start: 0, activity: activity, confidence: .high)],
                               timeZone: utc).today
        }
        let walking = try #require(measured(.walking, ride))
        #expect(walking.distance == 0 && walking.rejectedJumps == 19)
        for activity in [MotionActivity.cycling, .automotive, .unknown, .stationary] {
            #expect(abs(try #require(measured(activity, ride)).distance - pathLength(ride)) < 1e-6, "\(activity)")
        }
        // The classifier says walking but the fixes report 25 m/s: the fixes win.
        let reported = eastwardDrive(count: 20, interval: 1, speed: 25, accuracy: 5)
        #expect(abs(try #require(measured(.walking, reported)).distance - pathLength(reported)) < 1e-6)
    }

    @Test("a spike that leaves and comes back is dropped; a fix that continues confirms it")
    func spikes() throws {
        var walk = northwardTrack(start: 1_000_000, count: 30)
        let clean = pathLength(walk)
        walk[12].longitude += 35 / 68_000  // 35 m east for one second: reachable by speed, not by acceleration
        var odometer = Odometer(timeZone: utc)
        let outcomes = walk.map { odometer.outcome(of: $0) }
        #expect(outcomes[12] == .rejected(.spike))
        #expect(outcomes[13] == .accepted(distance: Geodesic.distance(from: walk[11], to: walk[13])))
        let day = try #require(odometer.today)
        #expect(day.rejectedSpikes == 1 && day.acceptedFixes == 29)
        #expect(abs(day.distance - clean) < 0.01)
        // A car whose fixes report speed 0 (Android's "no speed"): every step looks too long for the speed, and
        // every one is confirmed by the next fix; nothing is lost but the last suspect.
        let drive = eastwardDrive(count: 60, interval: 1, speed: 30, reportedSpeed: .some(0), accuracy: 5)
        let driven = try #require(Odometer.measuring(drive, timeZone: utc).today)
        let lastStep = Geodesic.distance(from: drive[58], to: drive[59])
        #expect(driven.distance >= pathLength(drive) - lastStep - 1e-6 && driven.distance <= pathLength(drive) + 1e-6)
        #expect(driven.rejectedSpikes <= 1)
    }

    @Test("a parked phone adds nothing: its fixes report a still speed, or the gate says stationary")
    func parked() throws {
        // An hour at one fix a second, wandering a few metres around a point (a correlated random walk, as GNSS
        // drifts), reporting Doppler speeds of 0 … 0.6 m/s.
        var random = SplitMix64(seed: 7)
        var east = 0.0, north = 0.0
        var fixes: [LocationFix] = []
        for second in 0..<3600 {
            east = 0.98 * east + 0.6 * random.gaussian()
            north = 0.98 * north + 0.6 * random.gaussian()
            fixes.append(LocationFix(time: 1_000_000 + Double(second), latitude: 52.5 + north / 111_250,
                                     longitude: 13.4 + east / 67_700, horizontalAccuracy: 8, speed: 0.6 * random.uniform()))
        }
        let wander = pathLength(fixes)
        #expect(wander > 1000, "the drift is not vacuous: \(wander) m")
        let byFixes = try #require(Odometer.measuring(fixes, timeZone: utc).today)
        #expect(byFixes.distance <= 5, "\(byFixes.distance) m in an hour parked")
        #expect(byFixes.rejectedStill >= 3500)
        // The same without reported speeds, gated by a stationary activity: zero.
        let unreported = fixes.map { LocationFix(time: $0.time, latitude: $0.latitude, longitude: $0.longitude, horizontalAccuracy: 8) }
        var gated = Odometer.Configuration()
        gated.movingActivities = RecordingGate.Policy.anyMovement.recordedActivities
        let stationary = [ActivityUpdate(start: 0, activity: .stationary, confidence: .high)]
        #expect(Odometer.measuring(unreported, activities: stationary, configuration: gated, timeZone: utc).today?.distance == 0)
    }

    @Test("a drive that starts after a still stretch is measured from where the phone stood")
    func departure() throws {
        let still = (0..<120).map { LocationFix(time: 1_600_000_000 + Double($0), latitude: 37.4, longitude: -122.0, speed: 0) }
        let drive = eastwardDrive(start: 1_600_000_120, count: 60, interval: 1, speed: 15)
        let day = try #require(Odometer.measuring(still + drive, timeZone: utc).today)
        #expect(abs(day.distance - pathLength(drive)) < 1e-6)
        #expect(day.rejectedStill == 119)
    }

    @Test("steps longer than the step interval were not observed; shorter sparse ones were")
    func gaps() throws {
        // One fix every 300 s (Android's fused location every 5 minutes) on foot: every step is added.
        let sparse = northwardTrack(start: 1_000_000, count: 13, interval: 300, step: 400)
        #expect(abs(try #require(Odometer.measuring(sparse, timeZone: utc).today).distance - pathLength(sparse)) < 1e-6)
        // The same with one 15-minute hole: that step is not added, three fixes re-anchor after it.
        var holed = sparse
        for index in 6..<holed.count { holed[index].time += 600 }
        let day = try #require(Odometer.measuring(holed, timeZone: utc).today)
        #expect(day.reanchors == 1)
        let notObserved = Geodesic.distance(from: holed[5], to: holed[6])
        #expect(abs(day.distance - (pathLength(holed) - notObserved)) < 1e-6)
    }

    @Test("a coarse fix counts only where its circle is small against the step")
    func coarseFixes() throws {
        // Network positions (100 m) of a car every 60 s at 30 m/s: 1.8 km steps, each at most 1/18 uncertain.
        let drive = eastwardDrive(count: 20, interval: 60, speed: 30, reportedSpeed: .some(nil), accuracy: 100)
        let odometer = Odometer.measuring(drive, configuration: Odometer.Configuration(), timeZone: utc)
        #expect(abs(try #require(odometer.today).distance - pathLength(drive)) < 1e-6)
        // The same fixes every second: 30 m steps under 100 m circles mean nothing (the first only starts).
        let dense = eastwardDrive(count: 20, interval: 1, speed: 30, reportedSpeed: .some(nil), accuracy: 100)
        let refused = try #require(Odometer.measuring(dense, timeZone: utc).today)
        #expect(refused.distance == 0 && refused.rejectedInaccurate == 19)
        // A good fix after a coarse start takes over without adding the coarse circle's error.
        var mixed = dense
        mixed[1].horizontalAccuracy = 5
        mixed[1].longitude += 300 / 88_000  // 300 m off the coarse fix: inside its 1 km of meaning
        var odometer2 = Odometer(timeZone: utc)
        #expect(mixed.prefix(2).map { odometer2.outcome(of: $0) } == [.accepted(distance: 0), .accepted(distance: 0)])
        // The fixed-distance rule refuses them all, at any step.
        #expect(Odometer.measuring(drive, configuration: .fixedJumpLimit, timeZone: utc).today?.rejectedInaccurate == 20)
    }

    @Test("between sparse fixes the reported speed lengthens the chord, never past the speed integral")
    func speedBetweenSparseFixes() throws {
        // A 400 m circle at 15 m/s, one fix a minute: 900 m of arc per step, a chord 27 % shorter.
        let drive = circularDrive(radius: 400, speed: 15, interval: 60, laps: 3)
        let arc = 15 * (drive.last!.time - drive.first!.time)
        let chords = pathLength(drive)
        let day = try #require(Odometer.measuring(drive, timeZone: utc).today)
        #expect(day.distance > chords + 0.4 * (arc - chords) && day.distance < arc, "\(chords) < \(day.distance) < \(arc)")
        #expect(day.speedSteps == drive.count - 1)
        #expect(abs(day.distance - chords - day.speedAddedDistance) < 1e-6)
        var chordOnly = Odometer.Configuration()
        chordOnly.usesReportedSpeed = false
        #expect(abs(try #require(Odometer.measuring(drive, configuration: chordOnly, timeZone: utc).today).distance - chords) < 1e-6)
        // Dense fixes on the same circle: the chords are the arc, the speed adds nothing.
        let dense = circularDrive(radius: 400, speed: 15, interval: 1, laps: 1)
        let denseDay = try #require(Odometer.measuring(dense, timeZone: utc).today)
        #expect(denseDay.speedSteps == 0 && abs(denseDay.distance - pathLength(dense)) < 1e-6)
    }

    @Test("every fix is counted once, by one reason or as accepted")
    func everyFixCounted() throws {
        var random = SplitMix64(seed: 11)
        var fixes = eastwardDrive(count: 400, interval: 1, speed: 12, accuracy: 6)
        for index in stride(from: 5, to: 400, by: 17) { fixes[index].longitude += random.uniform() * 0.01 }
        for index in stride(from: 9, to: 400, by: 23) { fixes[index].horizontalAccuracy = 200 }
        for index in 200..<260 { fixes[index].speed = 0.1; fixes[index].longitude = fixes[199].longitude }
        let odometer = Odometer.measuring(fixes, timeZone: utc)
        #expect(odometer.history.reduce(0) { $0 + $1.totalFixes } == fixes.count)
    }

    @Test("the 50 m rule by name is the odometer as it was: chords, a fixed limit, nothing else")
    func fixedJumpLimitByName() throws {
        #expect(Odometer.Configuration.fixedJumpLimit.rule == .fixedDistance && Odometer.Configuration.fixedJumpLimit.jumpLimit == 50)
        // Dense walking fixes with a still stretch and a 40 m spike: the 50 m rule adds both, as it always did.
        var walk = northwardTrack(start: 1_000_000, count: 60)
        walk[30].longitude += 40 / 68_000
        let day = try #require(Odometer.measuring(walk, configuration: .fixedJumpLimit, timeZone: utc).today)
        #expect(abs(day.distance - pathLength(walk)) < 1e-6)
        #expect(day.rejectedSpikes == 0 && day.rejectedStill == 0 && day.speedSteps == 0)
    }

    @Test("a configuration saved before the implied-speed rule reads as the rule it ran")
    func oldConfigurationSnapshot() throws {
        let encoded = try JSONEncoder().encode(Odometer.Configuration())
        var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        for key in ["rule", "onFootMaximumSpeed", "cyclingMaximumSpeed", "vehicleMaximumSpeed", "maximumStepInterval",
                    "assumedAccuracy", "stillSpeed", "maximumAcceleration", "coarseFixStepRatio", "usesReportedSpeed"] {
            #expect(object.removeValue(forKey: key) != nil, "\(key)")
        }
        let old = try JSONDecoder().decode(Odometer.Configuration.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old == Odometer.Configuration(rule: .fixedDistance))
        let roundTrip = try JSONDecoder().decode(Odometer.Configuration.self, from: encoded)
        #expect(roundTrip == Odometer.Configuration())
    }
}

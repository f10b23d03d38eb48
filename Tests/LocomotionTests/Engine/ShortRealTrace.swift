import Foundation
import LocomotionDSP
import LocomotionTestSupport
import Testing
@testable import Locomotion

/// Short real recordings from four datasets (10 s to 3 minutes, about 800–1 500 samples each), chosen so that
/// something the engine carries across a snapshot happens inside them: a car ride whose vibration makes a short
/// bout of step-like peaks, held back and dropped (us-tm2017, irregular, ≈ 8 Hz); a ride that ends and, after a
/// real pause in the recording, a walk that begins (us-tm2017, ≈ 5 Hz); the start of a walk with the phone in the hand
/// (Oxford, 100 Hz); walking that turns into jogging (MobiFall, ≈ 87 Hz); and sit → stand → walk → turn → walk →
/// sit (GeoTecINIT, ≈ 92 Hz). Each gets real phone GNSS fixes (GSDC 2021, 1 Hz) re-timed over its samples, from
/// a stretch of the drive at a pace that suits it. The recordings were made by different people on different
/// phones; the fixes were not recorded with them, so these traces check mechanics (restore, wake-ups), never
/// accuracy.
enum ShortRealTrace: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case usTm2017CarRide = "us-tm2017 car ride"
    case usTm2017CarPauseWalk = "us-tm2017 car → 89 s pause → walk"
    case oxfordWalkInHand = "Oxford walk, phone in the hand"
    case mobifallWalkToJog = "MobiFall walk → jog"
    case geotecinitSitWalkSit = "GeoTecINIT sit → walk → sit"

    var testDescription: String { rawValue }

    /// The dataset folders the traces need (under `TestDatasets.root`).
    static let folders = ["us-tm2017", "oxford-step-counter", "mobifall-v2", "geotecinit-sp-har", "gsdc2021-mtv-nmea"]
    static var isAvailable: Bool { folders.allSatisfy(TestDatasets.isPresent) }
    static var absent: Comment {
        Comment(rawValue: "short real traces need \(folders.filter { !TestDatasets.isPresent($0) }.joined(separator: ", ")) "
                + "under \(TestDatasets.root.path) (set LOCOMOTION_DATASETS)")
    }

    /// The user's zone where each was recorded.
    var timeZone: TimeZone {
        switch self {
        case .usTm2017CarRide, .usTm2017CarPauseWalk: TimeZone(identifier: "Europe/Rome")!
        case .oxfordWalkInHand: TimeZone(identifier: "Europe/London")!
        case .mobifallWalkToJog: TimeZone(identifier: "Europe/Athens")!
        case .geotecinitSitWalkSit: TimeZone(identifier: "Europe/Madrid")!
        }
    }

    /// The samples (time in s, acceleration in g) and the re-timed fixes.
    func load() throws -> (samples: [AccelerometerSample], fixes: [LocationFix]) {
        // The GSDC drive's fixes start with a minute parked, then the car pulls away: from fix 62 on, speeds rise
        // from 0 to 4 m/s over 12 s (the pace of a walk or a jog); from fix 90 on it drives at 10–15 m/s.
        let (walkingPace, drivingPace) = (62, 90)
        switch self {
        case .usTm2017CarRide:
            let ride = try Self.usTm2017("Damiano_Car_1485092389164")
            return (ride, try Self.fixes(over: ride, from: drivingPace))
        case .usTm2017CarPauseWalk:
            // Two consecutive sessions on their own clock: the last 40 s of a car ride, the 89 s in which the
            // phone recorded nothing, the first 45 s of the walk that followed.
            let car = try Self.usTm2017("Damiano_Car_1485093419815")
            let walk = try Self.usTm2017("Damiano_Walking_1485093716801")
            let (carEnd, walkStart) = (car.filter { $0.time >= car.last!.time - 40 }, walk.filter { $0.time < walk[0].time + 45 })
            return (carEnd + walkStart, try Self.fixes(over: carEnd, from: drivingPace) + Self.fixes(over: walkStart, from: walkingPace))
        case .oxfordWalkInHand:
            let walk = try Self.oxford("Samsung_Jamie_Hard_InHand_1")
            let samples = walk.filter { $0.time < walk[0].time + 15 }
            return (samples, try Self.fixes(over: samples, from: walkingPace))
        case .mobifallWalkToJog:
            let walk = try Self.mobifall("sub4/ADL/WAL/WAL_acc_4_1.txt")
            let jog = try Self.mobifall("sub4/ADL/JOG/JOG_acc_4_1.txt")
            let samples = Self.joined([walk.filter { $0.time >= walk.last!.time - 8 }, jog.filter { $0.time < jog[0].time + 8 }])
            return (samples, try Self.fixes(over: samples, from: walkingPace))
        case .geotecinitSitWalkSit:
            let samples = try Self.geotecinit("DATA/s05/s05_01_sp.csv")
            return (samples, try Self.fixes(over: samples, from: walkingPace))
        }
    }

    // MARK: Readers (native files, acceleration in m/s² → g)

    private static let g = AccelerationUnit.standardGravity

    private static func lines(_ relative: String) throws -> [Substring] {
        try String(contentsOf: TestDatasets.folder(relative), encoding: .isoLatin1).split(whereSeparator: \.isNewline)
    }

    /// Keeps the rows whose time is after the previous row's (the files have a few repeated times).
    private static func increasing(_ samples: [AccelerometerSample]) -> [AccelerometerSample] {
        var kept: [AccelerometerSample] = []
        for sample in samples where kept.last.map({ sample.time > $0.time }) ?? true { kept.append(sample) }
        return kept
    }

    /// `t_ms,sensor,x,y,z`, the accelerometer rows; t_ms counts from the start time in the file name (ms since 1970).
    private static func usTm2017(_ session: String) throws -> [AccelerometerSample] {
        let start = Double(session.split(separator: "_").last!)! / 1000
        return increasing(try lines("us-tm2017/raw/sensorfile_\(session).csv").compactMap { line in
            let f = line.split(separator: ",")
            guard f.count >= 5, f[1] == "android.sensor.accelerometer", let t = Double(f[0]), let x = Double(f[2]),
                  let y = Double(f[3]), let z = Double(f[4]) else { return nil }
            return AccelerometerSample(time: start + t / 1000, x: x / g, y: y / g, z: z / g)
        })
    }

    /// `timestamp_ns,accuracy,x,y,z` (ns since boot).
    private static func oxford(_ trace: String) throws -> [AccelerometerSample] {
        increasing(try lines("oxford-step-counter/raw/optimisation/data/\(trace)/accelerometer.csv").compactMap { line in
            let f = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard f.count >= 5, let t = Double(f[0]), let x = Double(f[2]), let y = Double(f[3]), let z = Double(f[4])
            else { return nil }
            return AccelerometerSample(time: t * 1e-9, x: x / g, y: y / g, z: z / g)
        })
    }

    /// `timestamp_ns, x, y, z` after the `@DATA` line.
    private static func mobifall(_ file: String) throws -> [AccelerometerSample] {
        let rows = try lines("mobifall-v2/raw/\(file)").drop { !$0.hasPrefix("@DATA") }.dropFirst()
        return increasing(rows.compactMap { line in
            let f = line.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard f.count >= 4, let t = f[0], let x = f[1], let y = f[2], let z = f[3] else { return nil }
            return AccelerometerSample(time: t * 1e-9, x: x / g, y: y / g, z: z / g)
        })
    }

    /// `x,y,z,gx,gy,gz,timestamp_ms,label` with a header.
    private static func geotecinit(_ file: String) throws -> [AccelerometerSample] {
        increasing(try lines("geotecinit-sp-har/raw/\(file)").dropFirst().compactMap { line in
            let f = line.split(separator: ",")
            guard f.count >= 8, let x = Double(f[0]), let y = Double(f[1]), let z = Double(f[2]), let t = Double(f[6])
            else { return nil }
            return AccelerometerSample(time: t / 1000, x: x / g, y: y / g, z: z / g)
        })
    }

    /// Recordings re-timed to follow each other, each starting one median sampling interval after the previous
    /// one ends.
    private static func joined(_ parts: [[AccelerometerSample]]) -> [AccelerometerSample] {
        var joined: [AccelerometerSample] = []
        for part in parts {
            let intervals = zip(part, part.dropFirst()).map { $1.time - $0.time }.sorted()
            let start = joined.last.map { $0.time + intervals[intervals.count / 2] } ?? part[0].time
            joined += part.map { AccelerometerSample(time: $0.time - part[0].time + start, acceleration: $0.acceleration) }
        }
        return joined
    }

    /// The GSDC fixes from index `first` on, moved to start 1 s after the first sample and kept up to the last one.
    private static func fixes(over samples: [AccelerometerSample], from first: Int) throws -> [LocationFix] {
        let fixes = try EngineTestData.gnssFixes()[first...]
        let shift = samples[0].time + 1 - fixes.first!.time
        return fixes.map {
            LocationFix(time: $0.time + shift, latitude: $0.latitude, longitude: $0.longitude,
                        horizontalAccuracy: $0.horizontalAccuracy, speed: $0.speed)
        }.filter { $0.time <= samples.last!.time }
    }
}

import Foundation
import Testing
@_spi(Tuning) import Locomotion
import LocomotionDSP
import LocomotionTestSupport

private let datasetsRoot = TestDatasets.root.path

private func exists(_ relative: String) -> Bool {
    FileManager.default.fileExists(atPath: datasetsRoot + "/" + relative)
}

private func lines(_ relative: String) throws -> [Substring] {
    try String(contentsOfFile: datasetsRoot + "/" + relative, encoding: .utf8).split(whereSeparator: \.isNewline)
}

/// Share of the segments' time spent in `activities`.
private func share(of activities: Set<MotionActivity>, in segments: [ActivitySegment]) -> Double {
    let total = segments.reduce(0) { $0 + $1.duration }
    let matching = segments.filter { activities.contains($0.activity) }.reduce(0) { $0 + $1.duration }
    return total > 0 ? matching / total : 0
}

private let g = AccelerationUnit.standardGravity

/// Small real-data checks on people not used for tuning, with loose bounds (the full measurement is
/// `Scripts/activity/evaluate.sh`, reported in Docs/accuracy.md). Skipped when ../shared/datasets is absent.
@Suite("ActivityClassifier on real recordings (test people only)",
       .tags(.realData), .enabled(if: exists("mobifall-v2"), "../shared/datasets is absent (set LOCOMOTION_DATASETS); real-data checks skipped"))
struct ActivityRealDataTests {
    /// MobiFall `timestamp_ns, x, y, z` (m/s²) after the `@DATA` line.
    private func mobifall(_ relative: String) throws -> [AccelerometerSample] {
        var samples: [AccelerometerSample] = []
        var data = false
        for line in try lines(relative) {
            if !data { data = line.hasPrefix("@DATA"); continue }
            let parts = line.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count >= 4, let t = parts[0], let x = parts[1], let y = parts[2], let z = parts[3] else { continue }
            samples.append(AccelerometerSample(time: t / 1e9, x: x / g, y: y / g, z: z / g))
        }
        return samples
    }

    @Test func mobifallSubject4() throws {
        let walking = ActivityClassifier.segments(of: try mobifall("mobifall-v2/raw/sub4/ADL/WAL/WAL_acc_4_1.txt"))
        #expect(share(of: [.walking], in: walking) > 0.85, "\(walking)")
        let standing = ActivityClassifier.segments(of: try mobifall("mobifall-v2/raw/sub4/ADL/STD/STD_acc_4_1.txt"))
        #expect(share(of: [.stationary], in: standing) > 0.85, "\(standing)")
        let jogging = ActivityClassifier.segments(of: try mobifall("mobifall-v2/raw/sub4/ADL/JOG/JOG_acc_4_1.txt"))
        #expect(share(of: [.running], in: jogging) > 0.6, "\(jogging)")
        #expect(share(of: [.stationary, .automotive], in: jogging) < 0.1, "\(jogging)")
    }

    /// us-tm2017 `t_ms, sensor, x, y, z` rows of the accelerometer (m/s²), times made increasing.
    private func ustm(_ relative: String) throws -> [AccelerometerSample] {
        var samples: [AccelerometerSample] = []
        for line in try lines(relative) {
            let parts = line.split(separator: ",")
            guard parts.count >= 5, parts[1] == "android.sensor.accelerometer", let t = Double(parts[0]),
                  let x = Double(parts[2]), let y = Double(parts[3]), let z = Double(parts[4]) else { continue }
            if let last = samples.last, t / 1000 <= last.time { continue }
            samples.append(AccelerometerSample(time: t / 1000, x: x / g, y: y / g, z: z / g))
        }
        return samples
    }

    /// A person of the fixed split's test group (never looked at while the rules were written; like everyone, among
    /// the 23 people the defaults were chosen on). Bounds are the issue's targets: stillness ≥ 0.95, a ride ≥ 0.90.
    @Test(.tags(.realData), .enabled(if: exists("us-tm2017"), "us-tm2017 is absent"))
    func usTransportationModeTestUser() throws {
        let still = ActivityClassifier.segments(of: try ustm("us-tm2017/raw/sensorfile_andreacasalena_Still_1494702992016.csv"))
        #expect(share(of: [.stationary], in: still) >= 0.95, "\(still)")
        // A car ride (4.6 samples/s, often below 5 samples/s, 23 drop-outs of 1–2 s): the temporal model carries
        // the ride across the drop-outs, so the bumpy stretches after them are not taken for walking.
        let car = ActivityClassifier.segments(of: try ustm("us-tm2017/raw/sensorfile_andreacasalena_Car_1494720458830.csv"))
        #expect(share(of: [.walking, .running], in: car) < 0.05, "\(car)")
        #expect(share(of: [.automotive], in: car) >= 0.9, "\(car)")
    }

    /// us-tm2017's andrea, whose phone delivers 1.5–3.6 samples/s with hundreds of drop-outs: walking must be found
    /// from the energy of the sparse samples, stillness stay still (the issue's targets as bounds); the
    /// leave-one-person-out figures are in Docs/accuracy.md.
    @Test(.tags(.realData), .enabled(if: exists("us-tm2017"), "us-tm2017 is absent"))
    func usTransportationModeLowRateUser() throws {
        let walking = ActivityClassifier.segments(of: try ustm("us-tm2017/raw/sensorfile_andrea_Walking_1480508645016.csv"))
        #expect(share(of: [.walking], in: walking) >= 0.9, "\(walking)")
        #expect(share(of: [.automotive], in: walking) < 0.05, "\(walking)")
        let still = ActivityClassifier.segments(of: try ustm("us-tm2017/raw/sensorfile_andrea_Still_1480332032170.csv"))
        #expect(share(of: [.stationary], in: still) >= 0.95, "\(still)")
        #expect(share(of: [.walking, .running], in: still) < 0.05, "\(still)")
    }

    /// A smooth train on the same sparse phone: its raw input deviation (median 0.009 g over 5 s windows) lies
    /// between the low-rate stillness threshold and the 20 Hz one. The low-rate rules have their own threshold, so
    /// the ride is mostly a ride; with the 20 Hz threshold's 0.012 g it would be still almost throughout.
    @Test(.tags(.realData), .enabled(if: exists("us-tm2017"), "us-tm2017 is absent"))
    func aSmoothTrainOnASparsePhoneIsARide() throws {
        let samples = try ustm("us-tm2017/raw/sensorfile_andrea_Train_1480490290470.csv")
        let train = ActivityClassifier.segments(of: samples)
        #expect(share(of: [.automotive], in: train) > share(of: [.stationary], in: train), "\(train)")
        var shared = ActivityClassifier.Configuration()
        shared.lowRateStationaryMaximumDeviation = 0.012
        let asStill = ActivityClassifier.segments(of: samples, configuration: shared)
        #expect(share(of: [.stationary], in: asStill) > share(of: [.stationary], in: train), "\(asStill)")
    }

    @Test(.tags(.realData), .enabled(if: exists("geotecinit-sp-har"), "geotecinit-sp-har is absent"))
    func geotecSubject5WalksAreWalking() throws {
        var labelled: [(AccelerometerSample, String)] = []
        for line in try lines("geotecinit-sp-har/raw/DATA/s05/s05_01_sp.csv").dropFirst() {
            let p = line.split(separator: ",")
            guard p.count >= 8, let x = Double(p[0]), let y = Double(p[1]), let z = Double(p[2]), let t = Double(p[6]) else { continue }
            if let last = labelled.last, t / 1000 <= last.0.time { continue }
            labelled.append((AccelerometerSample(time: t / 1000, x: x / g, y: y / g, z: z / g), String(p[7])))
        }
        let segments = ActivityClassifier.segments(of: labelled.map(\.0))
        let walkingTimes = labelled.filter { $0.1 == "WALKING" }.map(\.0.time)
        let found = walkingTimes.filter { t in segments.contains { $0.start <= t && t < $0.end && $0.activity == .walking } }
        #expect(Double(found.count) / Double(max(1, walkingTimes.count)) > 0.6, "\(segments)")
    }

    @Test(.tags(.realData), .enabled(if: exists("basicmotions"), "basicmotions is absent"))
    func basicMotionsSmoke() throws {
        // 10 s smartwatch cases at 10 Hz with gravity removed: 1 g is added on z. Running and walking cases must
        // come out as on foot, standing ones never as on foot.
        var onFoot = 0, runningCases = 0, standingOnFoot = 0
        let lines = try lines("basicmotions/raw/BasicMotions_TEST.ts").filter { !$0.hasPrefix("#") && !$0.hasPrefix("@") }
        for (index, line) in lines.enumerated() {
            let dims = line.split(separator: ":")
            guard dims.count == 7 else { continue }
            let axes = dims[0..<3].map { $0.split(separator: ",").compactMap { Double($0) } }
            let samples = (0..<axes[0].count).map { k in
                AccelerometerSample(time: Double(index * 100) + Double(k) * 0.1,
                                    x: axes[0][k] / g, y: axes[1][k] / g, z: axes[2][k] / g + 1)
            }
            let segments = ActivityClassifier.segments(of: samples)
            switch dims[6] {
            case "Running", "Walking":
                runningCases += 1
                if share(of: [.walking, .running], in: segments) > 0.3 { onFoot += 1 }
            case "Standing":
                if share(of: [.walking, .running], in: segments) > 0 { standingOnFoot += 1 }
            default: break
            }
        }
        #expect(runningCases == 20)
        #expect(onFoot >= 10, "\(onFoot) of \(runningCases) walking/running cases found on foot")
        #expect(standingOnFoot == 0)
    }
}

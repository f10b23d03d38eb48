import Foundation
import LocomotionDSP
import LocomotionIO
import Locomotion
import LocomotionTestSupport
import Testing

/// `--units auto`: real walks of us-tm2017 written at test time in g (as iOS exports) and in m/s² (as Android does),
/// as canonical files and as one AWARE table; each file, or each device_id, is read in its own unit with the tables
/// of the all-g files, and one participant whose files disagree gets a warning naming them.
@Suite(.tags(.realData), .enabled(if: ToolRunner.isAvailable && UsTm2017.isAvailable,
                                  Comment(rawValue: TestDatasets.absence("us-tm2017/raw"))))
struct UnitsAutoCommandTests {
    private static let g = AccelerationUnit.standardGravity
    private static let sessions = ["Elena_Walking_1480699817447", "Damiano_Walking_1484390802366"]
    private static let start = 1_709_280_000.0   // 2024-03-01T08:00:00Z

    /// Each session's samples, sorted, one per millisecond at most, moved to `start` (the second one 7 s later).
    private static let recordings: [[AccelerometerSample]] = sessions.enumerated().map { index, session in
        var samples: [AccelerometerSample] = []
        for sample in try! StepTestDatasets.usTransportationMode(session).sorted(by: { $0.time < $1.time })
            where samples.last.map({ sample.time - $0.time >= 0.001 }) ?? true { samples.append(sample) }
        let shift = start + Double(index) * 7 - samples[0].time
        return samples.map { AccelerometerSample(time: (($0.time + shift) * 1000).rounded() / 1000, acceleration: $0.acceleration) }
    }

    private static func csv(_ samples: ArraySlice<AccelerometerSample>, scale: Double) -> String {
        "timestamp,x,y,z\n" + samples.map { sample in
            let a = sample.acceleration * scale
            return "\(sample.time),\(a.x),\(a.y),\(a.z)\n"
        }.joined()
    }

    /// `whole.csv` (the second walk in g), `ios.csv` (its first half in g), `android.csv` (its second half in m/s²),
    /// `loud.csv` (the walk × 3: a median |a| near 3, neither unit), `aware.csv` (both walks as one AWARE table,
    /// the first device in g, the second in m/s²) and `canonical-N.csv` (each walk in g).
    private static let folder: String = {
        let folder = try! temporaryDirectory(prefix: "UnitsAuto").path
        func write(_ text: String, _ name: String) { try! text.write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8) }
        // The second walk: the first is sampled below the step detector's rate for half its length.
        let walk = recordings[1]
        let half = walk.count / 2
        write(csv(walk[...], scale: 1), "whole.csv")
        write(csv(walk[..<half], scale: 1), "ios.csv")
        write(csv(walk[half...], scale: g), "android.csv")
        write(csv(walk[...], scale: 3), "loud.csv")
        var rows: [(Int64, Int, String)] = []
        for (index, samples) in recordings.enumerated() {
            write(csv(samples[...], scale: 1), "canonical-\(index).csv")
            for sample in samples {
                let milliseconds = Int64((sample.time * 1000).rounded())
                let a = sample.acceleration * (index == 0 ? 1 : g)
                rows.append((milliseconds, index, "\(milliseconds),device-\(index),\(a.x),\(a.y),\(a.z),3,"))
            }
        }
        write("timestamp,device_id,double_values_0,double_values_1,double_values_2,accuracy,label\n"
              + rows.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { $0.2 + "\n" }.joined(), "aware.csv")
        return folder
    }()

    private func rows(_ text: String) -> [[String: String]] {
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    /// Steps within 1 %, minutes within 0.5, the same rows: the repository's bar for one recording in two layouts.
    private func expectSameTables(_ read: [[String: String]], _ expected: [[String: String]], _ what: String) -> Double {
        #expect(read.count == expected.count && !expected.isEmpty, "\(what): \(read.count) vs \(expected.count) rows")
        var steps = 0.0
        for (row, wanted) in zip(read, expected) {
            #expect(row["start"] == wanted["start"] && row["day"] == wanted["day"], "\(what)")
            for (column, value) in wanted {
                guard let number = Double(value), let other = row[column].flatMap(Double.init) else { continue }
                if column == "steps" {
                    steps += number
                    #expect(abs(other - number) <= 0.01 * number, "\(what) \(column): \(other) vs \(number)")
                } else if column.hasSuffix("_min") {
                    #expect(abs(other - number) <= 0.5, "\(what) \(column): \(other) vs \(number)")
                }
            }
        }
        return steps
    }

    @Test("an iOS file in g and an Android file in m/s² of one participant: each read in its unit, said per file, and a warning names both",
          arguments: ["daily", "epochs"])
    func participantWithBothUnits(command: String) throws {
        let ios = "\(Self.folder)/ios.csv", android = "\(Self.folder)/android.csv"
        let result = try ToolRunner.run([command, ios, android, "--participant", "p", "--units", "auto", "--time-zone", "UTC"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("locomotion: \(ios): read as g (median |a| ") && $0.contains("over the first 500 rows") },
                "\(result.standardError)")
        #expect(lines.contains { $0.hasPrefix("locomotion: \(android): read as m/s² (median |a| ") && $0.contains("over the first 500 rows") }, "\(result.standardError)")
        let warnings = lines.filter { $0.contains("warning: --units auto read one participant's traces in different units") }
        #expect(warnings.count == 1 && warnings.allSatisfy { $0.contains("g: \(ios)") && $0.contains("m/s²: \(android)") },
                "\(result.standardError)")
        let whole = try ToolRunner.run([command, "\(Self.folder)/whole.csv", "--participant", "p", "--time-zone", "UTC"])
        #expect(whole.status == 0, "\(whole.standardError)")
        let steps = expectSameTables(rows(result.standardOutput), rows(whole.standardOutput), command)
        #expect(steps > 50, "a walk: \(steps) steps")
    }

    @Test("without --units auto, the m/s² file is still refused as today (g is the default), and --units ms2 reads it without a word")
    func defaultUnchanged() throws {
        let refused = try ToolRunner.run(["daily", "\(Self.folder)/android.csv", "--time-zone", "UTC"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("look like m/s²"), "\(refused.standardError)")
        let given = try ToolRunner.run(["daily", "\(Self.folder)/android.csv", "--units", "ms2", "--time-zone", "UTC"])
        #expect(given.status == 0, "\(given.standardError)")
        #expect(!given.standardError.contains("read as"), "\(given.standardError)")
    }

    @Test("a participant of one file: the decision said once, no warning", arguments: ["ios", "android"])
    func singleFile(name: String) throws {
        let file = "\(Self.folder)/\(name).csv"
        let result = try ToolRunner.run(["daily", file, "--units", "auto", "--time-zone", "UTC"])
        #expect(result.status == 0, "\(result.standardError)")
        let said = result.standardError.split(separator: "\n").filter { $0.contains("\(file): read as \(name == "ios" ? "g" : "m/s²") (") }
        #expect(said.count == 1, "\(result.standardError)")
        #expect(!result.standardError.contains("warning"), "\(result.standardError)")
    }

    @Test("an AWARE table with one device_id in g and one in m/s²: each decided on its own rows, with the tables of its canonical file",
          arguments: ["daily", "epochs"])
    func awareDevicesDecidedApart(command: String) throws {
        let table = "\(Self.folder)/aware.csv"
        let result = try ToolRunner.run([command, table, "--units", "auto", "--time-zone", "UTC"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("\(table) (device_id device-0): read as g"), "\(result.standardError)")
        #expect(result.standardError.contains("\(table) (device_id device-1): read as m/s²"), "\(result.standardError)")
        // Two participants, one unit each: nothing disagrees.
        #expect(!result.standardError.contains("different units"), "\(result.standardError)")
        let read = rows(result.standardOutput)
        var steps = 0.0
        for index in 0..<2 {
            let canonical = try ToolRunner.run([command, "\(Self.folder)/canonical-\(index).csv", "--participant", "device-\(index)", "--time-zone", "UTC"])
            #expect(canonical.status == 0, "\(canonical.standardError)")
            steps += expectSameTables(read.filter { $0["participant"] == "device-\(index)" }, rows(canonical.standardOutput), "device-\(index)")
        }
        #expect(steps > 100, "two walks: \(steps) steps")
    }

    @Test("a median |a| near 3, neither about 1 nor about 9.8: refused naming file and line, exit 1")
    func neitherUnitRefused() throws {
        let loud = "\(Self.folder)/loud.csv"
        let result = try ToolRunner.run(["daily", loud, "--units", "auto", "--time-zone", "UTC"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("\(loud):2:") && result.standardError.contains("neither about 1"), "\(result.standardError)")
        #expect(result.standardError.contains("--units g") && result.standardError.contains("--units ms2"), "\(result.standardError)")
    }
}

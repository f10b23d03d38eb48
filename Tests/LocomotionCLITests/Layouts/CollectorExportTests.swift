import Foundation
import LocomotionDSP
import LocomotionTestSupport
import Testing

/// `daily` and `epochs` of one real recording (Oxford step counter, a phone in a front pocket) exported as the
/// collectors export it — Beiwe's participant folders with hourly files in milliseconds, AWARE's table in
/// milliseconds and m/s² gzipped, RADAR-base's folders of gzipped hourly CSVs in seconds and g — equal those of its
/// canonical CSV (steps within 1 %, minutes within 0.5). The exports are written at test time.
@Suite(.tags(.realData), .enabled(if: ToolRunner.isAvailable && TestDatasets.isPresent("oxford-step-counter"),
                                  Comment(rawValue: TestDatasets.absence("oxford-step-counter"))))
struct CollectorExportTests {
    private static let g = AccelerationUnit.standardGravity

    /// The folder holding every export, and the recording's start (a whole hour, UTC).
    private static let folder: String = {
        let folder = try! temporaryDirectory(prefix: "Collectors").path
        let raw = try! StepTestDatasets.oxford("Samsung_Dario_Hard_FrontPocket_1").samples
        // Start 30 s before an hour, so that the hourly files split the recording.
        let start = 1_700_000_000.0 - 1_700_000_000.0.truncatingRemainder(dividingBy: 3600) + 3570
        let samples = raw.map { AccelerometerSample(time: ((start + $0.time - raw[0].time) * 1000).rounded() / 1000, acceleration: $0.acceleration) }
        func write(_ text: String, _ path: String) {
            try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try! text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        func gzip(_ path: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["gzip", path]
            try! process.run()
            process.waitUntilExit()
            precondition(process.terminationStatus == 0)
        }
        func milliseconds(_ sample: AccelerometerSample) -> Int64 { Int64((sample.time * 1000).rounded()) }
        let hours = Dictionary(grouping: samples) { Int($0.time / 3600) }.sorted { $0.key < $1.key }

        write("timestamp,x,y,z\n" + samples.map { "\($0.time),\($0.acceleration.x),\($0.acceleration.y),\($0.acceleration.z)\n" }.joined(),
              "\(folder)/canonical/P1.csv")
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH_mm_ss'+00_00'"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        for (hour, rows) in hours {
            let name = formatter.string(from: Date(timeIntervalSince1970: Double(hour) * 3600))
            write("timestamp,UTC time,accuracy,x,y,z\n" + rows.map {
                "\(milliseconds($0)),-,unknown,\($0.acceleration.x),\($0.acceleration.y),\($0.acceleration.z)\n"
            }.joined(), "\(folder)/beiwe/P1/accelerometer/\(name).csv")
            let radar = "\(folder)/radar/study/P1/android_phone_acceleration/\(hour).csv"
            write("key.projectId,key.userId,key.sourceId,value.time,value.timeReceived,value.x,value.y,value.z\n" + rows.map {
                "study,P1,s1,\($0.time),\($0.time + 1),\($0.acceleration.x),\($0.acceleration.y),\($0.acceleration.z)\n"
            }.joined(), radar)
            gzip(radar)
        }
        write("_id,timestamp,device_id,double_values_0,double_values_1,double_values_2,accuracy,label\n" + samples.enumerated().map {
            let a = $1.acceleration * g
            return "\($0 + 1),\(milliseconds($1)),P1,\(a.x),\(a.y),\(a.z),3,\n"
        }.joined(), "\(folder)/aware/accelerometer.csv")
        gzip("\(folder)/aware/accelerometer.csv")
        precondition(hours.count >= 2, "the recording should span an hour boundary")
        return folder
    }()

    /// The rows of a CSV table as dictionaries by column name.
    private func table(_ arguments: [String]) throws -> [[String: String]] {
        let result = try ToolRunner.run(arguments + ["--time-zone", "UTC"])
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    private static let exports: [(name: String, arguments: [String])] = [
        ("beiwe", ["beiwe", "--participant-from", "{participant}/accelerometer/*.csv"]),
        ("radar", ["radar/study", "--participant-from", "{participant}/android_phone_acceleration/*.csv.gz"]),
        ("aware", ["aware/accelerometer.csv.gz", "--participant", "P1", "--units", "ms2"]),
    ]

    @Test("daily and epochs of each export equal the canonical CSV's", arguments: ["daily", "epochs"])
    func sameTables(command: String) throws {
        let canonical = try table([command, Self.folder + "/canonical/P1.csv", "--participant", "P1"])
        #expect(!canonical.isEmpty)
        let stepTotal = canonical.compactMap { Double($0["steps"] ?? "") }.reduce(0, +)
        #expect(stepTotal > 50, "the recording is a walk")
        for export in Self.exports {
            let arguments = [command, Self.folder + "/" + export.arguments[0]] + export.arguments.dropFirst()
            let rows = try table(arguments)
            #expect(rows.count == canonical.count, "\(export.name)")
            for (row, expected) in zip(rows, canonical) {
                #expect(row["participant"] == "P1", "\(export.name)")
                for (column, value) in expected {
                    guard let number = Double(value), let other = row[column].flatMap(Double.init) else { continue }
                    if column == "steps" {
                        #expect(abs(other - number) <= max(0.01 * number, 0), "\(export.name) \(column): \(other) vs \(number)")
                    } else if column.hasSuffix("_min") {
                        #expect(abs(other - number) <= 0.5, "\(export.name) \(column): \(other) vs \(number)")
                    }
                }
            }
        }
    }

    @Test("a participant whose hourly files mix milliseconds and seconds is refused, naming the file and line")
    func mixedUnits() throws {
        let folder = try temporaryDirectory(prefix: "MixedUnits").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let beiwe = Self.folder + "/beiwe/P1/accelerometer"
        let files = try FileManager.default.contentsOfDirectory(atPath: beiwe).sorted()
        try FileManager.default.createDirectory(atPath: folder + "/P1", withIntermediateDirectories: true)
        // The first hour as exported (ms); the second with its timestamps turned into seconds.
        try FileManager.default.copyItem(atPath: beiwe + "/" + files[0], toPath: folder + "/P1/a.csv")
        let second = try String(contentsOfFile: beiwe + "/" + files[1], encoding: .utf8).split(separator: "\n").enumerated().map { index, line in
            guard index > 0 else { return String(line) }
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[0] = "\(Double(fields[0])! / 1000)"
            return fields.joined(separator: ",")
        }.joined(separator: "\n") + "\n"
        try second.write(toFile: folder + "/P1/b.csv", atomically: true, encoding: .utf8)
        let result = try ToolRunner.run(["daily", folder, "--participant-from", "{participant}/*.csv", "--time-zone", "UTC"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("b.csv:2: timestamps in seconds, but ") && result.standardError.contains("a.csv of the same participant has them in milliseconds"),
                "\(result.standardError)")
    }
}

import Foundation
import LocomotionDSP
import LocomotionIO
import Locomotion
import LocomotionTestSupport
import Testing

/// A real walk of us-tm2017 written at test time with ISO 8601 text times (`2024-03-01T08:00:00.02`, with `Z`, an
/// offset or none: UTC) gives the `daily` and `epochs` tables of the same walk with numeric seconds: as a CSV with a
/// header, a CSV without one (its first line, an ISO time, is data) and JSON Lines (the time an ISO string).
@Suite(.tags(.realData), .enabled(if: ToolRunner.isAvailable && UsTm2017.isAvailable,
                                  Comment(rawValue: TestDatasets.absence("us-tm2017/raw"))))
struct TextTimestampCommandTests {
    private static let samples: [AccelerometerSample] = {
        var samples: [AccelerometerSample] = []
        for sample in try! StepTestDatasets.usTransportationMode("Damiano_Walking_1484390802366").sorted(by: { $0.time < $1.time })
            where samples.last.map({ sample.time - $0.time >= 0.001 }) ?? true { samples.append(sample) }
        let shift = 1_709_280_000.0 - samples[0].time   // 2024-03-01T08:00:00Z
        return samples.map { AccelerometerSample(time: (($0.time + shift) * 1000).rounded() / 1000, acceleration: $0.acceleration) }
    }()

    /// `layout`: "csv" (with a header), "headerless" or "jsonl".
    private static func write(zone: String?, layout: String = "csv") throws -> String {
        let path = try temporaryDirectory(prefix: "TextTimes").path + (layout == "jsonl" ? "/walk.jsonl" : "/walk.csv")
        let text = samples.map { sample -> String in
            let a = sample.acceleration
            let time: String
            if let zone {
                // The local time of the offset, with it: the same instant.
                let shift = zone == "-05:00" ? -18_000.0 : 0
                let utc = "\(Date(timeIntervalSince1970: sample.time + shift).formatted(.iso8601.year().month().day().dateTimeSeparator(.standard).time(includingFractionalSeconds: true)))"
                time = utc + (zone == "none" ? "" : zone)
            } else {
                time = "\(sample.time)"
            }
            if layout == "jsonl" {
                return "{\"timestamp\":\(zone == nil ? time : "\"\(time)\""),\"x\":\(a.x),\"y\":\(a.y),\"z\":\(a.z)}\n"
            }
            return "\(time),\(a.x),\(a.y),\(a.z)\n"
        }.joined()
        try ((layout == "csv" ? "timestamp,x,y,z\n" : "") + text).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("ISO 8601 text times give the tables of numeric seconds", arguments: ["Z", "-05:00", "none"], ["csv", "headerless", "jsonl"])
    func sameTables(zone: String, layout: String) throws {
        let numeric = try ToolRunner.run(["epochs", try Self.write(zone: nil), "--participant", "p", "--time-zone", "UTC"])
        let text = try ToolRunner.run(["epochs", try Self.write(zone: zone, layout: layout), "--participant", "p", "--time-zone", "UTC"])
        #expect(numeric.status == 0 && text.status == 0, "\(text.standardError)")
        // Every column but the first, `file` (the two files lie in different folders).
        func table(_ output: String) -> [String] { output.split(separator: "\n").map { $0.split(separator: ",", maxSplits: 1).last.map(String.init) ?? "" } }
        #expect(table(text.standardOutput) == table(numeric.standardOutput))
        #expect(numeric.standardOutput.split(separator: "\n").count > 3)
    }
}

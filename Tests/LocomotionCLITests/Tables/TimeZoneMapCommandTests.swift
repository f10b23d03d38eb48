import Foundation
import Testing
import LocomotionIO
import LocomotionDSP
import LocomotionTestSupport

/// `--time-zones` through the built executable, on a real walk (us-tm2017, Elena's 515 s walk) moved in time so that it spans a
/// change of zone: a flight Europe/Rome → America/New_York landing at 2024-03-01T14:00:00Z.
@Suite(.enabled(if: ToolRunner.isAvailable && UsTm2017.isAvailable, "the locomotion executable is not built, or us-tm2017 is absent"))
struct TimeZoneMapCommandTests {
    static let change = 1_709_301_600.0

    /// The walk's samples, shifted so that their middle is at `middle` (s), as a trace CSV; returns its path.
    static func shiftedWalk(middle: Double, name: String) throws -> String {
        // The raw rows are not all in time order (the sensor log interleaves): sorted, one sample per millisecond.
        var samples: [AccelerometerSample] = []
        for sample in try StepTestDatasets.usTransportationMode("Elena_Walking_1480699817447").sorted(by: { $0.time < $1.time })
            where samples.last.map({ sample.time - $0.time >= 0.001 }) ?? true { samples.append(sample) }
        let shift = middle - (samples.first!.time + samples.last!.time) / 2
        var text = "timestamp,x,y,z\n"
        for sample in samples {
            let time: Double = sample.time + shift
            let line = "\((time * 1000).rounded() / 1000),\(sample.acceleration.x),\(sample.acceleration.y),\(sample.acceleration.z)\n"
            text += line
        }
        let path = try temporaryDirectory(prefix: "Zones").path + "/\(name).csv"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func write(_ text: String, name: String) throws -> String {
        let path = try temporaryDirectory(prefix: "Zones").path + "/\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func rows(_ text: String) -> [[String: String]] {
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    @Test("a walk across a flight: epochs in Rome's local time until the change, New York's after, all on 2024-03-01; RAPIDS' file is the same map")
    func flight() throws {
        let trace = try Self.shiftedWalk(middle: Self.change, name: "walk")
        let plain = try Self.write("participant,time_zone,from\nw,Europe/Rome,2024-02-01T00:00:00+01:00\nw,America/New_York,2024-03-01T14:00:00Z\n", name: "plain.csv")
        let rapids = try Self.write("device_id,tzcode,timestamp\nw,Europe/Rome,1706742000000\nw,America/New_York,1709301600000\n", name: "rapids.csv")
        let epochs = try ToolRunner.run(["epochs", trace, "--participant", "w", "--time-zones", plain])
        #expect(epochs.status == 0, "\(epochs.standardError)")
        let table = rows(epochs.standardOutput)
        #expect(table.count >= 4)
        #expect(table.allSatisfy { $0["day"] == "2024-03-01" })
        for (previous, next) in zip(table, table.dropFirst()) { #expect(previous["end"] == next["start"]) }
        let before = table.filter { Double($0["start"]!)! < Self.change }, after = table.filter { Double($0["start"]!)! >= Self.change }
        #expect(!before.isEmpty && !after.isEmpty)
        #expect(before.allSatisfy { $0["local_start"]!.hasPrefix("2024-03-01T14:") && $0["local_start"]!.hasSuffix("+01:00") })
        #expect(after.allSatisfy { $0["local_start"]!.hasPrefix("2024-03-01T09:") && $0["local_start"]!.hasSuffix("-05:00") })
        #expect(try ToolRunner.run(["epochs", trace, "--participant", "w", "--time-zones", rapids]).standardOutput == epochs.standardOutput)

        // The zones move the day, never what was measured: the same steps and minutes as in UTC.
        let daily = try ToolRunner.run(["daily", trace, "--participant", "w", "--time-zones", plain])
        let utc = try ToolRunner.run(["daily", trace, "--participant", "w", "--time-zone", "UTC"])
        #expect(daily.status == 0 && utc.status == 0, "\(daily.standardError)\(utc.standardError)")
        let day = try #require(rows(daily.standardOutput).first), utcDay = try #require(rows(utc.standardOutput).first)
        #expect(rows(daily.standardOutput).count == 1)
        // 8.6 min of samples at about 4 Hz (too sparse for steps; the minutes are what is checked).
        #expect(Double(day["hours_with_data"]!)! > 0.1)
        for column in ["steps", "stationary_min", "walking_min", "automotive_min", "unknown_min", "hours_with_data", "first_sample", "last_sample"] {
            #expect(day[column] == utcDay[column], "\(column)")
        }
        #expect(day["first_local"]!.hasSuffix("+01:00") && day["last_local"]!.hasSuffix("-05:00"))
    }

    @Test("flying west over Rome's midnight: the day under way (2024-03-02) continues in New York's evening; days never go back")
    func westOverMidnight() throws {
        let change = 1_709_335_800.0  // 2024-03-01T23:30Z: 00:30 on the 2nd in Rome, 18:30 on the 1st in New York
        let trace = try Self.shiftedWalk(middle: change, name: "night")  // from 00:25 in Rome to 18:34 in New York
        let map = try Self.write("participant,time_zone,from\nw,Europe/Rome,0\nw,America/New_York,\(Int(change))\n", name: "night.csv")
        let epochs = try ToolRunner.run(["epochs", trace, "--participant", "w", "--time-zones", map])
        #expect(epochs.status == 0, "\(epochs.standardError)")
        let table = rows(epochs.standardOutput)
        #expect(table.contains { $0["local_start"]!.hasPrefix("2024-03-02T00:") })
        #expect(table.contains { $0["local_start"]!.hasPrefix("2024-03-01T18:") })
        #expect(table.allSatisfy { $0["day"] == "2024-03-02" })
    }

    @Test("a participant absent from the map: --time-zone when given, else exit 1 naming the map; a bad map is exit 1 with file:line")
    func absentAndBad() throws {
        let trace = try Self.shiftedWalk(middle: Self.change, name: "other")
        let map = try Self.write("participant,time_zone,from\nw,Europe/Rome,0\n", name: "one.csv")
        let missing = try ToolRunner.run(["daily", trace, "--participant", "x", "--time-zones", map])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("\(map): participant 'x' is not in the time-zone map"))
        #expect(missing.standardOutput.isEmpty)
        let fallback = try ToolRunner.run(["daily", trace, "--participant", "x", "--time-zones", map, "--time-zone", "Asia/Tokyo"])
        let tokyo = try ToolRunner.run(["daily", trace, "--participant", "x", "--time-zone", "Asia/Tokyo"])
        #expect(fallback.status == 0 && fallback.standardOutput == tokyo.standardOutput, "\(fallback.standardError)")
        let bad = try Self.write("participant,time_zone,from\nx,Europe/Rome,0\nx,CET,10\n", name: "bad.csv")
        let refused = try ToolRunner.run(["daily", trace, "--participant", "x", "--time-zones", bad])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("\(bad):3:2: unknown time zone 'CET'"))
    }
}

import Foundation
import Testing
import LocomotionTestSupport

/// Hostile class "what the docs say about time" (Docs/reliability.md, Round 5): offsets that are not whole hours
/// changing off the epoch grid (Lord Howe's half-hour daylight saving, Kathmandu's 1986 quarter hour), offsets with
/// seconds (local mean time), years past 9999, and `replay`'s span. Each table is checked against rules that hold
/// for every row (contiguous epochs, one offset per epoch, local times naming their instant) rather than against
/// figures copied from a run. Runs the built tool.
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct DocumentedTimeTests {
    /// A zone and an instant (s, UTC) where its offset changes off the whole hour.
    struct Transition: CustomStringConvertible, Sendable {
        var zone: String
        var change: Double
        var description: String { "\(zone) at \(Int(change))" }
    }

    static let transitions = [
        Transition(zone: "Australia/Lord_Howe", change: 1_712_415_600),  // 2024-04-07 02:00 +11:00 → 01:30 +10:30
        Transition(zone: "Australia/Lord_Howe", change: 1_728_142_200),  // 2024-10-06 02:00 +10:30 → 02:30 +11:00
        Transition(zone: "Asia/Kathmandu", change: 504_901_800),         // 1986-01-01 00:00 +05:30 → 00:15 +05:45
        Transition(zone: "Europe/Berlin", change: 1_698_541_200),        // 2023-10-29 03:00 +02:00 → 02:00 +01:00
    ]

    @Test("no epoch spans a change of offset; each starts on the local grid or at the change",
          arguments: transitions, [900, 1800, 3600])
    func epochsAroundAnOffsetChange(transition: Transition, length: Int) throws {
        let zone = try #require(TimeZone(identifier: transition.zone))
        let folder = try temporaryDirectory()
        try Self.trace(from: transition.change - 7200, seconds: 4 * 3600).write(to: folder.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        let result = try ToolRunner.run(["epochs", "t.csv", "--time-zone", transition.zone, "--epoch", "\(length)"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let rows = Self.rows(result.standardOutput)
        #expect(rows.count >= 4 * 3600 / length)
        func offset(_ time: Double) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: time)) }
        var previousEnd: Double?
        for row in rows {
            let start = try #require(Double(row["start"]!)), end = try #require(Double(row["end"]!))
            if let previousEnd { #expect(start == previousEnd, "a hole or an overlap at \(start)") }
            previousEnd = end
            #expect(offset(start) == offset(end - 0.5), "\(row): spans the change at \(transition.change)")
            let onGrid = (Int(start) + offset(start)) % length == 0
            #expect(onGrid || start == transition.change, "\(row): neither on the grid nor at the change")
            #expect(end - start <= Double(length))
            #expect(Self.instant(ofLocal: row["local_start"]!) == start, "\(row)")
        }
        // The instant of the change starts an epoch, at the new offset.
        let atChange = try #require(rows.first { Double($0["start"]!) == transition.change }, "no epoch starts at the change")
        #expect(atChange["local_start"]!.hasSuffix(Self.offsetText(offset(transition.change))))
    }

    @Test("Lord Howe's repeated half hour is an epoch of its own with hour-long epochs")
    func lordHoweRepeatedHalfHour() throws {
        let folder = try temporaryDirectory()
        try Self.trace(from: 1_712_415_600 - 7200, seconds: 4 * 3600).write(to: folder.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        let result = try ToolRunner.run(["epochs", "t.csv", "--time-zone", "Australia/Lord_Howe", "--epoch", "3600"], in: folder)
        let rows = Self.rows(result.standardOutput).map { "\($0["start"]!)-\($0["end"]!) \($0["local_start"]!)" }
        #expect(rows.contains("1712412000-1712415600 2024-04-07T01:00:00+11:00"), "\(rows)")
        #expect(rows.contains("1712415600-1712417400 2024-04-07T01:30:00+10:30"), "\(rows)")
        #expect(rows.contains("1712417400-1712421000 2024-04-07T02:00:00+10:30"), "\(rows)")
    }

    @Test("an offset with seconds (local mean time) is written with its seconds and its days start at local midnight",
          arguments: [("Africa/Monrovia", -2_208_988_800.0), ("Europe/Dublin", -2_208_988_800.0), ("Asia/Kolkata", -2_208_988_800.0)])
    func offsetsWithSeconds(zoneName: String, around: Double) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: around))
        #expect(offset % 60 != 0, "\(zoneName): the case needs an offset with seconds")
        let midnight = around - Double(offset)  // local midnight, in the middle of the trace
        let folder = try temporaryDirectory()
        try Self.trace(from: midnight - 3 * 3600, seconds: 6 * 3600).write(to: folder.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        let epochs = try ToolRunner.run(["epochs", "t.csv", "--time-zone", zoneName, "--epoch", "900"], in: folder)
        #expect(epochs.status == 0, "\(epochs.standardError)")
        let rows = Self.rows(epochs.standardOutput)
        #expect(!rows.isEmpty)
        for row in rows {
            let start = try #require(Double(row["start"]!))
            #expect(row["local_start"]!.hasSuffix(Self.offsetText(offset)), "\(row)")
            #expect(Self.instant(ofLocal: row["local_start"]!) == start, "\(row)")
            #expect((Int(start) + offset) % 900 == 0, "\(row)")
            #expect(row["day"]! == String(row["local_start"]!.prefix(10)), "\(row)")
        }
        let daily = try ToolRunner.run(["daily", "t.csv", "--time-zone", zoneName], in: folder)
        #expect(daily.status == 0, "\(daily.standardError)")
        let days = Self.rows(daily.standardOutput)
        #expect(days.count == 2, "\(daily.standardOutput)")
        for day in days {
            for column in ["first_local", "last_local"] {
                let time = try #require(Double(day[column == "first_local" ? "first_sample" : "last_sample"]!))
                #expect(Self.instant(ofLocal: day[column]!) == time.rounded(.down), "\(column) \(day)")
            }
        }
        // The second day starts at its local midnight.
        let second = try #require(Double(days[1]["first_sample"]!))
        #expect((Int(second) + offset) % 86_400 == 0, "\(days[1])")
    }

    @Test("a trace crossing into the year 10000 is read; days and local times past 9999 have five-digit years")
    func yearTenThousand() throws {
        let folder = try temporaryDirectory()
        let newYear = 253_402_300_800.0  // 10000-01-01T00:00:00Z
        try Self.trace(from: newYear - 1800, seconds: 3600).write(to: folder.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        let epochs = try ToolRunner.run(["epochs", "t.csv", "--time-zone", "UTC", "--epoch", "900"], in: folder)
        #expect(epochs.status == 0, "\(epochs.standardError)")
        let rows = Self.rows(epochs.standardOutput)
        #expect(rows.map { $0["day"]! } == ["9999-12-31", "9999-12-31", "10000-01-01", "10000-01-01"])
        for row in rows { #expect(Self.instant(ofLocal: row["local_start"]!) == Double(row["start"]!)) }
        // Past 2.6 × 10¹¹ s (the year 10 208) a time is no longer seconds: refused, naming the unit.
        try Self.trace(from: 2.6e11, seconds: 60).write(to: folder.appendingPathComponent("u.csv"), atomically: true, encoding: .utf8)
        let beyond = try ToolRunner.run(["epochs", "u.csv", "--time-zone", "UTC"], in: folder)
        #expect(beyond.status == 1, "\(beyond.standardError)")
        #expect(beyond.standardError.contains("u.csv:2"), "\(beyond.standardError)")
    }

    @Test("replay's summary spans the samples, not fixes before the first sample", arguments: [0.0, 300, 3000])
    func replaySpansTheSamples(fixesEarly: Double) throws {
        let folder = try temporaryDirectory()
        let start = 1_700_000_000.0
        try Self.trace(from: start, seconds: 600, rate: 10).write(to: folder.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        var fixes = "timestamp,latitude,longitude,horizontal_accuracy\n"
        for second in stride(from: -fixesEarly, to: 700, by: 1) {
            fixes += "\(Int(start + second)),\(47 + second * 1e-5),8,5\n"
        }
        try fixes.write(to: folder.appendingPathComponent("f.csv"), atomically: true, encoding: .utf8)
        let result = try ToolRunner.run(["replay", "t.csv", "--fixes", "f.csv", "-o", "/dev/null"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        func value(_ key: String) -> Double? {
            result.standardError.split(separator: "\n").first { $0.hasPrefix(key + "=") }
                .flatMap { Double($0.dropFirst(key.count + 1).split(separator: " ")[0]) }
        }
        let span = 599.9  // first to last sample
        #expect(try abs(#require(value("duration_s")) - span) < 1e-6, "\(result.standardError)")
        let parts = try #require(value("high_accuracy_s")) + #require(value("low_power_s")) + #require(value("gap_s"))
        #expect(abs(parts - span) < 0.2, "\(result.standardError)")
    }

    // MARK: Helpers

    /// A still trace at `rate` Hz from `start` (s) for `seconds`.
    static func trace(from start: Double, seconds: Int, rate: Int = 1) -> String {
        var text = "timestamp,x,y,z\n"
        for index in 0..<(seconds * rate) {
            let time = start + Double(index) / Double(rate)
            text += rate == 1 ? "\(Int(time)),0,0,1\n" : "\(String(format: "%.1f", time)),0,0,1\n"
        }
        return text
    }

    /// The rows of a CSV table without quoted cells, by column name.
    static func rows(_ table: String) -> [[String: String]] {
        let lines = table.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    /// `+HH:MM`, or `+HH:MM:SS` when the offset has seconds.
    static func offsetText(_ offset: Int) -> String {
        let magnitude = abs(offset)
        var text = (offset < 0 ? "-" : "+") + String(format: "%02d:%02d", magnitude / 3600, magnitude / 60 % 60)
        if magnitude % 60 != 0 { text += String(format: ":%02d", magnitude % 60) }
        return text
    }

    /// The instant (s since 1970) that `YYYY…-MM-DDTHH:MM:SS±HH:MM[:SS]` names, computed without Foundation's
    /// formatter (which neither takes offsets with seconds nor years past 9999); nil when it is not that form.
    static func instant(ofLocal text: String) -> Double? {
        let halves = text.split(separator: "T")
        guard halves.count == 2 else { return nil }
        let date = halves[0].split(separator: "-").compactMap { Int($0) }
        guard date.count == 3, let signIndex = halves[1].firstIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        let clock = halves[1][..<signIndex].split(separator: ":").compactMap { Int($0) }
        let zone = halves[1][halves[1].index(after: signIndex)...].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, zone.count == 2 || zone.count == 3 else { return nil }
        // Days from civil (proleptic Gregorian), Howard Hinnant's algorithm.
        let year = date[1] <= 2 ? date[0] - 1 : date[0]
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (date[1] + (date[1] > 2 ? -3 : 9)) + 2) / 5 + date[2] - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let offset = (zone[0] * 3600 + zone[1] * 60 + (zone.count == 3 ? zone[2] : 0)) * (halves[1][signIndex] == "-" ? -1 : 1)
        return Double(days * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2] - offset)
    }
}

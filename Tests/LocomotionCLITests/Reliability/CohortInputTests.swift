import Foundation
import Testing
import LocomotionTestSupport

/// What real cohorts bring (Docs/reliability.md, "Round 2"): same-named files in different folders, empty paths
/// from unset shell variables, clocks that jump, fixes that miss the trace, odd participant names and zone
/// names. Every answer is an exit status with a message naming what is wrong — never an input lost or merged,
/// a file overwritten, or exit 0 while something was skipped. Runs the built tool.
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct CohortInputTests {
    /// A us-tm2017 native file of `rows` accelerometer rows (20 Hz).
    static func usTM2017File(rows: Int) -> String {
        "10,android.sensor.light,0.0,3678.0,0.0\n"
            + (0..<rows).map { "\($0 * 50),android.sensor.accelerometer,0.1,9.7,0.5\n" }.joined()
    }

    /// A GPX track of `points` points a second apart.
    static func gpx(points: Int) -> String {
        "<?xml version=\"1.0\"?><gpx version=\"1.1\"><trk><trkseg>"
            + (0..<points).map { "<trkpt lat=\"47.0\" lon=\"\(8.5 + Double($0) * 1e-4)\"><time>2024-01-01T00:00:\(String(format: "%02d", $0))Z</time></trkpt>" }.joined()
            + "</trkseg></trk></gpx>\n"
    }

    static func write(_ text: String, to path: URL) throws {
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: path)
    }

    // MARK: Same-named inputs in different folders

    @Test("convert: two native files that give one output name are refused, naming both; nothing is overwritten")
    func convertSameNames() throws {
        let folder = try temporaryDirectory()
        let name = "sensorfile_ann_Bus_1000000.csv"
        try Self.write(Self.usTM2017File(rows: 100), to: folder.appendingPathComponent("p1/\(name)"))
        try Self.write(Self.usTM2017File(rows: 40), to: folder.appendingPathComponent("p2/\(name)"))
        let result = try ToolRunner.run(["convert", "--from", "us-tm2017", "p1", "p2", "-o", "out"], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError.contains("p1/\(name)") && result.standardError.contains("p2/\(name)"))
        #expect(result.standardError.contains("out/us-tm2017_ann_Bus_1000000.csv"))
        let written = try String(contentsOf: folder.appendingPathComponent("out/us-tm2017_ann_Bus_1000000.csv"), encoding: .utf8)
        #expect(written.split(separator: "\n").count == 101, "the first participant's trace is left as written")
    }

    @Test("convert --from gpx: two x.gpx of different folders are refused, naming both")
    func convertSameNamedFixes() throws {
        let folder = try temporaryDirectory()
        try Self.write(Self.gpx(points: 5), to: folder.appendingPathComponent("a/x.gpx"))
        try Self.write(Self.gpx(points: 3), to: folder.appendingPathComponent("b/x.gpx"))
        let result = try ToolRunner.run(["convert", "--from", "gpx", "a/x.gpx", "b/x.gpx", "-o", "out"], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError.contains("a/x.gpx") && result.standardError.contains("b/x.gpx"))
        let written = try String(contentsOf: folder.appendingPathComponent("out/x.fixes.csv"), encoding: .utf8)
        #expect(written.split(separator: "\n").count == 6, "the first file's fixes are left as written")
    }

    // MARK: Empty paths

    @Test("an empty --output-dir, convert -o or --output (an unset shell variable) is bad usage, never the root folder",
          arguments: [["label", "trace.csv", "--output-dir", ""], ["epochs", "trace.csv", "--time-zone", "UTC", "--output-dir", ""],
                      ["label", "trace.csv", "--output", ""], ["convert", "--from", "us-tm2017", "raw", "-o", ""],
                      ["convert", "--from", "gpx", "raw/x.gpx", "--output-dir", ""]])
    func emptyPaths(arguments: [String]) throws {
        let folder = try HostileInputTests.workspace()
        try Self.write(Self.usTM2017File(rows: 10), to: folder.appendingPathComponent("raw/sensorfile_ann_Bus_1000000.csv"))
        try Self.write(Self.gpx(points: 3), to: folder.appendingPathComponent("raw/x.gpx"))
        let result = try ToolRunner.run(arguments, in: folder)
        #expect(result.status == 2, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains("empty"), "\(arguments): \(result.standardError)")
    }
}

extension CohortInputTests {
    // MARK: Time zones

    @Test("--time-zone: an abbreviation or a POSIX-style GMT±N is refused (bad usage), in every command that takes one",
          arguments: ["BST", "EST5", "GMT-14", "GMT+2", "CEST", "europe/zurich", "UTC+15:00", "UTC+5:30", ""])
    func refusedZones(zone: String) throws {
        let folder = try HostileInputTests.workspace()
        for arguments in [["epochs", "trace.csv"], ["daily", "trace.csv"], ["distance", "fixes.csv"],
                          ["summarize", "trace.csv"], ["plot", "trace.csv", "-o", "plot.svg"]] {
            let result = try ToolRunner.run(arguments + ["--time-zone", zone], in: folder)
            #expect(result.status == 2, "\(arguments) --time-zone '\(zone)': \(result.standardError)")
            #expect(result.standardError.contains("unknown time zone"), "\(arguments): \(result.standardError)")
        }
    }

    @Test("--time-zone: IANA names, and UTC±HH:MM as the fixed offset it says (east positive)",
          arguments: [("UTC+05:30", "Asia/Kolkata"), ("UTC+14:00", "Etc/GMT-14"), ("UTC-03:00", "America/Argentina/Buenos_Aires"),
                      ("UTC+00:00", "UTC")])
    func offsetZones(offset: String, identifier: String) throws {
        let folder = try HostileInputTests.workspace()
        let byOffset = try ToolRunner.run(["epochs", "trace.csv", "--time-zone", offset], in: folder)
        let byName = try ToolRunner.run(["epochs", "trace.csv", "--time-zone", identifier], in: folder)
        #expect(byOffset.status == 0 && byName.status == 0, "\(byOffset.standardError) \(byName.standardError)")
        #expect(byOffset.standardOutput == byName.standardOutput)
        #expect(byOffset.standardOutput.split(separator: "\n").count > 1)
    }
}

extension CohortInputTests {
    // MARK: Fixes on another clock

    @Test("fixes none of which lies within the trace's time are refused by every command that takes them (exit 1), as label does",
          arguments: [["label", "trace.csv", "--fixes", "boot.csv"], ["evaluate", "trace.csv", "--fixes", "boot.csv"],
                      ["epochs", "trace.csv", "--time-zone", "UTC", "--fixes", "boot.csv"],
                      ["daily", "trace.csv", "--time-zone", "UTC", "--fixes", "boot.csv"],
                      ["epochs", "trace.csv", "--time-zone", "UTC", "--companion-fixes"],
                      ["daily", "trace.csv", "--time-zone", "UTC", "--companion-fixes", "--output-dir", "out"]])
    func fixesOnAnotherClock(arguments: [String]) throws {
        let folder = try HostileInputTests.workspace()
        // Seconds since boot against a trace in seconds since 1970.
        let boot = "timestamp,latitude,longitude\n" + (0..<4).map { "\(1000 + $0 * 10),47.0,\(8.5 + Double($0) * 1e-3)\n" }.joined()
        try Self.write(boot, to: folder.appendingPathComponent("boot.csv"))
        try Self.write(boot, to: folder.appendingPathComponent("trace.fixes.csv"))
        let result = try ToolRunner.run(arguments, in: folder)
        #expect(result.status == 1, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains("no fix lies within the time of the trace"), "\(arguments): \(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/trace.daily.csv").path))
        // The same fixes on the trace's clock are taken.
        let onClock = boot.replacingOccurrences(of: "\n1", with: "\n1700000")
        try Self.write(onClock, to: folder.appendingPathComponent("boot.csv"))
        try Self.write(onClock, to: folder.appendingPathComponent("trace.fixes.csv"))
        let taken = try ToolRunner.run(arguments, in: folder)
        #expect(taken.status == 0, "\(arguments): \(taken.standardError)")
    }
}

extension CohortInputTests {
    // MARK: Names a spreadsheet would run

    @Test("participant names beginning with = + - @ are neutralised in CSV (a leading '), as they are in JSON",
          arguments: ["=1+2", "=cmd", "+41", "-dash", "@SUM(A1)"])
    func formulaNames(name: String) throws {
        let folder = try HostileInputTests.workspace()
        let csv = try ToolRunner.run(["epochs", "trace.csv", "--time-zone", "UTC", "--participant=\(name)"], in: folder)
        #expect(csv.status == 0, "\(csv.standardError)")
        let rows = csv.standardOutput.split(separator: "\n").dropFirst()
        #expect(!rows.isEmpty)
        let quoted = name.contains(",") || name.contains("\"")
        let cell = quoted ? "\"'" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : "'" + name
        #expect(rows.allSatisfy { $0.hasPrefix("trace.csv," + cell + ",") }, "\(rows.first ?? "")")
        let json = try ToolRunner.run(["epochs", "trace.csv", "--time-zone", "UTC", "--participant=\(name)", "--format", "json"], in: folder)
        #expect(json.standardOutput.contains("\"participant\":\"" + name.replacingOccurrences(of: "\"", with: "\\\"") + "\""))
    }
}

extension CohortInputTests {
    // MARK: Numbers from file names

    @Test("a dataset file name with a number out of range is refused naming the file (exit 1), never a trap",
          arguments: ["99999999999999999999", "1e400", "nan", "-5", "1e3"])
    func hugeNumbersInFileNames(start: String) throws {
        let folder = try temporaryDirectory()
        let name = "sensorfile_u_Walking_\(start).csv"
        try Self.write(Self.usTM2017File(rows: 10), to: folder.appendingPathComponent(name))
        let result = try HostileInputTests.run(["convert", "--from", "us-tm2017", name, "-o", "out"], in: folder)
        #expect(result.signal == nil)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains(name), "\(result.stderr)")
    }
}

extension CohortInputTests {
    @Test("a fix file with a line longer than 1 MiB is refused at that line, before it is split (exit 1)",
          arguments: [["distance", "fixes.csv"], ["label", "trace.csv", "--fixes", "fixes.csv"]])
    func longFixLines(arguments: [String]) throws {
        let folder = try HostileInputTests.workspace()
        let header = "timestamp,latitude,longitude," + String(repeating: "x,", count: 1 << 20) + "\n"
        try Self.write(header + "1700000000,47.0,8.5\n", to: folder.appendingPathComponent("fixes.csv"))
        let result = try HostileInputTests.run(arguments, in: folder)
        #expect(result.signal == nil)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("fixes.csv:1: line longer than 1048576 bytes"), "\(result.stderr)")
    }
}

import Foundation
import Testing
import LocomotionTestSupport

@Suite("locomotion distance", .enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct DistanceCommandTests {
    static let contractColumns = "day,distance_m,accepted_fixes,rejected_jumps,rejected_inaccurate"

    @Test("CSV fixes on stdin: one row per local day, contract columns first")
    func csvRows() throws {
        let result = try ToolRunner.run(["distance", "-", "--time-zone", "UTC"], input: SyntheticTrace.fixesCSV(seconds: 40, speed: 1.4))
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(Self.contractColumns + ","))
        let fields = lines[1].split(separator: ",")
        #expect(fields[0] == "2023-11-14")
        let distance = try #require(Double(fields[1]))
        #expect(abs(distance - 56) < 0.5)  // 40 s at 1.4 m/s
        #expect(fields[2] == "41")
    }

    @Test("JSON Lines carry the same keys")
    func json() throws {
        let result = try ToolRunner.run(["distance", "-", "--time-zone", "Asia/Kolkata", "--format", "json"],
                                        input: SyntheticTrace.fixesCSV(seconds: 10))
        #expect(result.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["day"] as? String == "2023-11-15")  // 22:13 UTC is 03:43 next day in Kolkata
        #expect(object["accepted_fixes"] as? Int == 11)
        #expect(object["rejected_jumps"] as? Int == 0)
    }

    @Test("bad input exits 1 naming file, line and column; bad usage exits 2")
    func errors() throws {
        let bad = try ToolRunner.run(["distance", "-"], input: "timestamp,latitude,longitude\n1,2,3\n2,x,3\n")
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("-:3:2:"))
        #expect(bad.standardOutput.isEmpty)
        for arguments in [["--time-zone", "Mars/Olympus"], ["--day-start", "25:00"], ["--jump-limit", "-3"], ["--moving", "flying"]] {
            let usage = try ToolRunner.run(["distance", "-"] + arguments, input: SyntheticTrace.fixesCSV(seconds: 5))
            #expect(usage.status == 2, "\(arguments)")
        }
    }

    @Test("--details counts every dropped step by reason; the counts add up to every fix")
    func details() throws {
        // 60 s of a 1.4 m/s walk, one fix a second, then 60 s standing (speed 0) where the walk ended.
        var fixes = SyntheticTrace.fixesCSV(seconds: 60, speed: 1.4)
        let last = try #require(fixes.split(separator: "\n").last).split(separator: ",")
        for second in 61...120 { fixes += "\(1_700_000_000 + second),\(last[1]),\(last[2]),5,0\n" }
        let result = try ToolRunner.run(["distance", "-", "--time-zone", "UTC", "--details"], input: fixes)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        #expect(header.suffix(5) == ["rejected_spikes", "rejected_still", "speed_steps", "speed_added_m", "sparse_chord_steps"])
        let row = Dictionary(uniqueKeysWithValues: zip(header, lines[1].split(separator: ",").map(String.init)))
        #expect(row["rejected_still"] == "60")
        let distance = try #require(row["distance_m"].flatMap(Double.init))
        #expect(abs(distance - 84) < 0.5)
        let counted = ["accepted_fixes", "rejected_jumps", "rejected_inaccurate", "rejected_not_moving", "rejected_out_of_order",
                       "rejected_invalid", "rejected_spikes", "rejected_still"].map { Int(row[$0]!)! }.reduce(0, +)
        #expect(counted == 121)
        // The original apps' rule by name: the standing fixes are accepted (they move nothing).
        let fixed = try ToolRunner.run(["distance", "-", "--time-zone", "UTC", "--rule", "fixed-distance", "--details"], input: fixes)
        #expect(fixed.standardOutput.split(separator: "\n")[1].split(separator: ",")[2] == "121")
    }

    @Test("--jump-limit selects the fixed-distance rule; with --rule implied-speed it is a usage error")
    func ruleOptions() throws {
        let fixes = SyntheticTrace.fixesCSV(seconds: 5)
        #expect(try ToolRunner.run(["distance", "-", "--jump-limit", "off"], input: fixes).status == 0)
        let conflict = try ToolRunner.run(["distance", "-", "--jump-limit", "80", "--rule", "implied-speed"], input: fixes)
        #expect(conflict.status == 2 && conflict.standardError.contains("--jump-limit"))
        let unknown = try ToolRunner.run(["distance", "-", "--parameter", "topSpeed=3"], input: fixes)
        #expect(unknown.status == 2 && unknown.standardError.contains("vehicleMaximumSpeed"))
        let relation = try ToolRunner.run(["distance", "-", "--parameter", "onFootMaximumSpeed=30"], input: fixes)
        #expect(relation.status == 2 && relation.standardError.contains("cyclingMaximumSpeed"))
    }

    @Test("a GPX track without times is measured as one undated row")
    func undated() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("walk.gpx")
        let points = (0..<20).map { #"<trkpt lat="\#(47 + Double($0) * 1e-5)" lon="8.5"/>"# }.joined()
        try Data(#"<gpx version="1.1"><trk><trkseg>\#(points)</trkseg></trk></gpx>"#.utf8).write(to: path)
        let result = try ToolRunner.run(["distance", path.path, "--time-zone", "UTC"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").last?.hasPrefix("undated,") == true)
    }

    @Test("--trace gates distance by the classifier's activity")
    func movingGate() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("trace.csv")
        try Data(SyntheticTrace.csv(seconds: 20).utf8).write(to: trace)
        let fixes = SyntheticTrace.fixesCSV(seconds: 40)
        let gated = try ToolRunner.run(["distance", "-", "--time-zone", "UTC", "--trace", trace.path], input: fixes)
        #expect(gated.status == 0, "\(gated.standardError)")
        let row = try #require(gated.standardOutput.split(separator: "\n").last).split(separator: ",")
        // The first 20 s are a still phone: those fixes do not count.
        #expect(try #require(Int(row[5])) >= 15)
        #expect(try #require(Double(row[1])) < 56 * 0.75)
    }
}

@Suite("locomotion convert (location sources)", .enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct ConvertFixesCommandTests {
    @Test("--from gpx writes canonical fixes CSV that distance reads back")
    func gpxToCSV() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let points = (0..<30).map { #"<trkpt lat="\#(47 + Double($0) * 1e-5)" lon="8.5"><time>2024-06-01T10:00:\#($0 < 10 ? "0" : "")\#($0)Z</time></trkpt>"# }
        try Data(#"<gpx version="1.1"><trk><trkseg>\#(points.joined())</trkseg></trk></gpx>"#.utf8)
            .write(to: directory.appendingPathComponent("walk.gpx"))
        let converted = try ToolRunner.run(["convert", "--from", "gpx", directory.path, "-o", directory.appendingPathComponent("out").path])
        #expect(converted.status == 0, "\(converted.standardError)")
        let csv = directory.appendingPathComponent("out/walk.fixes.csv").path
        let text = try String(contentsOfFile: csv, encoding: .utf8)
        #expect(text.hasPrefix("timestamp,latitude,longitude,horizontal_accuracy,speed\n"))
        let fromCSV = try ToolRunner.run(["distance", csv, "--time-zone", "UTC"])
        let fromGPX = try ToolRunner.run(["distance", directory.appendingPathComponent("walk.gpx").path, "--time-zone", "UTC"])
        #expect(fromCSV.status == 0 && fromCSV.standardOutput == fromGPX.standardOutput)
        #expect(fromCSV.standardOutput.contains("2024-06-01,"))
    }
}

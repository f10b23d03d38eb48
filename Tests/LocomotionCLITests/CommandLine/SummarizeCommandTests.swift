import Foundation
import Testing
import LocomotionTestSupport

@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built (run `swift build` first)"))
struct SummarizeCommandTests {
    func directoryWithWalk() throws -> URL {
        let directory = try temporaryDirectory()
        try SyntheticTrace.csv().write(to: directory.appendingPathComponent("walk.csv"), atomically: true, encoding: .utf8)
        try SyntheticTrace.fixesCSV().write(to: directory.appendingPathComponent("walk-fixes.csv"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test func printsAReadableReport() throws {
        let directory = try directoryWithWalk()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ToolRunner.run(["summarize", "walk.csv", "--fixes", "walk-fixes.csv", "--time-zone", "UTC"], in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let text = result.standardOutput
        #expect(text.hasPrefix("Locomotion summary: walk.csv\n2023-11-14 22:13 – 22:14 UTC (40 s)"))
        for heading in ["Activity: ", "Steps: ", "Distance per day (UTC)", "Recording modes (policy on-foot)"] {
            #expect(text.contains(heading), "missing \(heading)")
        }
        #expect(text.contains("41 fixes from walk-fixes.csv"))
    }

    @Test func withoutFixesItSaysWhereDistanceWouldComeFrom() throws {
        let result = try ToolRunner.run(["summarize", "-", "--relative-time"], input: SyntheticTrace.csv())
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains("Distance per day"))
        #expect(result.standardOutput.contains("No distance: pass --fixes"))
        #expect(result.standardOutput.contains("0:00 – 0:01 after the first sample"))
    }

    @Test func jsonIsOneObjectForScripts() throws {
        let directory = try directoryWithWalk()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ToolRunner.run(["summarize", "walk.csv", "--fixes", "walk-fixes.csv", "--format", "json",
                                         "--policy", "any-movement"], in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        for key in ["source", "activities", "activityTotals", "steps", "days", "gating"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        let gating = try #require(object["gating"] as? [String: Any])
        #expect(gating["policy"] as? String == "any-movement")
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 1)
    }

    @Test func badArgumentsAndInputsHaveTheirExitStatuses() throws {
        let directory = try directoryWithWalk()
        defer { try? FileManager.default.removeItem(at: directory) }
        let zone = try ToolRunner.run(["summarize", "walk.csv", "--time-zone", "Mars/Olympus"], in: directory)
        #expect(zone.status == 2)
        #expect(zone.standardError.contains("Mars/Olympus"))
        let policy = try ToolRunner.run(["summarize", "walk.csv", "--policy", "always"], in: directory)
        #expect(policy.status == 2)
        try "timestamp,latitude,longitude\n1700000000,47.0,8.5\n1700000001,north,8.5\n"
            .write(to: directory.appendingPathComponent("bad-fixes.csv"), atomically: true, encoding: .utf8)
        let fixes = try ToolRunner.run(["summarize", "walk.csv", "--fixes", "bad-fixes.csv"], in: directory)
        #expect(fixes.status == 1)
        #expect(fixes.standardError.contains("bad-fixes.csv:3"), "\(fixes.standardError)")
        #expect(fixes.standardOutput.isEmpty)
    }
}

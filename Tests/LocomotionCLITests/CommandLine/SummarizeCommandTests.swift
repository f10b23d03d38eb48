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

    /// Each section of the report is what the command it summarises says on the same inputs: the activities are
    /// `label --fixes`'s and the distance `distance --trace`'s (the recording described, full smoothing), the steps
    /// `steps`' and the recording modes `replay`'s (what a phone would have done, lagged) — Docs/activity.md, "Which
    /// smoothing each command uses". 15 simulated minutes with walks, a ride and fixes.
    @Test func everySectionIsWhatItsCommandSays() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let simulated = try ToolRunner.run(["simulate", "--duration", "900", "--seed", "11", "--start", "1700000000",
                                            "--output", "t.csv", "--fixes", "f.csv"], in: directory)
        #expect(simulated.status == 0, "\(simulated.standardError)")
        let common = ["--time-zone", "UTC"]
        let summary = try ToolRunner.run(["summarize", "t.csv", "--fixes", "f.csv", "--format", "json"] + common, in: directory)
        #expect(summary.status == 0, "\(summary.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(summary.standardOutput.utf8)) as? [String: Any])

        let label = try ToolRunner.run(["label", "t.csv", "--fixes", "f.csv"], in: directory)
        let segments = label.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        let activities = try #require(report["activities"] as? [[String: Any]])
        #expect(activities.count == segments.count && segments.count > 3)
        for (activity, segment) in zip(activities, segments) {
            #expect(activity["activity"] as? String == segment[2] && activity["confidence"] as? String == segment[3])
            #expect(abs((activity["start"] as? Double ?? 0) - Double(segment[0])!) < 1e-5)
        }

        let distance = try ToolRunner.run(["distance", "f.csv", "--trace", "t.csv"] + common, in: directory)
        let row = try #require(distance.standardOutput.split(separator: "\n").dropFirst().first).split(separator: ",")
        let days = try #require(report["days"] as? [[String: Any]])
        let meters = try #require(days.first?["distanceMeters"] as? Double)
        #expect(String(format: "%.3f", meters) == String(row[1]) && meters > 100)

        let steps = try ToolRunner.run(["steps", "t.csv"], in: directory)
        let counted = try #require((report["steps"] as? [String: Any])?["count"] as? Int)
        #expect(steps.standardOutput.hasPrefix("steps=\(counted)\n") && counted > 100)

        let replay = try ToolRunner.run(["replay", "t.csv", "--fixes", "f.csv", "--summary", "s.json"], in: directory)
        #expect(replay.status == 0, "\(replay.standardError)")
        let replayed = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("s.json"))) as? [String: Any])
        let gating = try #require(report["gating"] as? [String: Any])
        #expect(gating["switches"] as? Int == replayed["switches"] as? Int)
        #expect(gating["highAccuracySeconds"] as? Double == replayed["highAccuracyTime"] as? Double)
    }
}

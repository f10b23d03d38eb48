import Foundation
import Testing
import LocomotionTestSupport

/// `locomotion label` and `locomotion evaluate` as a user runs them (mechanics on a synthetic trace).
@Suite("label and evaluate commands", .enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct LabelAndEvaluateCommandTests {
    /// The synthetic still-then-bouncing trace with a `label` column (stationary, then walking).
    private func labelledTrace() -> String {
        var lines = SyntheticTrace.csv(seconds: 30).split(separator: "\n")
        let start = Double(lines[1].split(separator: ",")[0])!
        lines[0] += ",label"
        for index in 1..<lines.count {
            let time = Double(lines[index].split(separator: ",")[0])!
            lines[index] += time - start < 30 ? ",stationary" : ",walking"
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func labelWritesSegments() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try SyntheticTrace.csv(seconds: 30).write(to: directory.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        let result = try ToolRunner.run(["label", "t.csv"], in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        let rows = result.standardOutput.split(separator: "\n")
        #expect(rows.first == "start,end,activity,confidence")
        let activities = rows.dropFirst().map { $0.split(separator: ",")[2] }
        #expect(activities == ["stationary", "walking"], "\(result.standardOutput)")
        // Segments tile the trace: each ends where the next starts; the last ends at the last sample.
        let times = rows.dropFirst().map { $0.split(separator: ",").prefix(2).map { Double($0)! } }
        #expect(times[0][1] == times[1][0])
        #expect(abs(times[1][1] - (1_700_000_000 + 59.98)) < 1e-6)
    }

    @Test func labelJSONCarriesTheExplanation() throws {
        let result = try ToolRunner.run(["label", "-", "--format", "json"], input: SyntheticTrace.csv(seconds: 30))
        #expect(result.status == 0, "\(result.standardError)")
        let objects = try result.standardOutput.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        #expect(objects.count == 2)
        #expect(objects.last?["activity"] as? String == "walking")
        #expect(objects.last?["rule"] as? String == "gait-walking")
        let features = objects.last?["features"] as? [String: Double]
        #expect(features?["deviation_g"] != nil && features?["periodicity"] != nil)
    }

    @Test func labelReadsAConfiguration() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // With a gait threshold above the 0.21 g bounce, nothing is walking any more.
        try #"{"gaitMinimumDeviation": 0.5, "weakGaitMinimumDeviation": 0.5}"#
            .write(to: directory.appendingPathComponent("c.json"), atomically: true, encoding: .utf8)
        let result = try ToolRunner.run(["label", "-", "--config", "c.json"], input: SyntheticTrace.csv(seconds: 30), in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains("walking"))
        // Failing runs read a file, not standard input: the tool may exit before reading a pipe.
        try SyntheticTrace.csv(seconds: 30).write(to: directory.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        let missing = try ToolRunner.run(["label", "t.csv", "--config", "missing.json"], in: directory)
        #expect(missing.status == 1)  // a missing input file, like a missing trace
        #expect(missing.standardError.contains("missing.json"))
        try #"{"sampleRate": "fast"}"#.write(to: directory.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let bad = try ToolRunner.run(["label", "t.csv", "--config", "bad.json"], in: directory)
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("bad.json"))
    }

    @Test func evaluateScoresPerSecond() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try labelledTrace().write(to: directory.appendingPathComponent("l.csv"), atomically: true, encoding: .utf8)
        let text = try ToolRunner.run(["evaluate", "l.csv"], in: directory)
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("macro-F1 over [stationary, walking]"))
        let json = try ToolRunner.run(["evaluate", "l.csv", "--format", "json", "--per-trace"], in: directory)
        let objects = try json.standardOutput.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        #expect(objects.count == 2)
        let total = try #require(objects.last)
        #expect(total["scope"] as? String == "total")
        #expect(total["scored_seconds"] as? Int == 60)
        let macro = try #require(total["macro_f1"] as? Double)
        #expect(macro > 0.9, "\(json.standardOutput)")
    }

    @Test func evaluateNotesUnlabelledTracesAndRefusesBadUsage() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try SyntheticTrace.csv(seconds: 10).write(to: directory.appendingPathComponent("u.csv"), atomically: true, encoding: .utf8)
        let unlabelled = try ToolRunner.run(["evaluate", "u.csv"], in: directory)
        #expect(unlabelled.status == 0)
        #expect(unlabelled.standardError.contains("u.csv: no label column"))
        #expect(unlabelled.standardOutput.contains("0 scored seconds"))
        let usage = try ToolRunner.run(["evaluate"])
        #expect(usage.status == 2)
        let missing = try ToolRunner.run(["label", "no-such-file.csv"], in: directory)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no-such-file.csv"))
    }

    @Test func labelUsesTheSpeedOfFixes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try SyntheticTrace.csv(seconds: 60).write(to: directory.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        // The quiet first minute at 20 m/s is a smooth ride, not a person sitting still. (A minute: the walk after it
        // follows through a stop, two changes of activity, which a ride must outweigh with its evidence.)
        try SyntheticTrace.fixesCSV(seconds: 59, speed: 20)
            .write(to: directory.appendingPathComponent("f.csv"), atomically: true, encoding: .utf8)
        let without = try ToolRunner.run(["label", "t.csv"], in: directory)
        let with = try ToolRunner.run(["label", "t.csv", "--fixes", "f.csv"], in: directory)
        #expect(with.status == 0, "\(with.standardError)")
        #expect(!without.standardOutput.contains("automotive"))
        let first = with.standardOutput.split(separator: "\n").dropFirst().first.map { $0.split(separator: ",")[2] }
        #expect(first == "automotive", "\(with.standardOutput)")
        // Fixes belong to one trace; one out of time order is no evidence, said once (OutOfOrderFixesTests).
        try SyntheticTrace.csv(seconds: 30).write(to: directory.appendingPathComponent("u.csv"), atomically: true, encoding: .utf8)
        let two = try ToolRunner.run(["label", "t.csv", "u.csv", "--fixes", "f.csv"], in: directory)
        #expect(two.status == 2)
        var lines = SyntheticTrace.fixesCSV(seconds: 59, speed: 20).split(separator: "\n")
        lines.swapAt(3, 4)
        try (lines.joined(separator: "\n") + "\n").write(to: directory.appendingPathComponent("b.csv"), atomically: true, encoding: .utf8)
        let backwards = try ToolRunner.run(["label", "t.csv", "--fixes", "b.csv"], in: directory)
        #expect(backwards.status == 0)
        #expect(backwards.standardError.contains("b.csv") && backwards.standardError.contains("back in time"), "\(backwards.standardError)")
    }
}

import Foundation
import Testing
import LocomotionTestSupport

/// `locomotion steps` as a user runs it: the output contract and the refusals (mechanics only).
@Suite(
    "locomotion steps",
    .enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built (run `swift build` first)"))
struct StepsCommandTests {
    /// Writes `text` to a temporary file; returns its path and the directory to remove.
    private func file(_ text: String, name: String = "trace.csv") throws -> (path: String, directory: URL) {
        let directory = try temporaryDirectory()
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return (url.path, directory)
    }

    @Test("summary: steps and cadence of a 2 Hz bounce")
    func summary() throws {
        let (path, directory) = try file(SyntheticTrace.csv(seconds: 20))
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ToolRunner.run(["steps", path])
        #expect(result.status == 0, "\(result.standardError)")
        let fields = Dictionary(
            uniqueKeysWithValues: result.standardOutput.split(separator: "\n").map {
                let parts = $0.split(separator: "=", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            })
        let steps = Int(fields["steps"] ?? "") ?? -1
        #expect(abs(steps - 40) <= 3, "20 s at 2 steps/s counted as \(steps)")
        let cadence = Double(fields["cadence_spm"] ?? "") ?? 0
        #expect(abs(cadence - 120) < 5)
        #expect(fields["bouts"] == "1")
    }

    @Test("--events writes one timestamp per step; the summary goes to stderr")
    func events() throws {
        let (path, directory) = try file(SyntheticTrace.csv(seconds: 20))
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = try ToolRunner.run(["steps", path, "--events"])
        #expect(csv.status == 0)
        let lines = csv.standardOutput.split(separator: "\n")
        #expect(lines.first == "timestamp")
        let times = lines.dropFirst().compactMap { Double($0) }
        #expect(times.count == lines.count - 1)
        #expect(times == times.sorted())
        #expect(times.allSatisfy { $0 >= 1_700_000_020 - 0.5 }, "no step while the phone is still")
        #expect(csv.standardError.contains("steps=\(times.count)"))

        let json = try ToolRunner.run(["steps", path, "--events", "--format", "json"])
        let rows = json.standardOutput.split(separator: "\n")
        #expect(rows.count == times.count)
        #expect(rows.allSatisfy { $0.hasPrefix("{\"timestamp\":") && $0.hasSuffix("}") })
    }

    @Test("--format json prints one summary object")
    func jsonSummary() throws {
        let (path, directory) = try file(SyntheticTrace.csv(seconds: 20))
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ToolRunner.run(["steps", path, "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        #expect((object?["steps"] as? Int).map { abs($0 - 40) <= 3 } == true)
        #expect(object?["cadence_spm"] is Double)
    }

    @Test("a trace sampled at 3 Hz is refused with exit status 1, naming the file")
    func sparseTraceRefused() throws {
        var text = "timestamp,x,y,z\n"
        for index in 0..<120 {
            let time = 1_700_000_000 + Double(index) / 3
            text += "\(time),0.01,\(-1 - 0.3 * sin(2 * Double.pi * 2 * time)),0.02\n"
        }
        let (path, directory) = try file(text, name: "sparse.csv")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ToolRunner.run(["steps", path])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("sparse.csv"))
        #expect(result.standardError.contains("8 Hz"))
    }

    @Test("an unknown --parameter is a usage error")
    func badParameter() throws {
        let (path, directory) = try file(SyntheticTrace.csv(seconds: 5))
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try ToolRunner.run(["steps", path, "--parameter", "noSuchThing=1"]).status == 2)
        #expect(try ToolRunner.run(["steps", path, "--parameter", "periodicityThreshold=abc"]).status == 2)
        #expect(try ToolRunner.run(["steps", path, "--parameter", "periodicityThreshold=0.6"]).status == 0)
    }
}

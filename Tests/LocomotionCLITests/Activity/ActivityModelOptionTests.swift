import Foundation
import Testing
import LocomotionTestSupport

/// `label`, `evaluate` and `replay` use the temporal model by default, `--model rules` selects the rule-only model
/// (also through `--config`), and `label --format json` names the transition each segment came from (issue 14).
@Suite("--model and the temporal model's explanations", .enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct ActivityModelOptionTests {
    /// The bundled simulated half hour (still, walks, a bus, a desk, a run; `label` column included).
    private let day = ToolRunner.packageRoot.appendingPathComponent("Datasets/sample/day.csv").path

    private func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test func labelDefaultsToTheTemporalModelAndNamesEachTransition() throws {
        let byDefault = try ToolRunner.run(["label", day, "--format", "json"])
        let temporal = try ToolRunner.run(["label", day, "--format", "json", "--model", "temporal"])
        let rules = try ToolRunner.run(["label", day, "--format", "json", "--model", "rules"])
        #expect(byDefault.status == 0 && temporal.status == 0 && rules.status == 0, "\(byDefault.standardError)\(rules.standardError)")
        #expect(byDefault.standardOutput == temporal.standardOutput)
        #expect(rules.standardOutput != temporal.standardOutput)

        let segments = try objects(temporal.standardOutput)
        #expect(segments.count >= 5)
        var named = 0
        for (previous, segment) in zip(segments, segments.dropFirst()) where segment["rule"] as? String != "gap" {
            // The transition is from the activity of the segment before, to this one's; the reason says it in words.
            let from = try #require(previous["activity"] as? String), to = try #require(segment["activity"] as? String)
            #expect(segment["transition"] as? String == "\(from)→\(to)", "\(segment)")
            let reason = try #require(segment["reason"] as? String)
            let rule = try #require(segment["rule"] as? String)
            #expect(reason.hasPrefix(rule + " for ") && reason.hasSuffix(" s \(from)"), "\(reason)")
            named += 1
        }
        #expect(named >= 4)
        // The rule-only model has no transitions to name.
        #expect(try objects(rules.standardOutput).allSatisfy { $0["transition"] == nil && $0["reason"] != nil })
    }

    @Test func theModelCanComeFromAConfigurationFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"{"model": "rules"}"#.write(to: directory.appendingPathComponent("rules.json"), atomically: true, encoding: .utf8)
        let option = try ToolRunner.run(["label", day, "--model", "rules"])
        let file = try ToolRunner.run(["label", day, "--config", "rules.json"], in: directory)
        #expect(file.status == 0, "\(file.standardError)")
        #expect(file.standardOutput == option.standardOutput)
        // --model overrides the file.
        let both = try ToolRunner.run(["label", day, "--config", "rules.json", "--model", "temporal"], in: directory)
        #expect(both.standardOutput == (try ToolRunner.run(["label", day])).standardOutput)
        let bad = try ToolRunner.run(["label", day, "--model", "hmm"])
        #expect(bad.status == 2)
    }

    @Test func evaluateAndReplayDefaultToTheTemporalModel() throws {
        for command in [["evaluate", day, "--format", "json"], ["replay", day]] {
            let byDefault = try ToolRunner.run(command)
            let temporal = try ToolRunner.run(command + ["--model", "temporal"])
            let rules = try ToolRunner.run(command + ["--model", "rules"])
            #expect(byDefault.status == 0 && rules.status == 0, "\(command): \(byDefault.standardError)\(rules.standardError)")
            #expect(byDefault.standardOutput == temporal.standardOutput, "\(command)")
            #expect(!rules.standardOutput.isEmpty)
        }
        // The per-second scores of the two models differ (they decide differently near each change).
        let temporal = try ToolRunner.run(["evaluate", day, "--format", "json"])
        let rules = try ToolRunner.run(["evaluate", day, "--format", "json", "--model", "rules"])
        #expect(temporal.standardOutput != rules.standardOutput)
        // So do replay's: the gate follows a different activity stream (its mode segments move), and the summary's
        // activity agreement — how the stream reported each true activity — is that of the model asked for.
        let replayed = try ToolRunner.run(["replay", day])
        let replayedRules = try ToolRunner.run(["replay", day, "--model", "rules"])
        #expect(replayed.standardOutput != replayedRules.standardOutput)
        let agreement = { (run: ToolRunner.Result) in run.standardError.split(separator: "\n").filter { $0.hasPrefix("truth=") } }
        #expect(!agreement(replayed).isEmpty)
        #expect(agreement(replayed) != agreement(replayedRules))
        #expect(agreement(replayed) == agreement(try ToolRunner.run(["replay", day, "--model", "temporal"])))
        // Streaming smoothing is selectable for evaluate (what a phone would have reported).
        let lagged = try ToolRunner.run(["evaluate", day, "--format", "json", "--smoothing", "lagged"])
        #expect(lagged.status == 0, "\(lagged.standardError)")
    }
}

import Foundation
import Locomotion
import LocomotionIO
import Testing
import LocomotionTestSupport

/// One step count per trace: `steps`, `summarize`, `epochs`, `daily` and a ``MotionEngine`` run here give the same
/// number on real recordings — the car sessions of us-tm2017 (where `steps` once said 213 and `daily` 220: the
/// tables gated steps by a late activity decision) and the walks of IPOL and Oxford (thousands of steps).
@Suite(.tags(.realData), .enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built (swift build --build-tests builds it)"))
struct StepCountAgreementTests {
    /// The dataset converted to traces in a temporary folder (`convert --from`).
    private func converted(_ source: String, _ relativePath: String) throws -> String {
        let folder = try temporaryDirectory(prefix: "StepAgreement").path
        let result = try ToolRunner.run(["convert", "--from", source, TestDatasets.folder(relativePath).path, "-o", folder])
        #expect(result.status == 0, "\(result.standardError)")
        return folder
    }

    /// The rows of a CSV table as dictionaries by column (no quoting in these tables).
    private func records(_ text: String) -> [[String: String]] {
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    /// The steps a default engine reports over the whole trace.
    private func engineSteps(_ path: String) throws -> Int {
        let trace = try Trace.read(path: path)
        var engine = MotionEngine(configuration: .init(), timeZone: TimeZone(identifier: "UTC")!)
        var steps = 0
        let count = { (event: MotionEvent) in if case .step = event { steps += 1 } }
        for sample in trace.samples { try engine.push(sample, emit: count) }
        engine.finish(emit: count)
        return steps
    }

    private func checkAgreement(_ folder: String) throws {
        let traces = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".csv") && !$0.contains(".steps.") && !$0.contains(".speeds.") && !$0.contains("untimed") }
            .sorted()
        try #require(!traces.isEmpty)
        let stem = { (file: String) in String(URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent) }

        // `steps` refuses a trace sampled below 8 Hz (exit 1, no row): the others must count none there.
        let steps = try ToolRunner.run(["steps", folder, "--quiet"])
        var bySteps: [String: Int] = [:]
        for row in records(steps.standardOutput) { bySteps[stem(row["file"]!)] = Int(row["steps"]!)! }
        let daily = try ToolRunner.run(["daily", folder, "--time-zone", "UTC", "--quiet"])
        #expect(daily.status == 0, "\(daily.standardError)")
        var byDaily: [String: Int] = [:]
        for row in records(daily.standardOutput) { byDaily[row["participant"]!, default: 0] += Int(row["steps"]!)! }
        let epochs = try ToolRunner.run(["epochs", folder, "--time-zone", "UTC", "--epoch", "300", "--quiet"])
        #expect(epochs.status == 0, "\(epochs.standardError)")
        var byEpochs: [String: Int] = [:]
        for row in records(epochs.standardOutput) { byEpochs[row["participant"]!, default: 0] += Int(row["steps"]!)! }
        let summaries = try ToolRunner.run(["summarize", folder, "--format", "json", "--quiet"])
        var bySummary: [String: Int] = [:]
        for line in summaries.standardOutput.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let file = try #require(object["file"] as? String)
            bySummary[stem(file)] = (object["steps"] as? [String: Any])?["count"] as? Int
        }

        var total = 0
        for trace in traces {
            let name = stem(trace)
            let engine = try engineSteps(folder + "/" + trace)
            let counted = bySteps[name] ?? 0
            #expect(counted == engine, "\(name): steps \(counted), engine \(engine)")
            #expect(byDaily[name] == engine, "\(name): daily \(byDaily[name] ?? -1), engine \(engine)")
            #expect(byEpochs[name] == engine, "\(name): epochs \(byEpochs[name] ?? -1), engine \(engine)")
            if let summarized = bySummary[name] { #expect(summarized == engine, "\(name): summarize \(summarized), engine \(engine)") }
            total += engine
        }
        // A check that compares zeros would prove nothing.
        #expect(total > 100)
        #expect(bySummary.count >= bySteps.count)
    }

    @Test("us-tm2017 (cars, buses, trains, walks, still): every command counts the engine's steps",
          .enabled(if: UsTm2017.isAvailable, Comment(rawValue: TestDatasets.absence("us-tm2017/raw"))))
    func usTransportationMode() throws {
        try checkAgreement(try converted("us-tm2017", "us-tm2017"))
    }

    /// The walk where the tables once dropped a step the detector timed 23 ms before the first sample.
    @Test("Oxford walks (48): every command counts the engine's steps",
          .enabled(if: TestDatasets.isPresent("oxford-step-counter/raw/optimisation/data"),
                   Comment(rawValue: TestDatasets.absence("oxford-step-counter/raw/optimisation/data"))))
    func oxfordWalks() throws {
        try checkAgreement(try converted("oxford-step-counter", "oxford-step-counter/raw/optimisation/data"))
    }

    /// One subject's 38 daily-living trials (walking, jogging, jumping, stairs, standing, sitting down, getting into
    /// and out of a car): 895 steps in a few seconds; the other four subjects would cost four times more and add no
    /// new kind of trial.
    @Test("MobiFall subject 2's activities of daily living: every command counts the engine's steps",
          .enabled(if: TestDatasets.isPresent("mobifall-v2/raw/sub2/ADL"), Comment(rawValue: TestDatasets.absence("mobifall-v2/raw/sub2/ADL"))))
    func mobiFallDailyLiving() throws {
        try checkAgreement(try converted("mobifall-v2", "mobifall-v2/raw/sub2/ADL"))
    }

    @Test("IPOL walks: every command counts the engine's steps",
          .enabled(if: TestDatasets.isPresent("ipol-gait-lowerback/raw"), Comment(rawValue: TestDatasets.absence("ipol-gait-lowerback/raw"))))
    func ipolWalks() throws {
        try checkAgreement(try converted("ipol-gait-lowerback", "ipol-gait-lowerback/raw"))
    }
}

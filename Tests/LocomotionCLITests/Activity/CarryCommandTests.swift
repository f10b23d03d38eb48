import Foundation
import Testing
import LocomotionTestSupport

/// `locomotion carry` as a user runs it: the output contract and the refusals (mechanics only; the accuracy is
/// measured on real recordings by Scripts/evaluation/carry/evaluate.py).
@Suite(
    "locomotion carry",
    .enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built (run `swift build` first)"))
struct CarryCommandTests {
    /// A minute of a phone lying still (its x axis flickering by ±4 mg), then a minute in a hand that turns it by a few
    /// degrees back and forth, at 50 Hz.
    static func handled(start: Double = 1_700_000_000) -> String {
        var text = "timestamp,x,y,z\n"
        for index in 0..<6000 {
            let time = Double(index) / 50
            let angle = time < 60 ? 0 : 5 * sin(2 * Double.pi * (time - 60) / 3) * Double.pi / 180
            let flicker = Double(index % 3 - 1) * 0.004
            text += "\(String(format: "%.2f", start + time)),\(flicker),\(String(format: "%.5f", sin(angle))),"
                + "\(String(format: "%.5f", -cos(angle)))\n"
        }
        return text
    }

    private func trace() throws -> (path: String, directory: URL) {
        let directory = try temporaryDirectory()
        let url = directory.appendingPathComponent("trace.csv")
        try Self.handled().write(to: url, atomically: true, encoding: .utf8)
        return (url.path, directory)
    }

    @Test("one row per stretch: not carried while it lay still, carried once it was picked up")
    func segments() throws {
        let (path, directory) = try trace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ToolRunner.run(["carry", path])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "start,end,state,reason")
        let rows = lines.dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(rows.map { $0[2] } == ["not-carried", "carried"])
        #expect(rows.map { $0[3] } == ["noise-floor", "movement"])
        let times = rows.map { (Double($0[0])!, Double($0[1])!) }
        #expect(times[0].0 == 1_700_000_000, "back-dated to the first sample")
        #expect(abs(times[0].1 - 1_700_000_060) <= 1, "picked up at 60 s")
        #expect(times[1].0 == times[0].1 && times[1].1 == 1_700_000_119.98)
        #expect(result.standardError.isEmpty)
    }

    @Test("--format json adds the evidence in g")
    func json() throws {
        let (path, directory) = try trace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ToolRunner.run(["carry", path, "--format", "json"])
        #expect(result.status == 0)
        let rows = try result.standardOutput.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(rows.count == 2)
        #expect(rows[0]["state"] as? String == "not-carried" && (rows[0]["excess_g"] as? Double ?? 1) < 0.0015)
        #expect((rows[1]["excess_g"] as? Double ?? 0) > 0.0015)
        #expect(rows.allSatisfy { $0["noise_g"] is Double && $0["start"] is Double && $0["end"] is Double })
    }

    @Test("--parameter sets a threshold; a bad one is a usage error naming it")
    func parameters() throws {
        let (path, directory) = try trace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let longer = try ToolRunner.run(["carry", path, "--parameter", "minimumStillDuration=90"])
        #expect(longer.status == 0)
        #expect(!longer.standardOutput.contains("not-carried"), "60 s still is not 90")
        for (setting, words) in [("minimumStillDuration=10", "windowLength"), ("maximumGap=0", "maximumGap"),
                                 ("noSuch=1", "no parameter noSuch")] {
            let result = try ToolRunner.run(["carry", path, "--parameter", setting])
            #expect(result.status == 2, "\(setting)")
            #expect(result.standardError.contains(words), "\(setting): \(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
    }

    @Test("a bad row is bad input with its line; many traces get a file column")
    func inputs() throws {
        let (path, directory) = try trace()
        defer { try? FileManager.default.removeItem(at: directory) }
        var lines = SyntheticTrace.csv(seconds: 5).split(separator: "\n").map(String.init)
        lines[7] = "1700000000.12,x,0,1"
        let bad = directory.appendingPathComponent("bad.csv")
        try (lines.joined(separator: "\n") + "\n").write(to: bad, atomically: true, encoding: .utf8)
        let refused = try ToolRunner.run(["carry", bad.path])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("bad.csv:8"))
        #expect(refused.standardOutput.isEmpty)

        let copy = directory.appendingPathComponent("again.csv")
        try FileManager.default.copyItem(atPath: path, toPath: copy.path)
        let both = try ToolRunner.run(["carry", path, copy.path])
        #expect(both.status == 0)
        let rows = both.standardOutput.split(separator: "\n")
        #expect(rows.first == "file,start,end,state,reason")
        #expect(rows.count == 5)

        // --output-dir writes NAME.carry.csv, which a later run over the folder does not take for a trace.
        let out = directory.appendingPathComponent("out")
        #expect(try ToolRunner.run(["carry", path, "--output-dir", out.path]).status == 0)
        let written = out.appendingPathComponent("trace.carry.csv")
        #expect(try String(contentsOf: written, encoding: .utf8) == (try ToolRunner.run(["carry", path])).standardOutput)
        try FileManager.default.copyItem(atPath: path, toPath: out.appendingPathComponent("trace.csv").path)
        let again = try ToolRunner.run(["carry", out.path])
        #expect(again.status == 0 && again.standardOutput.split(separator: "\n").count == 3, "\(again.standardOutput)")
    }
}

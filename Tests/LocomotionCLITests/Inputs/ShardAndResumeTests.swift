import Foundation
import Testing
@testable import LocomotionCLI
import LocomotionTestSupport

/// `--shard K/N` and resumable `--output-dir` (every many-input command), through the built executable.
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built (swift build --build-tests builds it)"))
struct ShardAndResumeTests {
    private static let traces: String = {
        let folder = try! temporaryDirectory(prefix: "Shards").path
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<5 {
            let result = try! ToolRunner.run(["simulate", "--duration", "40", "--seed", "\(index + 1)", "--output", "\(folder)/t\(index).csv"])
            precondition(result.status == 0, result.standardError)
        }
        return folder
    }()

    @Test("the shards of a batch are disjoint, cover it, and keep the combined layout")
    func shards() throws {
        let all = try ToolRunner.run(["label", Self.traces])
        var lines: [Substring] = []
        for index in 1...3 {
            let shard = try ToolRunner.run(["label", Self.traces, "--shard", "\(index)/3"])
            #expect(shard.status == 0, "\(shard.standardError)")
            let shardLines = shard.standardOutput.split(separator: "\n")
            #expect(shardLines.first == "file,start,end,activity,confidence")
            lines += shardLines.dropFirst()
        }
        let expected = all.standardOutput.split(separator: "\n").dropFirst()
        #expect(lines.sorted() == expected.sorted())
        // Positions 1, 4 in the first part; 2, 5 in the second; 3 in the third.
        let third = try ToolRunner.run(["steps", Self.traces, "--shard", "3/3"])
        #expect(third.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[0] } == ["\(Self.traces)/t2.csv"])
        for bad in ["0/3", "4/3", "1/0", "x"] {
            #expect(try ToolRunner.run(["label", Self.traces, "--shard", bad]).status == 2)
        }
    }

    @Test("--output-dir goes on where it stopped; --overwrite computes again")
    func resume() throws {
        let output = try! temporaryDirectory(prefix: "Resume").path
        let first = try ToolRunner.run(["label", Self.traces, "--output-dir", output])
        #expect(first.status == 0, "\(first.standardError)")
        // A finished file is kept as it is; a missing one (a run that was stopped) is computed.
        try "kept\n".write(toFile: output + "/t0.label.csv", atomically: true, encoding: .utf8)
        let expected = try String(contentsOfFile: output + "/t3.label.csv", encoding: .utf8)
        try FileManager.default.removeItem(atPath: output + "/t3.label.csv")
        let second = try ToolRunner.run(["label", Self.traces, "--output-dir", output])
        #expect(second.status == 0)
        #expect(second.standardError.contains("skipped 4 of 5 inputs whose outputs in \(output) are complete"))
        #expect(try String(contentsOfFile: output + "/t0.label.csv", encoding: .utf8) == "kept\n")
        #expect(try String(contentsOfFile: output + "/t3.label.csv", encoding: .utf8) == expected)
        let third = try ToolRunner.run(["label", Self.traces, "--output-dir", output, "--overwrite"])
        #expect(third.status == 0 && !third.standardError.contains("skipped"))
        #expect(try String(contentsOfFile: output + "/t0.label.csv", encoding: .utf8) != "kept\n")
        #expect(try ToolRunner.run(["label", Self.traces, "--overwrite"]).status == 2)
    }
}

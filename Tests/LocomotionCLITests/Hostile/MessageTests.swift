import Foundation
import Testing
import LocomotionTestSupport

/// Hostile class "messages" (Docs/reliability.md, Round 3): what the tool says must be what happened. Standard
/// input given to two roles, option values that begin with `-`, the closing count of failed inputs, a label column
/// with no label. Cases over every command that has the role or option. Runs the built tool.
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct MessageTests {
    @Test("standard input named for two roles is bad usage naming both, before anything is read",
          arguments: [["label", "-", "--fixes", "-"], ["epochs", "-", "--fixes", "-", "--time-zone", "UTC"],
                      ["daily", "-", "--fixes", "-", "--time-zone", "UTC"], ["summarize", "-", "--fixes", "-"],
                      ["replay", "-", "--fixes", "-"], ["evaluate", "-", "--fixes", "-"], ["plot", "-", "--fixes", "-", "-o", "x.svg"],
                      ["distance", "-", "--trace", "-"]])
    func standardInputTwice(arguments: [String]) throws {
        let folder = try HostileInputTests.workspace()
        // No input: the refusal comes before any read (writing to a pipe nobody reads would kill the test process).
        let result = try ToolRunner.run(arguments, in: folder)
        #expect(result.status == 2, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains("standard input (-) named twice"), "\(arguments): \(result.standardError)")
    }

    @Test("a participant name or a day start beginning with '-' is taken as the value, never 'Missing value'",
          arguments: ["epochs", "daily"])
    func valuesBeginningWithADash(command: String) throws {
        let folder = try HostileInputTests.workspace()
        // (`-=1+2` is taken for a cluster of short options before any option sees it: `--participant=-=1+2` gives it.)
        for (name, form) in [("-dash", 0), ("-", 0), ("-1", 0), ("-=1+2", 1), ("-dash", 1)] {
            let given = form == 0 ? ["--participant", name] : ["--participant=" + name]
            let result = try ToolRunner.run([command, "trace.csv"] + given + ["--time-zone", "UTC"], in: folder)
            #expect(result.status == 0, "\(name): \(result.standardError)")
            #expect(!result.standardError.contains("Missing value"))
            let cell = name == "-" ? "-" : "'" + name
            #expect(result.standardOutput.contains("\n\(cell),") || result.standardOutput.contains(",\(cell),"), "\(name): \(result.standardOutput.prefix(300))")
        }
        for start in ["-01:00", "-1:00", "-00:30"] {
            let result = try ToolRunner.run([command, "trace.csv", "--day-start", start, "--time-zone", "UTC"], in: folder)
            #expect(result.status == 2, "\(start): \(result.standardError)")
            #expect(result.standardError.contains("--day-start '\(start)' is not a time HH:MM"), "\(start): \(result.standardError)")
        }
        let forgotten = try ToolRunner.run([command, "trace.csv", "--participant", "--time-zone", "UTC"], in: folder)
        #expect(forgotten.status == 2 && forgotten.standardError.contains("looks like an option"), "\(forgotten.standardError)")
    }

    @Test("distance --day-start -01:00 says what is wrong with the time")
    func distanceDayStart() throws {
        let folder = try HostileInputTests.workspace()
        let result = try ToolRunner.run(["distance", "fixes.csv", "--day-start", "-01:00", "--time-zone", "UTC"], in: folder)
        #expect(result.status == 2 && result.standardError.contains("is not a time HH:MM"), "\(result.standardError)")
    }

    /// `participants` folders, `failing` of them holding a bad trace.
    static func cohort(participants: Int, failing: Int) throws -> URL {
        let folder = try temporaryDirectory()
        for index in 0..<participants {
            let participant = folder.appendingPathComponent("cohort/P\(index)")
            try FileManager.default.createDirectory(at: participant, withIntermediateDirectories: true)
            for day in 0..<2 {
                let text = index < failing && day == 1 ? "timestamp,x,y,z\nnot a number,0,0,1\n"
                    : ResumeTests.trace(start: 1_700_000_000 + Double(day) * 100_000)
                try Data(text.utf8).write(to: participant.appendingPathComponent("day\(day).csv"))
            }
        }
        return folder
    }

    @Test("the closing count names participants, not inputs, and says so when all failed",
          arguments: [(3, 1), (3, 3), (1, 1), (2, 0)])
    func failedCounts(participants: Int, failing: Int) throws {
        let folder = try Self.cohort(participants: participants, failing: failing)
        let result = try ToolRunner.run(["epochs", "cohort", "--participant-from", "{participant}/*.csv", "--time-zone", "UTC"], in: folder)
        #expect(result.status == (failing == 0 ? 0 : 1), "\(result.standardError)")
        #expect(!result.standardError.contains("inputs failed"), "\(result.standardError)")
        if participants > 1 && failing == participants {
            #expect(result.standardError.contains("all \(participants) participants failed"), "\(result.standardError)")
            #expect(!result.standardError.contains("the others were written"))
        } else if participants > 1 && failing > 0 {
            #expect(result.standardError.contains("\(failing) of \(participants) participants failed"), "\(result.standardError)")
        }
    }

    /// A mobgap-lab `data.mat` whose dimensions multiply past any file (a trap in 0.1.0).
    static func badMATFile() -> Data {
        func word(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func element(_ type: UInt32, _ payload: [UInt8]) -> [UInt8] {
            word(type) + word(UInt32(payload.count)) + payload + [UInt8](repeating: 0, count: (8 - payload.count % 8) % 8)
        }
        let matrix = element(6, word(6) + word(0)) + element(5, [word(0x7FFF_FFFF), word(0x7FFF_FFFF), word(0x7FFF_FFFF)].flatMap { $0 })
            + element(1, Array("data".utf8)) + element(9, [UInt8](repeating: 0, count: 24))
        let text = Array("MATLAB 5.0 MAT-file".utf8)
        return Data(text + [UInt8](repeating: 0x20, count: 124 - text.count) + [0, 1, UInt8(ascii: "I"), UInt8(ascii: "M")] + element(14, matrix))
    }

    @Test("convert prints its summary header with its first row: a run whose first file fails prints nothing on stdout")
    func convertHeaderOnFailure() throws {
        let folder = try temporaryDirectory()
        let file = folder.appendingPathComponent("mobgap-lab/HA/001/data.mat")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.badMATFile().write(to: file)
        let result = try ToolRunner.run(["convert", "--from", "mobgap-lab", "mobgap-lab", "-o", "out"], in: folder)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("more elements than the file holds"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
    }

    @Test("evaluate says that a label column with no label scored nothing", arguments: ["", "\r"])
    func emptyLabelColumn(ending: String) throws {
        let folder = try temporaryDirectory()
        let text = "timestamp,x,y,z,label\(ending)\n" + (0..<1500).map { "\(1_700_000_000 + Double($0) * 0.02),0.01,-0.98,0.03,\(ending)\n" }.joined()
        try Data(text.utf8).write(to: folder.appendingPathComponent("empty.csv"))
        let result = try ToolRunner.run(["evaluate", "empty.csv"], in: folder)
        #expect(result.standardError.contains("label column is empty in every row"), "\(result.standardError)")
    }
}

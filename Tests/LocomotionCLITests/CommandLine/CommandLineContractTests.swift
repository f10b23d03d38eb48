import Foundation
import Testing
import LocomotionTestSupport

/// The contract of FORMATS.md, checked on the built executable: `--help` everywhere, exit statuses 0/1/2,
/// diagnostics on stderr and nothing but data on stdout.
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built (run `swift build` first)"))
struct CommandLineContractTests {
    static let commands = ["label", "steps", "distance", "replay", "carry", "evaluate", "plot", "summarize", "convert",
                           "simulate"]

    @Test func rootHelpListsEveryCommand() throws {
        let result = try ToolRunner.run(["--help"])
        #expect(result.status == 0)
        for command in Self.commands {
            #expect(result.standardOutput.contains(command), "root help does not list \(command)")
        }
    }

    @Test(arguments: commands)
    func everyCommandHasHelp(command: String) throws {
        let result = try ToolRunner.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: locomotion \(command)"))
        #expect(result.standardError.isEmpty)
    }

    @Test func unknownCommandsAndOptionsAreUsageErrors() throws {
        let unknownCommand = try ToolRunner.run(["frobnicate"])
        #expect(unknownCommand.status == 2)
        #expect(unknownCommand.standardOutput.isEmpty)
        #expect(!unknownCommand.standardError.isEmpty)
        let unknownOption = try ToolRunner.run(["plot", "x.csv", "--output", "x.svg", "--no-such-option"])
        #expect(unknownOption.status == 2)
        #expect(unknownOption.standardOutput.isEmpty)
    }

    @Test func plotNeedsAnOutputAndAValidWidth() throws {
        let missing = try ToolRunner.run(["plot", "trace.csv"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("--output"))
        let narrow = try ToolRunner.run(["plot", "trace.csv", "--output", "x.svg", "--width", "10"])
        #expect(narrow.status == 2)
        #expect(narrow.standardError.contains("--width"))
    }

    @Test func aMissingTraceIsBadInputNamingTheFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ToolRunner.run(["plot", "no-such-trace.csv", "--output", "x.svg"], in: directory)
        #expect(result.status == 1)
        #expect(result.standardError.contains("no-such-trace.csv"))
        #expect(result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.svg").path),
                "no picture is written for bad input")
    }

    @Test func aBadRowIsReportedWithItsLine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var lines = SyntheticTrace.csv(seconds: 5).split(separator: "\n").map(String.init)
        lines[42] = "1700000000.820,0.01,oops,0.02"
        try (lines.joined(separator: "\n") + "\n").write(to: directory.appendingPathComponent("bad.csv"), atomically: true, encoding: .utf8)
        let strict = try ToolRunner.run(["plot", "bad.csv", "--output", "bad.svg"], in: directory)
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("bad.csv:43"), "\(strict.standardError)")
        let lenient = try ToolRunner.run(["plot", "bad.csv", "--output", "bad.svg", "--lenient"], in: directory)
        #expect(lenient.status == 0)
        #expect(lenient.standardError.contains("bad.csv:43"), "lenient reading warns about the skipped row")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("bad.svg").path))
    }

    @Test func anEmptyTraceIsBadInput() throws {
        let result = try ToolRunner.run(["plot", "-", "--output", "-"], input: "timestamp,x,y,z\n")
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("no samples"))
    }

    @Test func plotWritesAnSVGFileAndNothingOnStandardOutput() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try SyntheticTrace.csv().write(to: directory.appendingPathComponent("walk.csv"), atomically: true, encoding: .utf8)
        let result = try ToolRunner.run(["plot", "walk.csv", "--output", "walk.svg", "--time-zone", "UTC"], in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        let svg = try String(contentsOf: directory.appendingPathComponent("walk.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("Locomotion · walk.csv"))
        #expect(svg.contains("magnitude-envelope"))
    }

    @Test func plotReadsStandardInputAndWritesStandardOutput() throws {
        let result = try ToolRunner.run(["plot", "-", "--output", "-", "--from", "+5", "--to", "+30"], input: SyntheticTrace.csv())
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("<?xml"))
        #expect(result.standardOutput.hasSuffix("</svg>\n"))
        let empty = try ToolRunner.run(["plot", "-", "--output", "-", "--from", "+30", "--to", "+5"], input: SyntheticTrace.csv())
        #expect(empty.status == 2)
        #expect(empty.standardOutput.isEmpty)
    }
}

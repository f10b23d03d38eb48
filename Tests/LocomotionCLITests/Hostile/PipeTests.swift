import Foundation
import Testing
import LocomotionTestSupport

/// Hostile class "pipes and FIFOs" (Docs/reliability.md, Round 4; the rule is `PipeRule`): a pipe the shell opened
/// (`<(…)`, `/dev/fd/N`) is read once as a stream and gives what the file gives; a named FIFO as an input is read
/// once too when a writer fills it, and refused naming it when nothing writes to it within the bounded wait (never
/// a hang); a FIFO at an output name is refused naming it, before any input is read. Cases over the class: six
/// commands reading `<(…)`, a FIFO as a trace, as `--fixes` and `--config`, its writer started before or after the
/// tool, read by name and as standard input; a FIFO at `-o` and at `--output-dir` names; a pipe among a
/// participant's files; a resumed run over a pipe. Runs the built tool through `bash`, each run under `timeout`.
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct PipeTests {
    /// `seconds` of a bouncing walk at 50 Hz: 2 minutes are 6 000 rows, ~300 KB, more than a pipe's buffer and
    /// more than one read-ahead chunk.
    static func trace(seconds: Int = 120) -> String {
        HostileInputTests.header + (0..<(seconds * 50)).map {
            "\(1_700_000_000 + Double($0) * 0.02),\(0.01 + 0.3 * sin(Double($0) * 0.4)),-0.98,0.03,walking\n"
        }.joined()
    }

    /// The exit status `timeout` gives a command it had to stop.
    static let timedOut: Int32 = 124

    /// Runs `script` with `bash` in `folder`, `$TOOL` naming the built executable.
    static func shell(_ script: String, in folder: URL) throws -> ToolRunner.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["TOOL"] = ToolRunner.executable!.path
        process.environment = environment
        let output = try temporaryDirectory().appendingPathComponent("out"), error = output.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: error.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: error)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return ToolRunner.Result(status: process.terminationStatus,
                                 standardOutput: try String(contentsOf: output, encoding: .utf8),
                                 standardError: try String(contentsOf: error, encoding: .utf8))
    }

    static func folder() throws -> URL {
        let folder = try temporaryDirectory()
        try Data(trace().utf8).write(to: folder.appendingPathComponent("t.csv"))
        return folder
    }

    static let commands: [[String]] = [
        ["label"], ["epochs", "--time-zone", "UTC"], ["daily", "--time-zone", "UTC"], ["summarize"], ["steps"], ["replay"],
    ]

    @Test("a <(…) input is read once as a stream and gives what the file gives", arguments: commands)
    func processSubstitutionIsReadAsTheFile(command: [String]) throws {
        let folder = try Self.folder()
        let options = command.dropFirst().joined(separator: " ")
        // The pipe as /dev/fd/7 (what `<(…)` gives, with a known number), the file as 7.csv: both named `7`.
        try FileManager.default.copyItem(at: folder.appendingPathComponent("t.csv"), to: folder.appendingPathComponent("7.csv"))
        let piped = try Self.shell("timeout 60 \"$TOOL\" \(command[0]) /dev/fd/7 \(options) 7< <(cat t.csv)", in: folder)
        let file = try Self.shell("timeout 60 \"$TOOL\" \(command[0]) 7.csv \(options)", in: folder)
        #expect(piped.status == 0, "\(command): \(piped.standardError)")
        #expect(file.status == 0, "\(command): \(file.standardError)")
        // Tables that name their input: the pipe's name is /dev/fd/N.
        // The summary's title shows `7` for one and `7.csv` for the other.
        let pipedOutput = piped.standardOutput.replacingOccurrences(of: "/dev/fd/7", with: "INPUT")
            .replacingOccurrences(of: "(?m)^Locomotion summary: .*$", with: "Locomotion summary: INPUT", options: .regularExpression)
        let fileOutput = file.standardOutput.replacingOccurrences(of: "7.csv", with: "INPUT")
            .replacingOccurrences(of: "(?m)^Locomotion summary: .*$", with: "Locomotion summary: INPUT", options: .regularExpression)
        #expect(!fileOutput.isEmpty)
        #expect(pipedOutput == fileOutput, "\(command): the pipe's output differs from the file's")
    }

    @Test("a named FIFO that nobody writes to is refused after the bounded wait, naming it: no hang",
          arguments: [["label", "f.csv"], ["label", "t.csv", "--fixes", "f.csv"], ["label", "t.csv", "--config", "f.csv"]])
    func fifoWithoutWriterIsRefused(arguments: [String]) throws {
        let folder = try Self.folder()
        #expect(mkfifo(folder.appendingPathComponent("f.csv").path, 0o600) == 0)
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let result = try Self.shell("timeout 60 \"$TOOL\" \(quoted)", in: folder)
        #expect(result.status != Self.timedOut, "\(arguments): hung on the FIFO")
        #expect(result.status == 1, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains("f.csv: is a named pipe (FIFO) that nothing wrote to within 10 s"),
                "\(arguments): \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("a named FIFO that a writer fills is read once as a stream, the writer started before or up to seconds after",
          arguments: ["", "sleep 3; "])
    func fifoWithWriterIsRead(delay: String) throws {
        let folder = try Self.folder()
        #expect(mkfifo(folder.appendingPathComponent("f.csv").path, 0o600) == 0)
        let file = try Self.shell("timeout 60 \"$TOOL\" label t.csv", in: folder)
        for command in ["label f.csv", "label - < f.csv"] {
            let result = try Self.shell("""
                timeout 30 sh -c '\(delay)cat t.csv > f.csv' &
                timeout 60 "$TOOL" \(command); status=$?; wait; exit $status
                """, in: folder)
            #expect(result.status == 0, "\(command): \(result.standardError)")
            let output = result.standardOutput.replacingOccurrences(of: "f.csv", with: "t.csv")
            #expect(output == file.standardOutput && !file.standardOutput.isEmpty, "\(command)")
        }
    }

    @Test("a FIFO at an output name is refused naming it, before any input is read: no hang",
          arguments: [(["label", "bad.csv", "-o", "out.csv"], "out.csv"),
                      (["epochs", "bad.csv", "--time-zone", "UTC", "--output-dir", "out"], "out/bad.epochs.csv"),
                      (["label", "bad.csv", "--output-dir", "out"], "out/bad.label.csv")])
    func fifoAtAnOutputName(arguments: [String], fifo: String) throws {
        let folder = try Self.folder()
        // A bad input: refused first, it would give exit 1; the output is checked before it is read (exit 2).
        try Data((HostileInputTests.header + "1700000000,x,0,0,walking\n").utf8).write(to: folder.appendingPathComponent("bad.csv"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.appendingPathComponent(fifo).path, 0o600) == 0)
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let result = try Self.shell("timeout 20 \"$TOOL\" \(quoted)", in: folder)
        #expect(result.status != Self.timedOut, "\(arguments): hung on the FIFO")
        #expect(result.status == 2, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(fifo) && result.standardError.contains("named pipe (FIFO)"),
                "\(arguments): \(result.standardError)")
        #expect(!result.standardError.contains("bad.csv:"), "the input was read before the output was checked")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
        #expect(names.allSatisfy { !$0.hasSuffix(".partial") })
    }

    @Test("a pipe the shell opened is an output: -o /dev/stdout and >(…) are written in place (they failed: \"No such file\")")
    func pipesTheShellOpenedAreOutputs() throws {
        let folder = try Self.folder()
        let file = try Self.shell("timeout 60 \"$TOOL\" label t.csv", in: folder)
        let stdout = try Self.shell("timeout 60 \"$TOOL\" label t.csv -o /dev/stdout | cat", in: folder)
        let substituted = try Self.shell("timeout 60 \"$TOOL\" label t.csv -o >(cat > copy.csv); sleep 2", in: folder)
        #expect(stdout.status == 0 && substituted.status == 0, "\(stdout.standardError) \(substituted.standardError)")
        #expect(stdout.standardOutput == file.standardOutput && !file.standardOutput.isEmpty)
        let copy = try String(contentsOf: folder.appendingPathComponent("copy.csv"), encoding: .utf8)
        #expect(copy == file.standardOutput)
    }

    @Test("a pipe among a participant's files is refused: ordering by first timestamps would read it twice")
    func pipeAmongSeveralFiles() throws {
        let folder = try Self.folder()
        try Data(Self.trace(seconds: 30).utf8).write(to: folder.appendingPathComponent("u.csv"))
        let result = try Self.shell(
            "timeout 60 \"$TOOL\" epochs u.csv <(sed 's/^17000/17001/' t.csv) --participant P01 --time-zone UTC", in: folder)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("/dev/fd/") && result.standardError.contains("read only once"), "\(result.standardError)")
    }

    @Test("a resumed --output-dir run over a pipe computes it again (a pipe has no size or time to compare)")
    func resumedRunOverAPipe() throws {
        let folder = try Self.folder()
        let script = "timeout 60 \"$TOOL\" label <(cat t.csv) --output-dir out"
        let first = try Self.shell(script, in: folder)
        #expect(first.status == 0, "\(first.standardError)")
        let output = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
            .filter { $0.hasSuffix(".label.csv") }
        #expect(output.count == 1)
        let resumed = try Self.shell(script, in: folder)
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(resumed.standardError.contains("computing it again"), "\(resumed.standardError)")
    }
}

import Foundation
import Testing
import LocomotionTestSupport

/// The command line's single error model (FORMATS.md): bad input exits 1 with
/// `locomotion: file:line[:column]: problem (hint)` on stderr and nothing on
/// stdout; bad usage exits 2; `--lenient` skips bad rows with one warning each
/// and a count at the end. Run against the built executable, for every command
/// that reads a trace or fixes.
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct CommandErrorTests {
    /// Commands that read one accelerometer trace as their first argument, with the
    /// extra arguments each needs.
    static let traceCommands: [[String]] = [["label"], ["steps"], ["replay"], ["evaluate"], ["plot", "--output", "/dev/null"]]

    /// A labelled header and rows (`evaluate` needs labels; the others ignore them).
    static let header = "timestamp,x,y,z,label\n"
    static let goodRows = (0..<600).map { "\(1_700_000_000 + Double($0) * 0.02),0.01,-0.98,0.03,walking\n" }.joined()

    /// Whether this build has `command` (a stub has no trace argument in its help).
    static func isImplemented(_ command: String) -> Bool {
        guard let help = try? ToolRunner.run([command, "--help"]) else { return false }
        return help.standardOutput.contains("<trace") || help.standardOutput.contains("<fixes")
    }

    /// Runs `command` on a file holding `text`; nil when this build lacks the command.
    private func run(_ command: [String], file text: String, name: String = "trace.csv",
                     extra: [String] = []) throws -> ToolRunner.Result? {
        guard Self.isImplemented(command[0]) else { return nil }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try ToolRunner.run([command[0], path] + command.dropFirst() + extra)
    }

    private func expectBadInput(_ result: ToolRunner.Result?, line: Int?, column: Int? = nil, mentions: String,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        guard let result else { return }
        #expect(result.status == 1, "exit status \(result.status): \(result.standardError)", sourceLocation: sourceLocation)
        // Streaming commands may have written a header or earlier rows before the bad line; they
        // must not write anything after it (checked by the exit status: they stop there).
        // `file:line:column: ` — the column may be given where the test does not insist on one.
        var location = ""
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        let named = [".csv", ".gpx", ".nmea"].contains { extension_ in
            result.standardError.contains(extension_ + location + ": ")
                || (column == nil && result.standardError.contains(extension_ + location + ":"))
        }
        #expect(named, "stderr does not name file\(location): \(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.contains(mentions), "stderr: \(result.standardError)", sourceLocation: sourceLocation)
    }

    @Test(arguments: traceCommands)
    func badRowNamesFileLineAndColumn(command: [String]) throws {
        let text = Self.header + Self.goodRows + "1700000012.5,0.01,abc,0.03,walking\n"
        expectBadInput(try run(command, file: text), line: 602, column: 3, mentions: "not a number")
    }

    @Test(arguments: traceCommands)
    func emptyAndHeaderOnlyFiles(command: [String]) throws {
        expectBadInput(try run(command, file: ""), line: nil, mentions: "empty")
        expectBadInput(try run(command, file: Self.header), line: 2, mentions: "no samples")
    }

    @Test(arguments: traceCommands)
    func metresPerSecondSquaredAsGIsRefusedWithTheHint(command: [String]) throws {
        let text = Self.header + (0..<600).map { "\(Double($0) * 0.02),0.1,9.78,0.3,walking\n" }.joined()
        let result = try run(command, file: text)
        guard let result else { return }
        #expect(result.status == 1)
        #expect(result.standardError.contains("--units ms2"), "stderr: \(result.standardError)")
    }

    @Test(arguments: traceCommands)
    func lenientWarnsPerRowAndCountsAtTheEnd(command: [String]) throws {
        let text = Self.header + Self.goodRows + "1700000012.5,x,-0.98,0.03,walking\n"
            + "1700000012.52,0.01,-0.98\n" + "1700000012.54,0.01,-0.98,0.03,walking\n"
        guard let result = try run(command, file: text, extra: ["--lenient"]) else { return }
        #expect(result.status == 0, "exit status \(result.status): \(result.standardError)")
        let lines = result.standardError.split(separator: "\n")
        let warnings = lines.filter { $0.contains("warning") && $0.contains(".csv:60") }
        #expect(warnings.count == 2, "stderr: \(result.standardError)")
        #expect(warnings.first?.contains(".csv:602:2") == true)
        // The wording differs between commands ("skipped 2 bad rows", "2 rows skipped"): the count is what matters.
        #expect(lines.contains { $0.contains("skipped") && $0.contains("2") && !$0.contains(".csv:60") },
                "no count: \(result.standardError)")
    }

    @Test(arguments: traceCommands)
    func missingFileIsBadInput(command: [String]) throws {
        guard Self.isImplemented(command[0]) else { return }
        let result = try ToolRunner.run([command[0], "/nonexistent/trace.csv"] + command.dropFirst())
        #expect(result.status == 1, "exit status \(result.status): \(result.standardError)")
        #expect(result.standardError.contains("/nonexistent/trace.csv"))
    }

    @Test(arguments: traceCommands)
    func usageErrorsExitTwo(command: [String]) throws {
        guard Self.isImplemented(command[0]) else { return }
        let unknownOption = try ToolRunner.run([command[0], "--no-such-option", "x.csv"])
        #expect(unknownOption.status == 2, "\(command[0]) --no-such-option: \(unknownOption.status)")
        let badUnits = try ToolRunner.run([command[0], "x.csv", "--units", "furlongs"])
        #expect(badUnits.status == 2, "\(command[0]) --units furlongs: \(badUnits.status)")
        let missing = try ToolRunner.run([command[0]])
        #expect(missing.status == 2, "\(command[0]) without a trace: \(missing.status)")
    }

    @Test func unknownCommandExitsTwo() throws {
        #expect(try ToolRunner.run(["no-such-command"]).status == 2)
    }

    // MARK: Fixes

    @Test func truncatedGPXIsBadInput() throws {
        // Cut in the middle of an attribute; see also FixInputReliabilityTests for a cut between points.
        let gpx = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="test"><trk><trkseg>
            <trkpt lat="47.0" lon="8.5"><time>2023-11-14T22:13:20Z</time></trkpt>
            <trkpt lat="47.0001" lon="8.5"><time>2023-11-14T22:13:21Z</time></trkpt>
            <trkpt lat="47.00
            """
        expectBadInput(try run(["distance"], file: gpx, name: "track.gpx"), line: 5, mentions: "truncated GPX")
    }

    @Test func gpxOutOfRangeCoordinatesAreBadInput() throws {
        let gpx = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="test"><trk><trkseg>
            <trkpt lat="47.0" lon="8.5"><time>2023-11-14T22:13:20Z</time></trkpt>
            <trkpt lat="147.0" lon="8.5"><time>2023-11-14T22:13:21Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        expectBadInput(try run(["distance"], file: gpx, name: "track.gpx"), line: 4, mentions: "lat")
    }

    @Test func nmeaBadChecksumIsBadInputAndLenientSkipsIt() throws {
        let good = "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A\n"
        let corrupted = "$GPRMC,123520,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*00\n"
        expectBadInput(try run(["distance"], file: good + corrupted, name: "log.nmea"), line: 2, mentions: "checksum")
        guard let lenient = try run(["distance"], file: good + corrupted, name: "log.nmea", extra: ["--lenient"]) else { return }
        #expect(lenient.status == 0, "stderr: \(lenient.standardError)")
        #expect(lenient.standardError.contains("log.nmea:2"), "no warning naming line 2: \(lenient.standardError)")
    }

    @Test func absurdFixTimestampDoesNotCrash() throws {
        // 1e300 s is finite, so the reader passes it on; the odometer's day arithmetic used to trap on it.
        guard let result = try run(["distance"], file: "timestamp,latitude,longitude\n1e300,47.0,8.5\n", name: "fixes.csv")
        else { return }
        #expect(result.status == 0 || result.status == 1, "exit status \(result.status): \(result.standardError)")
    }

    @Test func fixCSVBadRowIsBadInput() throws {
        let text = "timestamp,latitude,longitude\n1700000000,47.0,8.5\n1700000001,north,8.5\n"
        expectBadInput(try run(["distance"], file: text, name: "fixes.csv"), line: 3, column: 2, mentions: "latitude")
    }

    // MARK: Empty input, time units, unwritable output

    @Test func headerOnlyFixFileIsBadInput() throws {
        // Consistent with a header-only trace (emptyAndHeaderOnlyFiles): an error, not an empty table.
        expectBadInput(try run(["distance"], file: "timestamp,latitude,longitude\n", name: "fixes.csv"), line: 2, mentions: "no fixes")
    }

    @Test(arguments: traceCommands)
    func millisecondCounterIsRefusedWithTheHint(command: [String]) throws {
        // A millisecond counter from the start: no date, and its size says seconds while its step says milliseconds.
        let text = Self.header + (0..<600).map { "\(Double($0) * 20),0.01,-0.98,0.03,walking\n" }.joined()
        expectBadInput(try run(command, file: text), line: 2, mentions: "milliseconds")
        guard let result = try run(command, file: text) else { return }
        #expect(result.standardError.contains("divide the timestamp column by 1000"), "stderr: \(result.standardError)")
        // Named, it is read (Android's System.currentTimeMillis() at 50 Hz needs no flag: see TimestampPlausibilityTests).
        #expect(try run(command + ["--time-unit", "ms"], file: text)?.status == 0)
    }

    @Test func fixTimestampsSinceBootAreRefused() throws {
        let text = "timestamp,latitude,longitude\n500000000000,47.0,8.5\n500000001000,47.0001,8.5\n"
        expectBadInput(try run(["distance"], file: text, name: "fixes.csv"), line: 2, mentions: "since boot")
    }

    /// Every command's output options, with an input each can read.
    static let outputCommands: [[String]] = [
        ["label", "TRACE", "--output", "OUT"], ["steps", "TRACE", "--output", "OUT"], ["replay", "TRACE", "--output", "OUT"],
        ["replay", "TRACE", "--summary", "OUT"], ["replay", "TRACE", "--events", "OUT"], ["evaluate", "TRACE", "--output", "OUT"],
        ["plot", "TRACE", "--output", "OUT"], ["summarize", "TRACE", "--output", "OUT"], ["distance", "FIXES", "--output", "OUT"],
        ["simulate", "--duration", "10", "--output", "OUT"], ["simulate", "--duration", "10", "--output", "-", "--fixes", "OUT"],
    ]

    @Test(arguments: outputCommands)
    func unwritableOutputIsBadUsage(command: [String]) throws {
        // One rule (Docs/reliability.md): an output that cannot be written is bad usage, exit 2, naming the path.
        guard Self.isImplemented(command[0]) || command[0] == "simulate" else { return }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("trace.csv").path
        let fixes = directory.appendingPathComponent("fixes.csv").path
        try Data((Self.header + Self.goodRows).utf8).write(to: URL(fileURLWithPath: trace))
        try Data("timestamp,latitude,longitude\n1700000000,47.0,8.5\n1700000010,47.0001,8.5\n".utf8).write(to: URL(fileURLWithPath: fixes))
        let output = directory.appendingPathComponent("no-such-folder/out.txt").path
        let arguments = command.map { $0 == "TRACE" ? trace : $0 == "FIXES" ? fixes : $0 == "OUT" ? output : $0 }
        let result = try ToolRunner.run(arguments)
        #expect(result.status == 2, "\(command.joined(separator: " ")): exit \(result.status): \(result.standardError)")
        #expect(result.standardError.contains("no-such-folder/out.txt"), "stderr: \(result.standardError)")
    }

    @Test(arguments: [["summarize"], ["plot", "--output", "/dev/null"]])
    func absurdTraceTimesPastTheUnitCheckDoNotCrash(command: [String]) throws {
        // --no-unit-check lets 1e300 s through; the date and duration text used to trap converting it to Int.
        let text = Self.header + (0..<600).map { "\(1e300 + Double($0) * 1e285),0.01,-0.98,0.03,walking\n" }.joined()
        expectBadInput(try run(command, file: text, extra: ["--no-unit-check"]), line: nil, mentions: "too far from 1970")
    }
}

import Foundation
import Testing
import LocomotionTestSupport

/// The tool as a hostile or careless user meets it (Docs/reliability.md, "Hostile input"): absurd option and
/// configuration values, folders that loop or hold pipes, files on other clocks or in other formats. Every
/// answer is an exit status of 0, 1 or 2 with a message that says what is wrong — never a trap, a hang or a
/// silent guess. Runs the built tool.
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct HostileInputTests {
    static let header = "timestamp,x,y,z,label\n"
    /// 30 s at 50 Hz of a bouncing walk.
    static let trace = header + (0..<1500).map {
        "\(1_700_000_000 + Double($0) * 0.02),\(0.01 + 0.3 * sin(Double($0) * 0.4)),-0.98,0.03,walking\n"
    }.joined()
    static let fixes = "timestamp,latitude,longitude\n" + (0..<4).map { "\(1_700_000_000 + $0 * 10),47.0,\(8.5 + Double($0) * 1e-4)\n" }.joined()

    /// A folder with trace.csv and fixes.csv.
    static func workspace() throws -> URL {
        let folder = try temporaryDirectory()
        try Data(trace.utf8).write(to: folder.appendingPathComponent("trace.csv"))
        try Data(fixes.utf8).write(to: folder.appendingPathComponent("fixes.csv"))
        return folder
    }

    /// Runs the tool in `folder`, killing it after `seconds` (a hang fails the test instead of the run).
    static func run(_ arguments: [String], in folder: URL, seconds: Double = 60) throws -> (status: Int32, signal: Int32?, stderr: String) {
        let process = Process()
        process.executableURL = ToolRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let error = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: killer)
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        killer.cancel()
        let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
        return (process.terminationStatus, signal, message)
    }

    // MARK: No value traps (the property)

    /// Numbers at every scale of [−1e308, 1e308], NaN, ±∞, zero and the tiniest magnitudes, as typed.
    static func hostileNumbers(seed: UInt64) -> [String] {
        var state = seed
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var values = ["-1e308", "1e308", "nan", "inf", "-inf", "0", "1e-308", "-1"]
        for _ in 0..<2 {
            values.append("\(next() < 0.5 ? "-" : "")\(1 + next() * 8)e\(Int(next() * 616) - 308)")
        }
        return values
    }

    /// Every numeric option of every command, with the arguments around it (VALUE is replaced).
    static let numericOptions: [[String]] = [
        ["replay", "trace.csv", "--entry-dwell", "VALUE"], ["replay", "trace.csv", "--stop-timeout", "VALUE"],
        ["replay", "trace.csv", "--switch-timeout", "VALUE"], ["replay", "trace.csv", "--onset-allowance", "VALUE"],
        ["distance", "fixes.csv", "--jump-limit", "VALUE"], ["distance", "fixes.csv", "--max-accuracy", "VALUE"],
        ["distance", "fixes.csv", "--reanchor-fixes", "VALUE"], ["distance", "fixes.csv", "--parameter", "stillSpeed=VALUE"],
        ["distance", "fixes.csv", "--parameter", "maximumAcceleration=VALUE"],
        ["plot", "trace.csv", "-o", "/dev/null", "--from", "VALUE"], ["plot", "trace.csv", "-o", "/dev/null", "--to", "VALUE"],
        ["plot", "trace.csv", "-o", "/dev/null", "--to", "+VALUE"], ["plot", "trace.csv", "-o", "/dev/null", "--width", "VALUE"],
        ["simulate", "-o", "/dev/null", "--duration", "VALUE"], ["simulate", "-o", "/dev/null", "--rate", "VALUE"],
        ["simulate", "-o", "/dev/null", "--duration", "60", "--start", "VALUE"], ["simulate", "-o", "/dev/null", "--duration", "60", "--seed", "VALUE"],
        ["summarize", "trace.csv", "--high-accuracy-milliwatts", "VALUE"], ["summarize", "trace.csv", "--low-power-milliwatts", "VALUE"],
        ["label", "trace.csv", "--jobs", "VALUE"], ["evaluate", "trace.csv", "--jobs", "VALUE"],
        ["epochs", "trace.csv", "--time-zone", "UTC", "--epoch", "VALUE"],
        ["daily", "trace.csv", "--time-zone", "UTC", "--minimum-hours", "VALUE"],
        ["label", "trace.csv", "--shard", "VALUE/3"], ["label", "trace.csv", "--shard", "1/VALUE"],
    ]

    @Test(arguments: numericOptions.indices)
    func noOptionValueTraps(index: Int) throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        for value in Self.hostileNumbers(seed: UInt64(index + 1)) {
            let arguments = Self.numericOptions[index].map { $0.replacingOccurrences(of: "VALUE", with: value) }
            let result = try Self.run(arguments, in: folder)
            #expect(result.signal == nil && [0, 1, 2].contains(result.status),
                    "\(arguments.joined(separator: " ")): status \(result.status), signal \(result.signal ?? 0): \(result.stderr)")
            if result.status == 2 {
                #expect(result.stderr.hasPrefix("locomotion: "), "\(arguments): \(result.stderr)")
            }
        }
    }

    /// The names a message lists as `(known: a, b, …)`: the tool's own list, so a new parameter is covered too.
    static func knownNames(in message: String) -> [String] {
        guard let known = message.range(of: "(known: ") else { return [] }
        return message[known.upperBound...].prefix { $0 != ")" }.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The step detector's parameters, from the message for an unknown one.
    static let stepParameters: [String] = {
        guard let result = try? ToolRunner.run(["steps", "-", "--parameter", "none=1"]) else { return [] }
        return knownNames(in: result.standardError)
    }()

    @Test func noStepParameterValueTraps() throws {
        #expect(Self.stepParameters.count >= 20, "\(Self.stepParameters)")
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, name) in Self.stepParameters.enumerated() {
            for value in Self.hostileNumbers(seed: UInt64(100 + index)).prefix(6) + ["1e308,1e308"] {
                let result = try Self.run(["steps", "trace.csv", "--parameter", "\(name)=\(value)"], in: folder)
                #expect(result.signal == nil && [0, 1, 2].contains(result.status),
                        "--parameter \(name)=\(value): status \(result.status), signal \(result.signal ?? 0): \(result.stderr)")
            }
        }
    }

    /// The classifier's configuration keys, from the message for an unknown one.
    static let classifierKeys: [String] = {
        let folder = try? workspace()
        defer { folder.map { try? FileManager.default.removeItem(at: $0) } }
        guard let folder, (try? Data(#"{"none": 1}"#.utf8).write(to: folder.appendingPathComponent("c.json"))) != nil,
              let result = try? run(["label", "trace.csv", "--config", "c.json"], in: folder) else { return [] }
        return knownNames(in: result.stderr)
    }()

    @Test func noClassifierConfigurationValueTraps() throws {
        #expect(Self.classifierKeys.count >= 25, "\(Self.classifierKeys)")
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        // JSON has no NaN or ∞: 1e400 is how a file writes ∞ (and is refused, not read as ∞).
        let values = ["-1e308", "1e308", "1e400", "0", "-1", "7e150"]
        for (index, key) in Self.classifierKeys.enumerated() {
            for value in values {
                let json: String
                if key.hasSuffix(".…") {
                    json = #"{"\#(key.dropLast(2))": {"walking": \#(value)}}"#
                } else if key == "gaitCadence" {
                    json = #"{"gaitCadence": [\#(value), 3]}"#
                } else {
                    json = #"{"\#(key)": \#(value)}"#
                }
                let name = "c\(index).json"
                try Data(json.utf8).write(to: folder.appendingPathComponent(name))
                let result = try Self.run(["label", "trace.csv", "--config", name], in: folder)
                #expect(result.signal == nil && [0, 1].contains(result.status),
                        "\(json): status \(result.status), signal \(result.signal ?? 0): \(result.stderr)")
                if result.status == 1 { #expect(result.stderr.contains("\(name):1:"), "\(json): \(result.stderr)") }
            }
        }
    }

    // MARK: The cases of the audit

    @Test(arguments: [
        (["steps", "trace.csv", "--parameter", "internalRate=1e308"], "internalRate must be in 10…200 Hz"),
        (["steps", "trace.csv", "--parameter", "internalRate=1000000"], "internalRate must be in 10…200 Hz"),
        (["plot", "trace.csv", "-o", "/dev/null", "--to", "+1e20"], "an offset must be in 0…1e9 s"),
        (["plot", "trace.csv", "-o", "/dev/null", "--from", "+1y"], "unknown unit 'y' (s, m, h or d)"),
        (["simulate", "--start", "1699920000000000", "-o", "/dev/null"], "--start 1699920000000000: must be in 0…4102444800 s since 1970"),
        (["replay", "trace.csv", "--entry-dwell", "-5"], "--entry-dwell -5: must be in 0…86400 s"),
        (["distance", "fixes.csv", "--jump-limit", "-1"], "--jump-limit -1: must be ≥ 0 m"),
        (["label", "trace.csv", "--jobs", "0"], "--jobs 0: must be a whole number in 1…1024"),
        (["label", "trace.csv", "--config", "/dev/zero"], "/dev/zero: is a device, not a configuration file"),
    ])
    func absurdValuesAreRefusedWithTheRange(arguments: [String], message: String) throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(arguments, in: folder)
        #expect(result.signal == nil && result.status != 0, "\(arguments): status \(result.status)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("locomotion: "), "\(result.stderr)")
    }

    @Test func configurationFilesAreCheckedKeyByKey() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (json, message) in [
            (#"{"sampleRate": 1e308}"#, "c.json:1:16: `sampleRate` must be in 5…200 Hz, not 1e308"),
            ("{\n  \"windowDuration\": 1e300\n}", "c.json:2:21: `windowDuration` must be in 1…30 s, not 1e300"),
            (#"{"sampelRate": 20}"#, "c.json:1:2: unknown key `sampelRate` (known: sampleRate, "),
            (#"{"maximumGap": 2,}"#, "c.json:1:18: not valid JSON"),
        ] {
            try Data(json.utf8).write(to: folder.appendingPathComponent("c.json"))
            for command in ["label", "evaluate"] {
                let result = try Self.run([command, "trace.csv", "--config", "c.json"], in: folder)
                #expect(result.status == 1, "\(command) \(json): \(result.status)")
                #expect(result.stderr.contains("locomotion: " + message), "\(command) \(json): \(result.stderr)")
            }
        }
    }

    @Test func foldersThatLoopOrHoldPipesEndAndReadEachFileOnce() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("data/sub"), withIntermediateDirectories: true)
        try Data(Self.trace.utf8).write(to: folder.appendingPathComponent("data/sub/a.csv"))
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("data/sub/up").path, withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("data/loop").path, withDestinationPath: ".")
        #expect(mkfifo(folder.appendingPathComponent("data/sub/pipe.csv").path, 0o600) == 0)
        let result = try Self.run(["label", "data", "--format", "json"], in: folder, seconds: 60)
        #expect(result.signal == nil && result.status == 0, "status \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("data/sub/pipe.csv: skipped: a FIFO, not a regular file"), "\(result.stderr)")
        #expect(result.stderr.contains("already searched"))
        // One input: its segments alone (several would carry a "file" key).
        let output = try ToolRunner.run(["label", "data", "--format", "json"], in: folder)
        #expect(!output.standardOutput.contains("\"file\""), "\(output.standardOutput)")
    }

    @Test func fixesAreReadFromAPipe() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("fixes-pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: pipe)
            handle?.write(Data(Self.fixes.utf8))
            try? handle?.close()
        }
        writer.start()
        let result = try Self.run(["distance", pipe], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func traceAndFixesOnDifferentClocksAreRefused() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The same fixes on a clock that starts at 0 (seconds since the start).
        try Data("timestamp,latitude,longitude\n0,47.0,8.5\n10,47.0,8.5001\n20,47.0,8.5002\n".utf8)
            .write(to: folder.appendingPathComponent("relative.csv"))
        for command in [["label", "trace.csv", "--fixes", "relative.csv"], ["replay", "trace.csv", "--fixes", "relative.csv"],
                        ["summarize", "trace.csv", "--fixes", "relative.csv"],
                        ["plot", "trace.csv", "-o", "/dev/null", "--fixes", "relative.csv"],
                        ["distance", "relative.csv", "--trace", "trace.csv"]] {
            let result = try Self.run(command, in: folder)
            #expect(result.status == 1, "\(command): \(result.status)")
            #expect(result.stderr.contains("relative.csv: no fix lies within the time of the trace trace.csv"), "\(result.stderr)")
        }
        // Partly outside: read, with a warning.
        try Data((Self.fixes + "1700005000,47.0,8.6\n1700005010,47.0,8.6\n").utf8).write(to: folder.appendingPathComponent("late.csv"))
        let partly = try Self.run(["label", "trace.csv", "--fixes", "late.csv"], in: folder)
        #expect(partly.status == 0)
        #expect(partly.stderr.contains("warning: 2 of 6 fixes lie outside the time of the trace"), "\(partly.stderr)")
    }

    @Test(arguments: [["label"], ["steps"], ["replay"], ["summarize"], ["plot", "-o", "/dev/null"], ["evaluate"]])
    func aOneSampleTraceIsTheSameErrorForEveryCommand(command: [String]) throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data((Self.header + "1700000000,0.01,-0.98,0.03,walking\n").utf8).write(to: folder.appendingPathComponent("one.csv"))
        let result = try Self.run([command[0], "one.csv"] + command.dropFirst(), in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == "locomotion: one.csv: the trace spans no time: it has 1 sample "
                + "(every command needs at least two samples with increasing times)\n", "\(result.stderr)")
    }

    @Test func messagesSayWhatIsWrong() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(name: String, text: String, message: String)] = [
            // Nanoseconds since boot: one unit named, the right one.
            ("ns.csv", "timestamp,x,y,z\n" + (0..<600).map { "\(123_456_789_000_000 + $0 * 20_000_000),0.01,-0.98,0.03\n" }.joined(),
             "it looks like nanoseconds since boot or since the start (not since 1970) (divide the timestamp column by 1000000000"),
            ("cr.csv", "timestamp,x,y,z\r" + (0..<600).map { "\(1_700_000_000 + Double($0) * 0.02),0.01,-0.98,0.03\r" }.joined(),
             "lines end with a carriage return alone"),
            ("comma.csv", "timestamp;x;y;z\n" + (0..<600).map { "\(1_700_000_000 + $0);0,01;-0,98;0,03\n" }.joined(),
             "the fields are separated by ';'"),
            ("quoted.csv", "timestamp,x,y,z\n" + (0..<600).map { "\(1_700_000_000 + $0),\"0,01\",\"-0,98\",\"0,03\"\n" }.joined(),
             "a quoted field holds a comma, which fields cannot contain (a spreadsheet export with decimal commas"),
            ("clipped.csv", "timestamp,x,y,z\n" + (0..<600).map { index -> String in
                let value = max(-8, min(8, 9 * sin(Double(index) * 0.3)))
                return "\(1_700_000_000 + Double(index) * 0.02),\(value),\(value),\(value)\n"
            }.joined(), "the accelerometer saturated"),
        ]
        for (name, text, message) in cases {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
            let result = try Self.run(["label", name], in: folder)
            #expect(result.status == 1, "\(name): \(result.status)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
            #expect(!result.stderr.contains("pass --units ms2"), "\(name): \(result.stderr)")
        }
        let gpx = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t"><trk><trkseg>
            <trkpt lat="47" lon="8.5"><time>2023-11-14T22:13:59Z</time></trkpt>
            <trkpt lat="47" lon="8.5001"><time>2023-11-14T22:13:60Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        try Data(gpx.utf8).write(to: folder.appendingPathComponent("leap.gpx"))
        let leap = try Self.run(["distance", "leap.gpx"], in: folder)
        #expect(leap.status == 1)
        #expect(leap.stderr.contains("leap.gpx:4:"), "\(leap.stderr)")
        #expect(leap.stderr.contains("seconds 00–59"), "\(leap.stderr)")
    }
}

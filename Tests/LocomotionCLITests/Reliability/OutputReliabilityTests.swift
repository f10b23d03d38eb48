import Foundation
import Testing
import LocomotionTestSupport

/// Nothing lost without a word (Docs/reliability.md, "Outputs"): every output of every command is checked to
/// its last byte, a failed output is exit 2 naming the path and the system's reason, nothing partial ever has
/// the final name, and no output may be an input or another output of the same run. Runs the built tool.
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct OutputReliabilityTests {
    static let trace = "timestamp,x,y,z,label\n"
        + (0..<1500).map { "\(1_700_000_000 + Double($0) * 0.02),\(0.01 + 0.3 * sin(Double($0) * 0.4)),-0.98,0.03,walking\n" }.joined()
    static let fixes = "timestamp,latitude,longitude\n1700000000,47.0,8.5\n1700000010,47.0001,8.5\n1700000020,47.0002,8.5\n"
    static let gpx = """
        <?xml version="1.0"?>
        <gpx version="1.1" creator="test"><trk><trkseg>
        <trkpt lat="47.0" lon="8.5"><time>2023-11-14T22:13:20Z</time></trkpt>
        <trkpt lat="47.0001" lon="8.5"><time>2023-11-14T22:13:30Z</time></trkpt>
        </trkseg></trk></gpx>

        """

    /// A folder with `trace.csv`, `fixes.csv`, `config.json` and `native/track.gpx`.
    struct Workspace {
        let folder: URL
        var path: String { folder.path }
        func file(_ name: String) -> String { folder.appendingPathComponent(name).path }
        func read(_ name: String) -> Data? { FileManager.default.contents(atPath: file(name)) }

        init() throws {
            folder = try temporaryDirectory()
            try Data(OutputReliabilityTests.trace.utf8).write(to: folder.appendingPathComponent("trace.csv"))
            try Data(OutputReliabilityTests.fixes.utf8).write(to: folder.appendingPathComponent("fixes.csv"))
            try Data("{\"maximumGap\": 2}\n".utf8).write(to: folder.appendingPathComponent("config.json"))
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("native"), withIntermediateDirectories: true)
            try Data(OutputReliabilityTests.gpx.utf8).write(to: folder.appendingPathComponent("native/track.gpx"))
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }

        /// `arguments` with TRACE, FIXES, CONFIG, NATIVE and OUT replaced by paths in the workspace.
        func arguments(_ arguments: [String], out: String) -> [String] {
            arguments.map {
                switch $0 {
                case "TRACE": file("trace.csv")
                case "FIXES": file("fixes.csv")
                case "CONFIG": file("config.json")
                case "NATIVE": file("native")
                case "OUT": out
                default: $0
                }
            }
        }
    }

    /// Every command writing to standard output (OUT is `-` where an option names it).
    static let standardOutputCommands: [[String]] = [
        ["label", "TRACE"], ["label", "TRACE", "--format", "json"], ["steps", "TRACE"], ["steps", "TRACE", "--events"],
        ["replay", "TRACE"], ["replay", "TRACE", "--summary", "/dev/null"], ["summarize", "TRACE"],
        ["summarize", "TRACE", "--format", "json"], ["distance", "FIXES"], ["evaluate", "TRACE"], ["plot", "TRACE", "--output", "-"],
        ["simulate", "--duration", "60", "--output", "-"], ["convert", "--from", "gpx", "NATIVE", "-o", "OUT"],
        ["label", "--help"],
    ]

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full on this system"),
          arguments: standardOutputCommands)
    func aFullStandardOutputIsExitTwo(command: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let out = command.first == "convert" ? workspace.file("converted") : "-"
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try Self.run(workspace.arguments(command, out: out), standardOutput: full)
        #expect(result.status == 2, "\(command): exit \(result.status): \(result.standardError)")
        #expect(result.standardError.contains("locomotion: standard output: cannot write: No space left on device"),
                "\(command): \(result.standardError)")
    }

    /// Every option naming an output file.
    static let fileOutputCommands: [[String]] = [
        ["label", "TRACE", "--output", "OUT"], ["steps", "TRACE", "--events", "--output", "OUT"],
        ["replay", "TRACE", "--output", "OUT"], ["replay", "TRACE", "--summary", "OUT"], ["replay", "TRACE", "--events", "OUT"],
        ["summarize", "TRACE", "--output", "OUT"], ["distance", "FIXES", "--output", "OUT"],
        ["evaluate", "TRACE", "--output", "OUT"], ["plot", "TRACE", "--output", "OUT"],
        ["simulate", "--duration", "60", "--output", "OUT"], ["simulate", "--duration", "60", "--output", "/dev/null", "--fixes", "OUT"],
    ]

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full on this system"),
          arguments: fileOutputCommands)
    func aFullDeviceAsTheOutputIsExitTwo(command: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try Self.run(workspace.arguments(command, out: "/dev/full"))
        #expect(result.status == 2, "\(command): exit \(result.status): \(result.standardError)")
        #expect(result.standardError.contains("locomotion: /dev/full: cannot write: No space left on device"),
                "\(command): \(result.standardError)")
    }

    @Test(.enabled(if: SmallFileSystem.canMount, SmallFileSystem.whyNot), arguments: fileOutputCommands)
    func aFullDiskKeepsTheOldFileAndLeavesNothingPartial(command: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let disk = try SmallFileSystem()
        defer { disk.unmount() }
        let target = disk.path + "/out.txt"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        try disk.fill()
        let result = try Self.run(workspace.arguments(command, out: target))
        #expect(result.status == 2, "\(command): exit \(result.status): \(result.standardError)")
        #expect(result.standardError.contains("\(target): cannot write: No space left on device"), "\(result.standardError)")
        #expect(FileManager.default.contents(atPath: target) == Data("old\n".utf8))
        #expect(disk.listing() == ["filler", "out.txt"], "left behind: \(disk.listing())")
    }

    @Test(.enabled(if: SmallFileSystem.canMount, SmallFileSystem.whyNot))
    func aFullDiskUnderAnOutputFolderLeavesNothingPartial() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let disk = try SmallFileSystem()
        defer { disk.unmount() }
        try disk.fill()
        for command in [["label", "TRACE", "--output-dir", "OUT"], ["convert", "--from", "gpx", "NATIVE", "-o", "OUT"]] {
            let result = try Self.run(workspace.arguments(command, out: disk.path + "/results"))
            #expect(result.status == 2, "\(command): exit \(result.status): \(result.standardError)")
            #expect(result.standardError.contains("No space left on device"), "\(result.standardError)")
            #expect(disk.listing() == ["filler", "results"])
            #expect((try? FileManager.default.contentsOfDirectory(atPath: disk.path + "/results")) == [])
        }
    }

    // MARK: Outputs that are inputs, or each other

    /// Commands with the option that writes OUT, and the input OUT must not be.
    static let overwritingCommands: [(command: [String], input: String)] = [
        (["label", "TRACE", "--output", "OUT"], "trace.csv"), (["label", "TRACE", "--config", "CONFIG", "--output", "OUT"], "config.json"),
        (["label", "TRACE", "--fixes", "FIXES", "--output", "OUT"], "fixes.csv"),
        (["steps", "TRACE", "--output", "OUT"], "trace.csv"), (["replay", "TRACE", "--output", "OUT"], "trace.csv"),
        (["replay", "TRACE", "--summary", "OUT"], "trace.csv"), (["replay", "TRACE", "--events", "OUT"], "trace.csv"),
        (["replay", "TRACE", "--fixes", "FIXES", "--summary", "OUT"], "fixes.csv"),
        (["summarize", "TRACE", "--output", "OUT"], "trace.csv"), (["summarize", "TRACE", "--fixes", "FIXES", "--output", "OUT"], "fixes.csv"),
        (["distance", "FIXES", "--output", "OUT"], "fixes.csv"), (["distance", "FIXES", "--trace", "TRACE", "--output", "OUT"], "trace.csv"),
        (["evaluate", "TRACE", "--output", "OUT"], "trace.csv"), (["plot", "TRACE", "--output", "OUT"], "trace.csv"),
        (["plot", "TRACE", "--fixes", "FIXES", "--output", "OUT"], "fixes.csv"),
    ]

    @Test(arguments: overwritingCommands.indices)
    func anOutputThatIsAnInputIsRefusedUnderAnySpelling(index: Int) throws {
        let (command, input) = Self.overwritingCommands[index]
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createSymbolicLink(atPath: workspace.file("symbolic"), withDestinationPath: input)
        try FileManager.default.linkItem(atPath: workspace.file(input), toPath: workspace.file("hard"))
        let before = workspace.read(input)
        for spelling in [input, "./" + input, "symbolic", "hard"] {
            let out = workspace.folder.path + "/" + spelling
            let result = try ToolRunner.run(workspace.arguments(command, out: out), in: workspace.folder)
            #expect(result.status == 2, "\(command) \(spelling): exit \(result.status): \(result.standardError)")
            #expect(result.standardError.contains("is the input"), "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            #expect(workspace.read(input) == before, "\(command) \(spelling) changed \(input)")
        }
    }

    @Test func manyInputsAndOutputFoldersAreCheckedToo() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // trace.label.csv is an input, and what --output-dir would write for trace.csv.
        try Data(Self.trace.utf8).write(to: workspace.folder.appendingPathComponent("trace.label.csv"))
        let trace = workspace.file("trace.csv"), second = workspace.file("trace.label.csv")
        let before = workspace.read("trace.label.csv")
        for arguments in [["label", trace, second, "--output", workspace.path + "/./trace.label.csv"],
                          ["label", second, trace, "--output-dir", workspace.path]] {
            let result = try ToolRunner.run(arguments)
            #expect(result.status == 2, "\(arguments): exit \(result.status): \(result.standardError)")
            #expect(result.standardError.contains("is the input"), "\(result.standardError)")
            #expect(workspace.read("trace.label.csv") == before)
        }
        // An --output-dir file that another option also names.
        try FileManager.default.createDirectory(atPath: workspace.file("out"), withIntermediateDirectories: true)
        let clash = try ToolRunner.run(["replay", trace, "--output-dir", workspace.file("out"),
                                        "--summary", workspace.file("out/trace.replay.csv")])
        #expect(clash.status == 2, "\(clash.standardError)")
        #expect(clash.standardError.contains("are the same file"), "\(clash.standardError)")
    }

    static let clashingOutputs: [[String]] = [
        ["simulate", "--duration", "10", "--output", "OUT", "--fixes", "OUT"],
        ["simulate", "--duration", "10", "--output", "-", "--fixes", "-"],
        ["replay", "TRACE", "--summary", "OUT", "--events", "OUT"],
        ["replay", "TRACE", "--output", "OUT", "--summary", "OUT"],
        ["replay", "TRACE", "--events", "-"],
        ["replay", "TRACE", "--output", "-", "--summary", "-"],
    ]

    @Test(arguments: clashingOutputs)
    func twoOutputsOfOneRunAreRefused(command: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try ToolRunner.run(workspace.arguments(command, out: workspace.file("out.csv")))
        #expect(result.status == 2, "\(command): exit \(result.status): \(result.standardError)")
        #expect(result.standardError.contains("are the same file") || result.standardError.contains("both write to standard output"),
                "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(workspace.read("out.csv") == nil)
    }

    @Test func standardOutputRedirectedIntoTheInputIsRefused() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let before = workspace.read("trace.csv")
        for command in [["label", "TRACE"], ["summarize", "TRACE"], ["label", "-"]] {
            let append = try #require(FileHandle(forWritingAtPath: workspace.file("trace.csv")))
            try append.seekToEnd()
            let input = command.last == "-" ? FileHandle(forReadingAtPath: workspace.file("trace.csv")) : nil
            let result = try Self.run(workspace.arguments(command, out: ""), standardOutput: append, standardInput: input)
            #expect(result.status == 2, "\(command): exit \(result.status): \(result.standardError)")
            #expect(result.standardError.contains("standard output is redirected into the input"), "\(result.standardError)")
            #expect(workspace.read("trace.csv") == before)
        }
    }

    // MARK: Interruption

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func anInterruptedRunLeavesNoPartialFile(signal: Int32) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("old\n".utf8).write(to: workspace.folder.appendingPathComponent("day.csv"))
        let process = Process()
        process.executableURL = ToolRunner.executable
        process.arguments = ["simulate", "--duration", "86400", "--output", workspace.file("day.csv"),
                             "--fixes", workspace.file("day-fixes.csv")]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the trace's temporary file has data, then interrupt.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !partialFiles(in: workspace.folder).contains(where: { size(of: $0) > 100_000 }) {
            usleep(20_000)
        }
        #expect(partialFiles(in: workspace.folder).count == 2, "no temporary files while writing")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
                "ended with \(process.terminationStatus)")
        #expect(workspace.read("day.csv") == Data("old\n".utf8))
        #expect(workspace.read("day-fixes.csv") == nil)
        #expect(partialFiles(in: workspace.folder).isEmpty, "left behind: \(partialFiles(in: workspace.folder))")
    }

    @Test func aClosedPipeEndsTheRunQuietlyAndLeavesNoPartialFile() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let process = Process()
        process.executableURL = ToolRunner.executable
        process.arguments = ["simulate", "--duration", "86400", "--output", "-", "--fixes", workspace.file("fixes-out.csv")]
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        _ = output.fileHandleForReading.readData(ofLength: 1000)
        try output.fileHandleForReading.close()
        process.waitUntilExit()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE,
                "ended with \(process.terminationStatus): \(message)")
        #expect(message.isEmpty, "stderr: \(message)")
        #expect(workspace.read("fixes-out.csv") == nil)
        #expect(partialFiles(in: workspace.folder).isEmpty)
    }

    // MARK: Helpers

    private func partialFiles(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".partial") }.map { folder.appendingPathComponent($0).path }
    }

    private func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// Runs the tool with standard output (and input) connected to the given handles; stderr is captured.
    static func run(_ arguments: [String], standardOutput: FileHandle? = nil,
                    standardInput: FileHandle? = nil) throws -> ToolRunner.Result {
        let process = Process()
        process.executableURL = ToolRunner.executable
        process.arguments = arguments
        let error = Pipe()
        process.standardOutput = standardOutput ?? FileHandle.nullDevice
        process.standardError = error
        process.standardInput = standardInput ?? FileHandle.nullDevice
        try process.run()
        let message = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return ToolRunner.Result(status: status, standardOutput: "", standardError: String(decoding: message, as: UTF8.self))
    }
}

/// A 256 KiB tmpfs mounted for one test, to fill up (needs the right to mount: root in most containers).
struct SmallFileSystem {
    let path: String

    static let canMount: Bool = {
        guard let disk = try? SmallFileSystem() else { return false }
        disk.unmount()
        return true
    }()

    static var whyNot: Comment { "cannot mount a small tmpfs here (needs root); the /dev/full tests cover full outputs" }

    init() throws {
        path = try temporaryDirectory().path
        guard Self.shell(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", path]) == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    /// Writes a file that takes every free block.
    func fill() throws {
        guard FileManager.default.createFile(atPath: path + "/filler", contents: nil),
              let filler = FileHandle(forWritingAtPath: path + "/filler") else { throw CocoaError(.fileWriteUnknown) }
        let block = Data(count: 4096)
        while (try? filler.write(contentsOf: block)) != nil {}
        try? filler.close()
    }

    func listing() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    func unmount() {
        _ = Self.shell(["umount", path])
        try? FileManager.default.removeItem(atPath: path)
    }

    private static func shell(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

import Foundation
import Testing
import LocomotionTestSupport

/// Hostile class "file names" (Docs/reliability.md, Round 3): names that are not UTF-8, paths longer than
/// PATH_MAX, names the system refuses for what they are. The cases are generated over the class (every kind of
/// invalid UTF-8 sequence; a long path overflowing at a folder and at the file) rather than the one reported case.
/// Answer: exit 1 naming the path, never a file left out with exit 0. Runs the built tool.
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct FileNameTests {
    /// Invalid UTF-8: a Latin-1 é, a lone continuation byte, a truncated sequence, an overlong `/`, a surrogate,
    /// a five-byte form, 0xFF.
    static let invalidNames: [[UInt8]] = [[0x63, 0x61, 0x66, 0xE9], [0x80], [0x50, 0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80],
                                          [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFF, 0x50, 0x30, 0x31]]

    /// Makes `name` (raw bytes) under `folder`, a folder or a file holding the walk trace.
    static func make(_ name: [UInt8], in folder: URL, folder isFolder: Bool) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name
        if isFolder {
            #expect((path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { mkdir($0.baseAddress!, 0o755) } == 0)
            try write(HostileInputTests.trace, toRaw: path + Array("/day.csv".utf8))
        } else {
            try write(HostileInputTests.trace, toRaw: path + Array(".csv".utf8))
        }
    }

    static func write(_ text: String, toRaw path: [UInt8]) throws {
        let descriptor = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    }

    @Test("a trace or a folder whose name is not UTF-8 stops a folder input with exit 1, naming it with \\xNN",
          arguments: invalidNames.indices)
    func invalidUTF8Names(index: Int) throws {
        for isFolder in [false, true] {
            let folder = try temporaryDirectory()
            let cohort = folder.appendingPathComponent("cohort")
            try FileManager.default.createDirectory(at: cohort, withIntermediateDirectories: true)
            try Data(HostileInputTests.trace.utf8).write(to: cohort.appendingPathComponent("good.csv"))
            try Self.make(Self.invalidNames[index], in: cohort, folder: isFolder)
            let result = try ToolRunner.run(["epochs", "cohort", "--time-zone", "UTC"], in: folder)
            #expect(result.status == 1, "\(isFolder ? "folder" : "file") \(Self.invalidNames[index]): \(result.standardError)")
            #expect(result.standardError.contains("not valid UTF-8") && result.standardError.contains("\\x"), "\(result.standardError)")
        }
    }

    @Test("a file that is not a trace may have any name: a folder walk passes it by")
    func invalidNameOfAnotherKind() throws {
        let folder = try temporaryDirectory()
        try Data(HostileInputTests.trace.utf8).write(to: folder.appendingPathComponent("good.csv"))
        try Self.write("notes", toRaw: Array(folder.path.utf8) + [0x2F, 0x6E, 0xE9, 0x2E, 0x74, 0x78, 0x74])
        try Self.write("hidden", toRaw: Array(folder.path.utf8) + [0x2F, 0x2E, 0xE9, 0x2E, 0x63, 0x73, 0x76])
        let result = try ToolRunner.run(["epochs", ".", "--time-zone", "UTC"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
    }

    /// A tree deeper than PATH_MAX, made relative to open folders (a path that long cannot be named): the folders
    /// pass the limit (`overflowAtFile` false), or only the file's name does.
    static func deepTree(in folder: URL, overflowAtFile: Bool) throws {
        var descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        #expect(descriptor >= 0)
        var length = 1  // the tool is given `.`: its paths are `./…`, and PATH_MAX bounds the path as passed
        let limit = Int(PATH_MAX)
        let target = overflowAtFile ? limit - 100 : limit + 10
        // Long folder names, then short ones to land near the target (under the walk's 64 levels).
        for size in [200, 50] {
            let component = String(repeating: "d", count: size)
            while length + size + 1 < (size == 200 ? target - 300 : target) {
                #expect(mkdirat(descriptor, component, 0o755) == 0)
                let next = openat(descriptor, component, O_RDONLY | O_DIRECTORY)
                close(descriptor)
                descriptor = next
                length += size + 1
            }
        }
        // Over the limit by a few bytes with the file's name (at most 255 bytes: NAME_MAX).
        let name = String(repeating: "f", count: overflowAtFile ? limit - length + 5 - 5 : 20) + ".csv"
        #expect(!overflowAtFile || length + 1 + name.utf8.count >= limit)
        let file = openat(descriptor, name, O_CREAT | O_WRONLY, 0o644)
        #expect(file >= 0)
        let bytes = Array(HostileInputTests.trace.utf8)
        #expect(bytes.withUnsafeBytes { Foundation.write(file, $0.baseAddress, $0.count) } == bytes.count)
        close(file)
        close(descriptor)
    }

    @Test("a trace beyond PATH_MAX, at a folder or at the file, stops a folder input with exit 1; never left out",
          arguments: [false, true])
    func pathsBeyondPathMax(overflowAtFile: Bool) throws {
        let folder = try temporaryDirectory()
        try Data(HostileInputTests.trace.utf8).write(to: folder.appendingPathComponent("good.csv"))
        try Self.deepTree(in: folder, overflowAtFile: overflowAtFile)
        let result = try ToolRunner.run(["epochs", ".", "--time-zone", "UTC"], in: folder)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("PATH_MAX"), "\(result.standardError)")
    }

    @Test("a path the system refuses is reported as what it is, not as 'No such file'",
          arguments: [("notafolder.csv/x.csv", "Not a directory"), ("loop/x.csv", "Too many levels of symbolic links"),
                      (String(repeating: "n", count: 300) + ".csv", "File name too long")])
    func systemErrorsAreNamed(path: String, expected: String) throws {
        let folder = try HostileInputTests.workspace()
        try Data(HostileInputTests.trace.utf8).write(to: folder.appendingPathComponent("notafolder.csv"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("loop").path, withDestinationPath: "loop")
        for arguments in [["label", path], ["epochs", path, "--time-zone", "UTC"]] {
            let result = try ToolRunner.run(arguments, in: folder)
            #expect(result.status == 1, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(expected), "\(arguments): \(result.standardError)")
        }
    }
}

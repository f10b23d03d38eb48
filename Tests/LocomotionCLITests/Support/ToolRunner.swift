import Foundation

/// Runs the built `locomotion` executable as a subprocess, as a user's shell would.
struct ToolRunner {
    /// What a run produced.
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The executable: next to the test bundle (`.build/<configuration>/`), else `.build/debug/locomotion`
    /// under the package root; nil when not built.
    static let executable: URL? = {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        if let environment = ProcessInfo.processInfo.environment["LOCOMOTION_EXECUTABLE"] {
            candidates.append(URL(fileURLWithPath: environment))
        }
        let testProcess = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testProcess.deletingLastPathComponent()
        // The test binary may sit inside a bundle (`X.xctest/Contents/MacOS/X` on macOS).
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent("locomotion"))
            directory = directory.deletingLastPathComponent()
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/locomotion"))
        return candidates.first { fileManager.isExecutableFile(atPath: $0.path) }
    }()

    /// The package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var isAvailable: Bool { executable != nil }

    /// Runs `locomotion arguments…` with `input` on standard input, in `directory`; waits for it to end.
    static func run(_ arguments: [String], input: String? = nil, in directory: URL? = nil) throws -> Result {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        // Read both pipes concurrently with the process so a large output cannot block it.
        let outputData = ResultBox(), errorData = ResultBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outputData.data = output.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errorData.data = error.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
        try standardInput.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus,
                      standardOutput: String(decoding: outputData.data, as: UTF8.self),
                      standardError: String(decoding: errorData.data, as: UTF8.self))
    }
}

/// Holds data written by one reader thread and read after `DispatchGroup.wait()`.
private final class ResultBox: @unchecked Sendable {
    var data = Data()
}

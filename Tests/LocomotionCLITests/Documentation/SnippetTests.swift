import Foundation
import Testing

/// The DocC getting-started examples are the programs in `Snippets/`: `swift build` compiles them, and these
/// tests run them, so an example that compiles but no longer does what its article says fails here.
@Suite(.enabled(if: SnippetFolder.url != nil, "the snippets are not built next to the locomotion executable"))
struct SnippetTests {
    /// Runs the snippet `name`; returns its exit status and standard output.
    private func run(_ name: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = SnippetFolder.url!.appendingPathComponent(name)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func locomotionSnippetFindsTheWalkItsSteppingAndItsDistance() throws {
        let (status, output) = try run("LocomotionGettingStarted")
        #expect(status == 0)
        #expect(output.contains("stationary"))
        #expect(output.contains("walking"))
        // 90 s at 1.8 steps per second; 89 intervals of 5 m.
        let steps = output.split(separator: "\n").first { $0.hasPrefix("steps: ") }
            .flatMap { Int($0.dropFirst(7).prefix { $0.isNumber }) }
        #expect(steps.map { abs($0 - 162) <= 8 } == true, "\(output)")
        #expect(output.contains("recording mode now: high-accuracy"))
        let metres = output.split(separator: "\n").last.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
        #expect(metres.map { abs($0 - 445) <= 5 } == true, "\(output)")
    }

    @Test func dspSnippetSeesTheStepRateAsTheDominantFrequency() throws {
        let (status, output) = try run("DSPGettingStarted")
        #expect(status == 0)
        let frequencies = output.split(separator: "\n").compactMap { line in
            Double(line.split(separator: " ").dropFirst(2).first ?? "")
        }
        #expect(!frequencies.isEmpty)
        // 1.8 Hz, within one bin of a 256-point spectrum at 50 Hz (0.195 Hz).
        #expect(frequencies.allSatisfy { abs($0 - 1.8) < 0.2 }, "\(output)")
    }

    @Test func ioSnippetReadsBackWhatItWrote() throws {
        let (status, output) = try run("IOGettingStarted")
        #expect(status == 0)
        #expect(output.contains("label stationary"))
        #expect(output.contains("4500 rows; labels: true"))   // 90 s at 50 Hz
    }
}

/// Where SwiftPM puts executables: the snippets sit next to `locomotion`.
enum SnippetFolder {
    static let url: URL? = {
        guard let tool = ToolRunner.executable else { return nil }
        let folder = tool.deletingLastPathComponent()
        return FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("LocomotionGettingStarted").path)
            ? folder : nil
    }()
}

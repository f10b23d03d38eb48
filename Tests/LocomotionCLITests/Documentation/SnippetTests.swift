import Foundation
import LocomotionTestSupport
import Testing

/// The DocC getting-started examples are the programs in `Snippets/`: `swift build` compiles them, and these
/// tests run them, so an example that compiles but no longer does what its article says fails here.
@Suite(.enabled(if: SnippetFolder.url != nil, "the snippets are not built next to the locomotion executable"))
struct SnippetTests {
    /// Runs the snippet `name` with `arguments`; returns its exit status and standard output.
    private func run(_ name: String, _ arguments: [String] = []) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = SnippetFolder.url!.appendingPathComponent(name)
        process.arguments = arguments
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

extension SnippetTests {
    /// The number before `suffix` on the line starting with `prefix`, e.g. `count("killed and relaunched ", " times")`.
    private func count(_ output: String, _ prefix: String, _ suffix: String = " ") -> Int? {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return nil }
        return Int(line.dropFirst(prefix.count).prefix { $0.isNumber })
    }

    /// The collector replay on the bundled sample day (simulated, with fixes): killed and relaunched many times and
    /// woken every 15 minutes, it reports the events of the uninterrupted run (the snippet compares them; it
    /// exits 1 when they differ), and the day's content shows through: steps, mode switches, a distance.
    @Test func collectorSnippetGivesTheSameEventsKilledAndWokenOnTheSampleDay() throws {
        let (status, output) = try run("CollectorReplay")
        #expect(status == 0, "\(output)")
        #expect(count(output, "killed and relaunched ").map { $0 >= 20 } == true, "\(output)")
        #expect(output.contains("times: same events: yes"))
        #expect(output.contains("woken 2 times, every 15 min: same events: yes"), "\(output)")   // 30 min
        #expect(!output.contains("same events: no"))
        #expect(count(output, "steps: ").map { $0 > 100 } == true, "\(output)")
        #expect(count(output, "recording-mode switches: ").map { $0 >= 2 } == true, "\(output)")
        #expect(output.contains("distance 2023-11-14: "), "\(output)")
        #expect(count(output, "gaps: ") == 1, "the sample day has one 2.4-minute gap: \(output)")
    }

    /// The same on a real afternoon of one us-tm2017 participant (2017-01-22, Bologna): eleven sessions recorded one
    /// after the other over 73 minutes — seven car rides, four walks, then a minute still after 39 minutes without
    /// recording — converted with `locomotion convert` and put end to end in one trace on their own clock, as the
    /// phone recorded them (no fixes: the dataset logged speeds, not positions). Five 15-minute wake-ups, one of
    /// them with no data.
    @Test(.tags(.realData), .enabled(if: TestDatasets.isPresent("us-tm2017"), Comment(rawValue: TestDatasets.absence("us-tm2017"))))
    func collectorSnippetGivesTheSameEventsKilledAndWokenOnARealAfternoon() throws {
        let raw = TestDatasets.folder("us-tm2017/raw")
        // 1485092389235 is a second copy of 1485092389164 (same start, overlapping rows): left out.
        let sessions = ["Car_1485092234910", "Car_1485092389164", "Car_1485092610362", "Car_1485092760585",
                        "Car_1485092954647", "Car_1485093212618", "Car_1485093419815", "Walking_1485093716801",
                        "Walking_1485093844769", "Walking_1485093988338", "Walking_1485094081562", "Still_1485096550525"]
        let folder = try temporaryDirectory(prefix: "collector-replay")
        defer { try? FileManager.default.removeItem(at: folder) }
        let converted = try ToolRunner.run(["convert", "--from", "us-tm2017", "--output-dir", folder.path, "--quiet"]
                                           + sessions.map { raw.appendingPathComponent("sensorfile_Damiano_\($0).csv").path })
        #expect(converted.status == 0, "\(converted.standardError)")
        var afternoon = "timestamp,x,y,z,label\n"
        for session in sessions {
            let text = try String(contentsOf: folder.appendingPathComponent("us-tm2017_Damiano_\(session).csv"), encoding: .utf8)
            afternoon += text.drop { $0 != "\n" }.dropFirst()
        }
        let trace = folder.appendingPathComponent("afternoon.csv")
        try afternoon.write(to: trace, atomically: true, encoding: .utf8)

        let (status, output) = try run("CollectorReplay", [trace.path, "--time-zone", "Europe/Rome"])
        #expect(status == 0, "\(output)")
        #expect(count(output, "killed and relaunched ").map { $0 >= 5 } == true, "\(output)")
        #expect(output.contains("times: same events: yes"))
        #expect(output.contains("woken 5 times, every 15 min: same events: yes"), "\(output)")
        #expect(!output.contains("same events: no"))
        #expect(output.contains("15602 samples, 0 fixes, 73.0 min"), "\(output)")
        #expect(output.contains("automotive") && output.contains("walking"), "\(output)")
        #expect(count(output, "gaps: ").map { $0 >= 1 } == true && output.contains("longest 39."), "\(output)")
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

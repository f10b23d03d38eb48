import Foundation
import Testing
import Locomotion
import LocomotionIO
import LocomotionEvaluation
import LocomotionTestSupport

/// `locomotion replay --closed-loop` is `GateReplay` over the same trace and fixes: the same mode segments and
/// the same received counts; without the flag the replay is the open loop. On the bundled sample day (simulated:
/// mechanics only), which has fixes, so that the distance filter is exercised too.
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct ReplayClosedLoopTests {
    static let sample = ToolRunner.packageRoot.appendingPathComponent("Datasets/sample")
    static var trace: String { sample.appendingPathComponent("day.csv").path }
    static var fixes: String { sample.appendingPathComponent("day-fixes.csv").path }

    /// The segments CSV the command writes, parsed.
    static func segments(_ csv: String) -> [(start: Double, end: Double, mode: String, reason: String)] {
        csv.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: ",").map(String.init)
            return (Double(fields[0])!, Double(fields[1])!, fields[2], fields[3])
        }
    }

    static func expectSame(_ written: [(start: Double, end: Double, mode: String, reason: String)],
                           _ replayed: [RecordingGate.Segment], _ comment: String) {
        #expect(written.count == replayed.count, "\(comment): \(written.count) segments written, \(replayed.count) replayed")
        for (row, segment) in zip(written, replayed) {
            #expect(abs(row.start - segment.start) < 0.001 && abs(row.end - segment.end) < 0.001
                    && row.mode == segment.mode.rawValue && row.reason == segment.reason.code, "\(comment): \(row) ≠ \(segment)")
        }
    }

    @Test(arguments: [0.0, 2, 10])
    func theCommandIsTheLibrarysClosedLoop(rate: Double) throws {
        let folder = try temporaryDirectory(prefix: "replay-closed-loop")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summaryPath = folder.appendingPathComponent("summary.json").path
        let result = try ToolRunner.run(["replay", Self.trace, "--fixes", Self.fixes, "--closed-loop",
                                         "--low-power-accelerometer-rate", "\(rate)", "--summary", summaryPath])
        #expect(result.status == 0, "\(result.standardError)")

        let samples = try Trace.read(path: Self.trace).samples
        let fixes = try FixReader.read(path: Self.fixes)
        var configuration = MotionEngine.Configuration()
        configuration.gate.lowPowerProfile.accelerometerRate = rate
        let replay = try GateReplay.run(samples: samples, fixes: fixes, configuration: configuration, followsProfiles: true)
        Self.expectSame(Self.segments(result.standardOutput), replay.segments, "\(rate) Hz")

        let summary = try JSONDecoder().decode(ReplaySummary.self, from: Data(contentsOf: URL(fileURLWithPath: summaryPath)))
        let counts = try #require(summary.closedLoop)
        #expect(counts == replay.counts)
        #expect(counts.samplesReceived + counts.samplesNotReceived == samples.count)
        // Not vacuous: low power withholds samples and the distance filters withhold fixes.
        #expect(counts.samplesNotReceived > 0 && counts.fixesNotReceived > 0, "\(counts)")
        if rate == 0 { #expect(replay.segments.allSatisfy { $0.mode == .lowPower }) }
    }

    /// Without `--closed-loop` the replay is the open loop (every sample and fix), and the summary has no
    /// `closedLoop`; the text summary's closed-loop line appears only with the flag.
    @Test func withoutTheFlagTheReplayIsTheOpenLoop() throws {
        let open = try ToolRunner.run(["replay", Self.trace, "--fixes", Self.fixes])
        #expect(open.status == 0, "\(open.standardError)")
        let samples = try Trace.read(path: Self.trace).samples
        let fixes = try FixReader.read(path: Self.fixes)
        let replay = try GateReplay.run(samples: samples, fixes: fixes)
        Self.expectSame(Self.segments(open.standardOutput), replay.segments, "open loop")
        #expect(replay.segments.contains { $0.mode == .highAccuracy })
        #expect(!open.standardError.contains("closed_loop"))
        let closed = try ToolRunner.run(["replay", Self.trace, "--closed-loop"])
        #expect(closed.standardError.contains("closed_loop samples_received="), "\(closed.standardError)")
    }
}

import Foundation
import Testing
import LocomotionTestSupport

/// One rule for location fixes out of time order, the same in every command (`RecordedInputs`, Docs/formats.md): a fix
/// earlier than the one before it in the file is no evidence for the classifier or the gate, the odometer counts it
/// as `rejected_out_of_order`, and every command says so once on standard error and goes on (exit 0).
///
/// Each command runs on the same trace twice: with the fixes in order, and with one more fix inserted out of order —
/// a fix that, were it used, would change the answer (20 m/s while the phone lies still: a ride; 300 m off the
/// track: a jump). The answers must be those of the ordered file (but for the count of the fix itself).
@Suite("out-of-order fixes", .enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct OutOfOrderFixesTests {
    static let start = 1_700_000_000

    /// The trace (60 s still, then 60 s of a walking-like bounce), its fixes in order, and the same fixes with one
    /// out of order, in a new folder.
    static func files() throws -> URL {
        let directory = try temporaryDirectory()
        try SyntheticTrace.csv(seconds: 60).write(to: directory.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        let ordered = SyntheticTrace.fixesCSV(seconds: 119, speed: 1.4)
        try ordered.write(to: directory.appendingPathComponent("ordered.csv"), atomically: true, encoding: .utf8)
        var lines = ordered.split(separator: "\n").map(String.init)
        // After the fix of second 30 (line 32), one of second 20 at 20 m/s, 300 m north.
        lines.insert("\(start + 20),47.0027,8.5,5,20", at: 32)
        try (lines.joined(separator: "\n") + "\n").write(to: directory.appendingPathComponent("late.csv"), atomically: true, encoding: .utf8)
        return directory
    }

    /// Every command that takes fixes, as arguments with the fixes file `fixes`.
    static func commands(_ fixes: String) -> [(name: String, arguments: [String])] {
        [
            ("label", ["label", "t.csv", "--fixes", fixes]),
            ("label json", ["label", "t.csv", "--fixes", fixes, "--format", "json"]),
            ("evaluate", ["evaluate", "t.csv", "--fixes", fixes]),
            ("summarize", ["summarize", "t.csv", "--fixes", fixes, "--time-zone", "UTC"]),
            ("plot", ["plot", "t.csv", "--fixes", fixes, "--time-zone", "UTC", "-o", "-"]),
            ("replay", ["replay", "t.csv", "--fixes", fixes, "--summary", "/dev/null"]),
            ("epochs", ["epochs", "t.csv", "--fixes", fixes, "--time-zone", "UTC"]),
            ("daily", ["daily", "t.csv", "--fixes", fixes, "--time-zone", "UTC"]),
            ("distance --trace", ["distance", fixes, "--trace", "t.csv", "--time-zone", "UTC", "--moving", "any-movement"]),
            ("distance", ["distance", fixes, "--time-zone", "UTC"]),
        ]
    }

    @Test func everyCommandAnswersAsWithoutTheLateFixAndSaysSo() throws {
        let directory = try Self.files()
        defer { try? FileManager.default.removeItem(at: directory) }
        for ((name, ordered), (_, late)) in zip(Self.commands("ordered.csv"), Self.commands("late.csv")) {
            let expected = try ToolRunner.run(ordered, in: directory)
            let result = try ToolRunner.run(late, in: directory)
            #expect(expected.status == 0 && result.status == 0, "\(name): \(result.standardError)")
            #expect(!expected.standardError.contains("back in time"), "\(name)")
            let warnings = result.standardError.split(separator: "\n").filter { $0.contains("back in time") }
            #expect(warnings == ["locomotion: late.csv: warning: 1 location fix goes back in time (the first, fix 32, at "
                                 + "\(Double(Self.start + 20)) s after one at \(Double(Self.start + 30)) s); out-of-order "
                                 + "fixes are no activity evidence and count as rejected_out_of_order (Docs/formats.md)"],
                    "\(name): \(result.standardError)")
            if name.hasPrefix("distance") {
                // The one difference: the fix is counted, as out of order (column 7), on its day.
                let rows = result.standardOutput.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
                let expectedRows = expected.standardOutput.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
                #expect(rows.count == 2 && expectedRows.count == 2, "\(name): \(result.standardOutput)")
                #expect(rows.first == expectedRows.first)
                var counted = expectedRows.last!
                counted[6] = Substring(String(Int(counted[6])! + 1))
                #expect(rows.last == counted, "\(name): \(result.standardOutput) against \(expected.standardOutput)")
            } else if name == "summarize" {
                // The report counts the fixes given: one more.
                #expect(result.standardOutput.replacingOccurrences(of: "121 fixes from late.csv", with: "120 fixes from ordered.csv")
                        == expected.standardOutput,
                        "\(name): \(result.standardOutput) against \(expected.standardOutput)")
            } else {
                #expect(result.standardOutput.replacingOccurrences(of: "late.csv", with: "ordered.csv") == expected.standardOutput,
                        "\(name)")
            }
        }
    }
}

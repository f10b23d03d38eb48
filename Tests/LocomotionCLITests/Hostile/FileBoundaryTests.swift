import Foundation
import Testing
import LocomotionTestSupport

/// Hostile class "file boundaries" (Docs/reliability.md, Round 3): a participant's recording split into files
/// whose boundaries repeat a sample. A file that starts with the exact last sample of the previous one (the value
/// written another way included) has it read once, said on stderr, and gives the tables of the recording without
/// the copy; the same time with other values is refused naming both files. Cases over the class: one or several
/// boundaries, `epochs` and `daily`. Runs the built tool.
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct FileBoundaryTests {
    /// Rows `range` of a bouncing walk at 50 Hz (one row per index), with `format` for x.
    static func rows(_ range: Range<Int>, format: (Double) -> String = { "\($0)" }) -> String {
        range.map { "\(1_700_000_000 + Double($0) * 0.02),\(format(0.01 + 0.3 * sin(Double($0) * 0.4))),-0.98,0.03,walking\n" }.joined()
    }

    /// The recording cut at `cuts` (row indices), each later part starting with its previous part's last row.
    static func write(cuts: [Int], count: Int, in folder: URL, repeatWith format: (Double) -> String = { "\($0)" }) throws {
        let bounds = [0] + cuts + [count]
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("P01"), withIntermediateDirectories: true)
        for part in 0..<(bounds.count - 1) {
            let start = part == 0 ? 0 : bounds[part] - 1
            let text = HostileInputTests.header + (part == 0 ? "" : rows(start..<(start + 1), format: format))
                + rows((part == 0 ? 0 : bounds[part])..<bounds[part + 1])
            try Data(text.utf8).write(to: folder.appendingPathComponent("P01/part\(part).csv"))
        }
        try Data((HostileInputTests.header + rows(0..<count)).utf8).write(to: folder.appendingPathComponent("whole.csv"))
    }

    @Test("a file starting with the previous file's last sample: read once, said, the tables of the whole recording",
          arguments: [[700], [300, 900, 1200], [1]], ["epochs", "daily"])
    func exactRepeatIsReadOnce(cuts: [Int], command: String) throws {
        for format in [{ "\($0)" }, { String(format: "%.17g", $0) }] as [(Double) -> String] {
            let folder = try temporaryDirectory()
            try Self.write(cuts: cuts, count: 1500, in: folder, repeatWith: format)
            let split = try ToolRunner.run([command, "P01", "--participant", "P01", "--time-zone", "UTC"], in: folder)
            let whole = try ToolRunner.run([command, "whole.csv", "--participant", "P01", "--time-zone", "UTC"], in: folder)
            #expect(split.status == 0 && whole.status == 0, "\(split.standardError)")
            #expect(split.standardError.components(separatedBy: "repeats the last sample").count - 1 == cuts.count, "\(split.standardError)")
            // The `file` column differs; everything else is the same recording.
            func withoutFile(_ text: String) -> [String] {
                text.split(separator: "\n").map { line in line.split(separator: ",", omittingEmptySubsequences: false).filter { !$0.contains(".csv") }.joined(separator: ",") }
            }
            #expect(withoutFile(split.standardOutput) == withoutFile(whole.standardOutput), "\(command) \(cuts)")
        }
    }

    @Test("the same time with other values at a boundary is refused, naming both files", arguments: ["epochs", "daily"])
    func sameTimeOtherValuesIsRefused(command: String) throws {
        let folder = try temporaryDirectory()
        try Self.write(cuts: [700], count: 1500, in: folder, repeatWith: { "\($0 + 0.5)" })
        let result = try ToolRunner.run([command, "P01", "--participant", "P01", "--time-zone", "UTC"], in: folder)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("part1.csv") && result.standardError.contains("part0.csv") && result.standardError.contains("other values"),
                "\(result.standardError)")
    }
}

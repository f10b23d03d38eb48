import Foundation
import Testing
import LocomotionTestSupport

/// Hostile class "stale resumes" (Docs/reliability.md, Round 3): an `--output-dir` run resumed after its inputs
/// changed. Every kind of change (a file added to a participant, one appended to, replaced, removed, only touched)
/// on a participant (`epochs --participant-from`) and on a per-file command (`label`): the resumed run never says
/// complete for a stale output; it computes it again, and the result is byte-identical to a fresh run. Unchanged
/// inputs are still skipped. Runs the built tool.
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct ResumeTests {
    /// `seconds` of a bouncing walk at 50 Hz from `start`.
    static func trace(start: Double, seconds: Int = 30) -> String {
        HostileInputTests.header + (0..<(seconds * 50)).map {
            "\(start + Double($0) * 0.02),\(0.01 + 0.3 * sin(Double($0) * 0.4)),-0.98,0.03,walking\n"
        }.joined()
    }

    enum Change: String, CaseIterable { case added, appended, replaced, removed, touched }

    static func apply(_ change: Change, to folder: URL) throws {
        let first = folder.appendingPathComponent("cohort/P01/a.csv")
        let second = folder.appendingPathComponent("cohort/P01/b.csv")
        switch change {
        case .added:
            try Data(trace(start: 1_700_100_000).utf8).write(to: folder.appendingPathComponent("cohort/P01/c.csv"))
        case .appended:
            let handle = try FileHandle(forWritingTo: second)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(trace(start: 1_700_050_100).dropFirst(HostileInputTests.header.count).utf8))
            try handle.close()
        case .replaced:
            try Data(trace(start: 1_700_050_000, seconds: 20).utf8).write(to: second)
        case .removed:
            try FileManager.default.removeItem(at: second)
        case .touched:
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)], ofItemAtPath: first.path)
        }
    }

    static func cohort() throws -> URL {
        let folder = try temporaryDirectory()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("cohort/P01"), withIntermediateDirectories: true)
        try Data(trace(start: 1_700_000_000).utf8).write(to: folder.appendingPathComponent("cohort/P01/a.csv"))
        try Data(trace(start: 1_700_050_000).utf8).write(to: folder.appendingPathComponent("cohort/P01/b.csv"))
        return folder
    }

    static let commands: [(arguments: [String], output: String)] = [
        (["epochs", "cohort", "--participant-from", "{participant}/*.csv", "--time-zone", "UTC", "--output-dir", "OUT"], "OUT/P01.epochs.csv"),
        (["label", "cohort", "--output-dir", "OUT"], "OUT/b.label.csv"),
    ]

    @Test("a resumed --output-dir run whose inputs changed computes them again, as a fresh run would",
          arguments: Change.allCases, [0, 1])
    func changedInputsAreComputedAgain(change: Change, command: Int) throws {
        let arguments = Self.commands[command].arguments
        let folder = try Self.cohort()
        let first = try ToolRunner.run(arguments.map { $0 == "OUT" ? "out" : $0 }, in: folder)
        #expect(first.status == 0, "\(first.standardError)")
        try Self.apply(change, to: folder)
        let resumed = try ToolRunner.run(arguments.map { $0 == "OUT" ? "out" : $0 }, in: folder)
        let fresh = try ToolRunner.run(arguments.map { $0 == "OUT" ? "fresh" : $0 }, in: folder)
        #expect(resumed.status == fresh.status, "\(resumed.standardError)")
        // `label` writes one file per trace: the output of the file changed (a new one for `added`; none left for
        // `removed`); `epochs` one per participant.
        let changed = ["added": "c", "touched": "a"][change.rawValue] ?? "b"
        let outputName = command == 0 ? "P01.epochs.csv" : "\(changed).label.csv"
        if command == 1 && change == .removed { return }
        if !(command == 1 && change == .added) {
            #expect(resumed.standardError.contains("made from other inputs"), "\(change) \(arguments[0]): \(resumed.standardError)")
        }
        let written = try Data(contentsOf: folder.appendingPathComponent("out/" + outputName))
        let expected = try Data(contentsOf: folder.appendingPathComponent("fresh/" + outputName))
        #expect(written == expected, "\(change) \(arguments[0]): the resumed output differs from a fresh run's")
    }

    @Test("a resumed run with unchanged inputs skips them and leaves their outputs as they were", arguments: [0, 1])
    func unchangedInputsAreSkipped(command: Int) throws {
        let (arguments, output) = Self.commands[command]
        let folder = try Self.cohort()
        let run = arguments.map { $0 == "OUT" ? "out" : $0 }
        #expect(try ToolRunner.run(run, in: folder).status == 0)
        let path = folder.appendingPathComponent(output.replacingOccurrences(of: "OUT", with: "out")).path
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        let again = try ToolRunner.run(run, in: folder)
        #expect(again.status == 0)
        #expect(again.standardError.contains("are complete"), "\(again.standardError)")
        #expect(!again.standardError.contains("made from other inputs"), "\(again.standardError)")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == before)
    }
}

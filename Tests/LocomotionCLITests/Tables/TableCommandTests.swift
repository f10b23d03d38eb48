import Foundation
import Testing
@testable import LocomotionCLI
import LocomotionTestSupport

/// `locomotion epochs` and `locomotion daily` through the built executable, checked against the other commands
/// (label, steps) and against themselves (one file or the same recording split in files, any --jobs, any epoch).
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built (swift build --build-tests builds it)"))
struct TableCommandTests {
    /// Two participants of two simulated days each (`p1/d0.csv`…, with companion fixes), and `whole.csv`: p1's
    /// two days in one file.
    private static let folder: String = {
        let folder = try! temporaryDirectory(prefix: "Tables").path
        for participant in ["p1", "p2"] {
            try! FileManager.default.createDirectory(atPath: "\(folder)/cohort/\(participant)", withIntermediateDirectories: true)
            for day in 0..<2 {
                let name = "\(folder)/cohort/\(participant)/d\(day)"
                let start = 1_700_000_000 + 86_400 * day + (participant == "p1" ? 0 : 3600)
                let result = try! ToolRunner.run(["simulate", "--duration", "900", "--seed", "\(day + (participant == "p1" ? 1 : 5))",
                                                  "--start", "\(start)", "--output", name + ".csv", "--fixes", name + ".fixes.csv"])
                precondition(result.status == 0, result.standardError)
            }
        }
        let day0 = try! String(contentsOfFile: "\(folder)/cohort/p1/d0.csv", encoding: .utf8)
        let day1 = try! String(contentsOfFile: "\(folder)/cohort/p1/d1.csv", encoding: .utf8)
        try! (day0 + day1.drop { $0 != "\n" }.dropFirst()).write(toFile: "\(folder)/whole.csv", atomically: true, encoding: .utf8)
        return folder
    }()

    private var cohort: String { Self.folder + "/cohort" }
    private let zone = ["--time-zone", "Europe/Zurich"]

    private func run(_ arguments: [String]) throws -> ToolRunner.Result {
        try ToolRunner.run(arguments)
    }

    /// The rows of a CSV table (header first), as lists of fields (no quoting in these tables).
    private func rows(_ text: String) -> [[String]] {
        text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test("epochs: contiguous local minutes whose activity seconds add up to the time recorded")
    func epochsTile() throws {
        let result = try run(["epochs", "\(cohort)/p1/d0.csv"] + zone)
        #expect(result.status == 0, "\(result.standardError)")
        let table = rows(result.standardOutput)
        let header = table[0]
        #expect(header.prefix(7) == ["file", "participant", "day", "start", "end", "local_start", "activity"])
        let column = { (name: String) in header.firstIndex(of: name)! }
        let body = table.dropFirst()
        #expect(body.count == 16)  // 900 s from 22:13:20 UTC: 16 minutes touched
        for (previous, next) in zip(body, body.dropFirst()) { #expect(previous[column("end")] == next[column("start")]) }
        #expect(body.allSatisfy { Double($0[column("start")])!.truncatingRemainder(dividingBy: 60) == 0 })
        #expect(body.first?[column("local_start")] == "2023-11-14T23:13:00+01:00")
        let activitySeconds = body.map { row in ["stationary_s", "walking_s", "running_s", "cycling_s", "automotive_s", "unknown_s"]
            .reduce(0.0) { $0 + Double(row[column($1)])! } }
        #expect(abs(activitySeconds.reduce(0, +) - 900) < 0.05)
        #expect(body.allSatisfy { Double($0[column("coverage")])! <= 1 })
        #expect(body.allSatisfy { $0[column("participant")] == "d0" })
    }

    @Test("the segments table equals label, and daily steps equal steps: one classifier and one pedometer")
    func agreesWithLabelAndSteps() throws {
        let output = Self.folder + "/agree"
        let tables = try run(["daily", "\(cohort)/p2/d1.csv", "--output-dir", output, "--also", "segments"] + zone)
        #expect(tables.status == 0, "\(tables.standardError)")
        let segments = try String(contentsOfFile: output + "/d1.segments.csv", encoding: .utf8)
        let label = try run(["label", "\(cohort)/p2/d1.csv"])
        let fromTable = rows(segments).dropFirst().map { Array($0[2...]) }
        let fromLabel = rows(label.standardOutput).dropFirst().map { [TableRows.time(Double($0[0])!), TableRows.time(Double($0[1])!), $0[2], $0[3]] }
        #expect(fromTable == Array(fromLabel))
        #expect(fromTable.count > 5)

        let daily = rows(try String(contentsOfFile: output + "/d1.daily.csv", encoding: .utf8))
        let stepsColumn = daily[0].firstIndex(of: "steps")!
        let steps = try run(["steps", "\(cohort)/p2/d1.csv"])
        let total = steps.standardOutput.split(separator: "\n").first { $0.hasPrefix("steps=") }.map { Int($0.dropFirst(6))! }
        #expect(daily.dropFirst().reduce(0) { $0 + Int($1[stepsColumn])! } == total)
        #expect((total ?? 0) > 100)
    }

    @Test("a participant's files are one recording: the same days as one file holding them all")
    func filesOfOneParticipant() throws {
        let split = try run(["daily", "\(cohort)/p1/d0.csv", "\(cohort)/p1/d1.csv", "--participant", "whole"] + zone)
        let whole = try run(["daily", Self.folder + "/whole.csv"] + zone)
        #expect(split.status == 0 && whole.status == 0, "\(split.standardError)\(whole.standardError)")
        #expect(split.standardOutput == whole.standardOutput)
        #expect(rows(whole.standardOutput).count == 3)  // header, and 2 local days (23:13 on each, Zurich time)
        // Given in reverse, the files are still read in time order.
        let reversed = try run(["daily", "\(cohort)/p1/d1.csv", "\(cohort)/p1/d0.csv", "--participant", "whole"] + zone)
        #expect(reversed.standardOutput == whole.standardOutput)
    }

    @Test("the same bytes for any --jobs and any --epoch (daily), and with --output-dir")
    func deterministic() throws {
        let arguments = ["daily", cohort, "--participant-from", "{participant}/*.csv", "--companion-fixes"] + zone
        let one = try run(arguments + ["--jobs", "1"])
        let two = try run(arguments + ["--jobs", "2", "--epoch", "300"])
        #expect(one.status == 0, "\(one.standardError)")
        #expect(one.standardOutput == two.standardOutput)
        let table = rows(one.standardOutput)
        #expect(Set(table.dropFirst().map { $0[0] }) == ["p1", "p2"])
        #expect(table.dropFirst().contains { Double($0[table[0].firstIndex(of: "distance_m")!])! > 100 })

        let output = Self.folder + "/deterministic"
        let written = try run(arguments + ["--output-dir", output])
        #expect(written.status == 0, "\(written.standardError)")
        let p1 = try String(contentsOfFile: output + "/p1.daily.csv", encoding: .utf8)
        let p2 = try String(contentsOfFile: output + "/p2.daily.csv", encoding: .utf8)
        #expect(p1 + p2.drop { $0 != "\n" }.dropFirst() == one.standardOutput)
    }

    @Test("files of one participant that overlap in time fail that participant (exit 1), the others are written")
    func overlap() throws {
        let folder = Self.folder + "/overlap"
        try FileManager.default.createDirectory(atPath: folder + "/a", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/b", withIntermediateDirectories: true)
        for path in ["/a/1.csv", "/a/2.csv", "/b/1.csv"] {
            try FileManager.default.copyItem(atPath: "\(cohort)/p1/d0.csv", toPath: folder + path)
        }
        let result = try run(["daily", folder, "--participant-from", "{participant}/*.csv"] + zone)
        #expect(result.status == 1)
        #expect(result.standardError.contains("\(folder)/a/2.csv:2: starts at"))
        #expect(result.standardError.contains("must not overlap in time"))
        #expect(rows(result.standardOutput).dropFirst().map { $0[0] } == ["b"])
        let mismatch = try run(["daily", folder, "--participant-from", "{participant}/x/*.csv"] + zone)
        #expect(mismatch.status == 2)
        #expect(mismatch.standardError.contains("does not match the input"))
    }

    @Test("bad options are bad usage")
    func usage() throws {
        for arguments in [["--epoch", "7"], ["--also", "daily"], ["--fixes", "x.csv", "--companion-fixes"],
                          ["--time-zone", "Mars/Olympus"], ["--day-start", "25:00"]] {
            let result = try run(["epochs", "\(cohort)/p1/d0.csv"] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.standardError)")
        }
    }
}

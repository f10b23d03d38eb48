import Foundation
import Testing
import LocomotionIO
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

    @Test("epochs: the same bytes for any --jobs, combined and with --output-dir and --also")
    func epochsDeterministic() throws {
        let arguments = ["epochs", cohort, "--participant-from", "{participant}/*.csv", "--companion-fixes", "--quiet"] + zone
        let one = try run(arguments + ["--jobs", "1"])
        #expect(one.status == 0, "\(one.standardError)")
        for jobs in ["2", "3"] { #expect(try run(arguments + ["--jobs", jobs]).standardOutput == one.standardOutput) }
        #expect(Set(rows(one.standardOutput).dropFirst().map { $0[1] }) == ["p1", "p2"])

        var written: [[String: String]] = []
        for jobs in ["1", "2"] {
            let output = Self.folder + "/epochs-jobs-\(jobs)"
            let result = try run(arguments + ["--jobs", jobs, "--output-dir", output, "--also", "daily", "--also", "segments"])
            #expect(result.status == 0, "\(result.standardError)")
            written.append(try tableFiles(in: output))
        }
        #expect(written[0].count == 6)  // 2 participants × 3 tables
        #expect(written[0] == written[1])
        #expect(written[0]["p1.epochs.csv"].map { $0 + written[0]["p2.epochs.csv"]!.drop { $0 != "\n" }.dropFirst() } == one.standardOutput)

        // 1-s epochs: thousands of rows per participant, spooled to disk until their turn, then the same bytes.
        let seconds = try run(arguments + ["--jobs", "2", "--epoch", "1"])
        let output = Self.folder + "/epochs-1s"
        #expect(try run(arguments + ["--epoch", "1", "--output-dir", output]).status == 0)
        let files = try tableFiles(in: output)
        #expect(seconds.status == 0 && rows(seconds.standardOutput).count > 3_600)
        #expect(files["p1.epochs.csv"].map { $0 + files["p2.epochs.csv"]!.drop { $0 != "\n" }.dropFirst() } == seconds.standardOutput)
    }

    @Test("--format json: JSON Lines with the CSV's columns as keys and the same values (empty: null), combined and per participant")
    func jsonLines() throws {
        let arguments = [cohort, "--participant-from", "{participant}/*.csv", "--companion-fixes", "--quiet"] + zone
        for table in ["epochs", "daily"] {
            let csv = try run([table] + arguments)
            let json = try run([table] + arguments + ["--format", "json"])
            #expect(csv.status == 0 && json.status == 0, "\(csv.standardError)\(json.standardError)")
            let csvRows = rows(csv.standardOutput)
            let header = csvRows[0]
            let lines = json.standardOutput.split(separator: "\n")
            #expect(lines.count == csvRows.count - 1 && lines.count > 2)
            for (line, fields) in zip(lines, csvRows.dropFirst()) {
                #expect(line.hasPrefix("{\"\(header[0])\":"))  // the keys in the CSV's column order
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(Set(object.keys) == Set(header), "\(line)")
                for (column, field) in zip(header, fields) {
                    let value = object[column]
                    if field.isEmpty {
                        #expect(value is NSNull, "\(table) \(column): \(String(describing: value)) for an empty field")
                    } else if let number = Double(field) {
                        #expect((value as? NSNumber)?.doubleValue == number, "\(table) \(column): \(String(describing: value)) ≠ \(field)")
                    } else if field == "true" || field == "false" {
                        #expect(line.contains("\"\(column)\":\(field)"), "\(table) \(column): not the JSON \(field)")
                    } else {
                        #expect(value as? String == field, "\(table) \(column): \(String(describing: value)) ≠ \(field)")
                    }
                }
            }
            // With --output-dir: PARTICIPANT.TABLE.jsonl, the participant's lines of the combined output.
            let output = Self.folder + "/json-\(table)"
            let written = try run([table] + arguments + ["--format", "json", "--output-dir", output])
            #expect(written.status == 0, "\(written.standardError)")
            let p1 = try String(contentsOfFile: "\(output)/p1.\(table).jsonl", encoding: .utf8)
            let p2 = try String(contentsOfFile: "\(output)/p2.\(table).jsonl", encoding: .utf8)
            #expect(p1 + p2 == json.standardOutput)
            #expect(p1.split(separator: "\n").allSatisfy { $0.contains("\"participant\":\"p1\"") })
        }
    }

    @Test("--output-dir with --also: a participant with every table complete is skipped, one with any missing is computed again")
    func resumeWithAlso() throws {
        let output = Self.folder + "/resume"
        let arguments = ["daily", cohort, "--participant-from", "{participant}/*.csv", "--companion-fixes",
                         "--output-dir", output, "--also", "epochs", "--also", "segments", "--jobs", "2"] + zone
        let first = try run(arguments)
        #expect(first.status == 0, "\(first.standardError)")
        let complete = try tableFiles(in: output)
        #expect(complete.count == 6)
        // p1 complete (its epochs replaced to see that it is kept), p2 stopped after committing its epochs.
        try "kept\n".write(toFile: output + "/p1.epochs.csv", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: output + "/p2.daily.csv")
        try FileManager.default.removeItem(atPath: output + "/p2.segments.csv")
        let second = try run(arguments)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardError.contains("skipped 1 of 2 participants whose outputs in \(output) are complete"))
        var expected = complete
        expected["p1.epochs.csv"] = "kept\n"
        #expect(try tableFiles(in: output) == expected)
        let third = try run(arguments + ["--overwrite"])
        #expect(third.status == 0 && !third.standardError.contains("skipped"))
        #expect(try tableFiles(in: output) == complete)
    }

    @Test("a run killed (SIGKILL) inside a participant leaves no table of it; run again, it computes only that one")
    func killedRunRestarts() throws {
        let folder = Self.folder + "/killed"
        let fifo = folder + "/cohort/p2/d0.csv"
        try FileManager.default.createDirectory(atPath: folder + "/cohort/p2", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/cohort/p1", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(cohort)/p1/d0.csv", toPath: folder + "/cohort/p1/d0.csv")
        // p2's trace is a FIFO the test writes part of and keeps open: the tool is inside p2 when it is killed.
        #expect(mkfifo(fifo, 0o600) == 0)
        let p2Trace = try String(contentsOfFile: "\(cohort)/p2/d0.csv", encoding: .utf8)
        let output = folder + "/tables"
        let arguments = [folder + "/cohort/p1/d0.csv", fifo, "--participant-from", "{participant}/*.csv",
                         "--output-dir", output, "--also", "daily", "--also", "segments", "--jobs", "1", "--quiet"] + zone
        let process = Process()
        process.executableURL = ToolRunner.executable
        process.arguments = ["epochs"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = open(fifo, O_RDWR)  // does not wait for the reader
        #expect(writer >= 0)
        let part = String(p2Trace.prefix(20_000))
        #expect(part.withCString { write(writer, $0, strlen($0)) } == part.utf8.count)
        // Wait until p1 is complete and p2's tables are open (temporary files beside their targets), then kill.
        let deadline = Date().addingTimeInterval(60)
        func partials() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasPrefix(".p2.") && $0.hasSuffix(".partial") }
        }
        while Date() < deadline, (try? partials().count) != 3 || !FileManager.default.fileExists(atPath: output + "/p1.segments.csv") {
            usleep(20_000)
        }
        #expect(process.isRunning)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        close(writer)
        #expect(process.terminationReason == .uncaughtSignal)
        let killed = try tableFiles(in: output)
        #expect(Set(killed.keys) == ["p1.epochs.csv", "p1.daily.csv", "p1.segments.csv"])
        #expect(try partials().count == 3)  // left by the kill: hidden, never taken for a table

        try FileManager.default.removeItem(atPath: fifo)
        try p2Trace.write(toFile: fifo, atomically: true, encoding: .utf8)
        let again = try run(["epochs"] + arguments)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardError.contains("skipped 1 of 2 participants"))
        let fresh = try run(["epochs"] + arguments.map { $0 == output ? folder + "/fresh" : $0 })
        #expect(fresh.status == 0, "\(fresh.standardError)")
        #expect(try tableFiles(in: output) == tableFiles(in: folder + "/fresh"))
        #expect(try tableFiles(in: output).count == 6)
    }

    @Test("--shard K/N splits participants, never a participant's files; the parts of a run with --also make the whole")
    func shards() throws {
        let arguments = ["epochs", cohort, "--participant-from", "{participant}/*.csv", "--companion-fixes", "--quiet"] + zone
        let whole = Self.folder + "/shards-whole", parts = Self.folder + "/shards-parts"
        #expect(try run(arguments + ["--output-dir", whole, "--also", "daily", "--also", "segments"]).status == 0)
        for (index, participant) in [(1, "p1"), (2, "p2")] {
            let part = try run(arguments + ["--output-dir", parts, "--also", "daily", "--also", "segments", "--shard", "\(index)/2"])
            #expect(part.status == 0, "\(part.standardError)")
            #expect(try tableFiles(in: parts).keys.allSatisfy { $0.hasPrefix("p1.") || index == 2 })
            // Combined: the part's participant only, both of its files (4 files: a file split would mix p1 and p2).
            let combined = try run(["daily", cohort, "--participant-from", "{participant}/*.csv", "--shard", "\(index)/2"] + zone)
            let alone = try run(["daily", "\(cohort)/\(participant)", "--participant", participant] + zone)
            #expect(combined.standardOutput == alone.standardOutput)
            #expect(rows(combined.standardOutput).count == 3)  // header and two days
        }
        #expect(try tableFiles(in: parts) == tableFiles(in: whole))
        #expect(try tableFiles(in: whole).count == 6)
    }

    /// The tables in `folder` (not hidden files), by name.
    private func tableFiles(in folder: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !name.hasPrefix(".") {
            files[name] = try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)
        }
        return files
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

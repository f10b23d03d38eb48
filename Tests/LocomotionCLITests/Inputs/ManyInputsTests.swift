import Foundation
import Testing
import LocomotionIO
@testable import LocomotionCLI
import LocomotionTestSupport

/// Many inputs at once (files, folders, patterns, standard input), run through the built executable: combined
/// output with a `file` column, `--output-dir`, the same bytes for any `--jobs`, and a bad file among good ones.
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built (swift build --build-tests builds it)"))
struct ManyInputsTests {
    /// A folder `traces/` with three short simulated traces of different seeds and lengths.
    private static let folder: String = {
        let folder = try! temporaryDirectory(prefix: "ManyInputs")
        let traces = folder.appendingPathComponent("traces")
        try! FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
        for (name, seed, duration) in [("walk", 3, 100), ("mixed", 4, 80), ("short", 5, 60)] {
            let result = try! ToolRunner.run(["simulate", "--duration", "\(duration)", "--seed", "\(seed)",
                                               "--output", traces.appendingPathComponent("\(name).csv").path])
            precondition(result.status == 0, result.standardError)
        }
        return folder.path
    }()

    private var traces: String { Self.folder + "/traces" }
    /// The traces in the order a folder argument gives them (sorted by path).
    private var sortedTraces: [String] { ["mixed", "short", "walk"].map { "\(traces)/\($0).csv" } }

    /// What one run of the tool left.
    private struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `locomotion arguments…`, with the file `input` on standard input.
    private func run(_ arguments: [String], input: String? = nil) throws -> Run {
        let result = try ToolRunner.run(arguments, input: try input.map { try String(contentsOfFile: $0, encoding: .utf8) })
        return Run(status: result.status, output: result.standardOutput, errors: result.standardError)
    }

    /// Each input's own output with the file column added: what a combined CSV must be.
    private func expectedCombinedCSV(_ command: [String], inputs: [String]) throws -> String {
        var combined = ""
        for (index, input) in inputs.enumerated() {
            let single = try run(command + [input])
            #expect(single.status == 0, "\(single.errors)")
            let lines = single.output.split(separator: "\n")
            if index == 0 { combined += "file," + lines[0] + "\n" }
            for line in lines.dropFirst() { combined += csvField(input) + "," + line + "\n" }
        }
        return combined
    }

    @Test func aFolderGivesOneCombinedTableWithAFileColumnInPathOrder() throws {
        let combined = try run(["label", traces, "--jobs", "2"])
        #expect(combined.status == 0)
        #expect(combined.output.hasPrefix("file,start,end,activity,confidence\n"))
        #expect(combined.output == (try expectedCombinedCSV(["label"], inputs: sortedTraces)))
    }

    @Test func severalFilesKeepTheOrderGivenAndJSONGetsAFileKey() throws {
        let order = ["\(traces)/walk.csv", "\(traces)/mixed.csv"]
        let combined = try run(["label", "--format", "json"] + order)
        #expect(combined.status == 0)
        var expected = ""
        for input in order {
            let single = try run(["label", "--format", "json", input])
            for line in single.output.split(separator: "\n") {
                expected += "{\"file\":\"\(input)\"," + line.dropFirst() + "\n"
            }
        }
        #expect(combined.output == expected)
    }

    @Test func aQuotedPatternIsExpandedByTheTool() throws {
        // No shell here: the pattern reaches the tool as typed, as a quoted one does.
        let pattern = try run(["steps", "\(traces)/*.csv"])
        let folder = try run(["steps", traces])
        #expect(pattern.status == 0)
        #expect(pattern.output == folder.output)
        let lines = pattern.output.split(separator: "\n")
        #expect(lines.first == "file,steps,cadence_spm,bouts,walking_s")
        #expect(lines.dropFirst().map { $0.split(separator: ",")[0] }.map(String.init) == sortedTraces)
        // Each row holds the numbers `steps` prints for that trace alone.
        for (line, input) in zip(lines.dropFirst(), sortedTraces) {
            let single = try run(["steps", input]).output.split(separator: "\n").map { $0.split(separator: "=")[1...].joined() }
            #expect(line.split(separator: ",", omittingEmptySubsequences: false).dropFirst().map(String.init) == single)
        }
    }

    @Test func standardInputAloneReadsLikeAFileAndNotAmongOthers() throws {
        let input = "\(traces)/walk.csv"
        let fromFile = try run(["label", input])
        let fromStandardInput = try run(["label", "-"], input: input)
        #expect(fromStandardInput.status == 0)
        #expect(fromStandardInput.output == fromFile.output)
        let mixed = try run(["label", "-", input])
        #expect(mixed.status == 2)
        #expect(mixed.output.isEmpty)
        #expect(mixed.errors.contains("'-' (standard input) must be the only input"))
    }

    @Test func outputDirectoryWritesEachInputsOwnOutput() throws {
        let directory = Self.folder + "/out-\(UUID().uuidString)/segments"
        let result = try run(["label", traces, "--output-dir", directory, "--jobs", "2"])
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
        let written = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        // Beside each output, the hidden record of its inputs (InputRecord) that a resumed run compares.
        #expect(written == [".mixed.label.csv.inputs", ".short.label.csv.inputs", ".walk.label.csv.inputs",
                            "mixed.label.csv", "short.label.csv", "walk.label.csv"])
        for input in sortedTraces {
            let name = ResultWriter.baseName(of: input)
            let file = try String(contentsOfFile: "\(directory)/\(name).label.csv", encoding: .utf8)
            #expect(file == (try run(["label", input])).output)
        }
    }

    @Test func outputDirectoryRefusesTwoInputsWithOneName() throws {
        let other = Self.folder + "/other-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(traces)/walk.csv", toPath: "\(other)/walk.csv")
        let directory = Self.folder + "/clash-\(UUID().uuidString)"
        let result = try run(["steps", "\(traces)/walk.csv", "\(other)/walk.csv", "--output-dir", directory])
        #expect(result.status == 2)
        #expect(result.errors.contains("would both be written to \(directory)/walk.steps.txt"))
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test func theOutputIsTheSameForOneJobAndTwo() throws {
        let inputs = sortedTraces + sortedTraces.reversed().map { $0.replacingOccurrences(of: "/traces/", with: "/traces/./") }
        for command in [["label"], ["steps", "--format", "json"], ["summarize", "--format", "json", "--time-zone", "UTC"],
                        ["replay"], ["evaluate", "--per-trace"]] {
            let sequential = try run(command + inputs + ["--jobs", "1"])
            let parallel = try run(command + inputs + ["--jobs", "2"])
            #expect(sequential.status == 0, "\(command): \(sequential.errors)")
            #expect(!sequential.output.isEmpty)
            #expect(sequential.output == parallel.output, "\(command)")
            #expect(sequential.errors == parallel.errors, "\(command)")
        }
    }

    @Test func replaySummariesOfSeveralTracesAreOneJSONLineEachWithItsFile() throws {
        let folder = Self.folder + "/summaries-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let inputs = ["\(traces)/walk.csv", "\(traces)/short.csv"]
        let result = try run(["replay"] + inputs + ["--summary", "\(folder)/all.jsonl"])
        #expect(result.status == 0)
        let lines = try String(contentsOfFile: "\(folder)/all.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        for (line, input) in zip(lines, inputs) {
            #expect(line.hasPrefix("{\"file\":\"\(input)\","))
            var combined = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            combined["file"] = nil
            #expect(try run(["replay", input, "--summary", "\(folder)/one.json"]).status == 0)
            let alone = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/one.json")))
            #expect(NSDictionary(dictionary: combined).isEqual(to: alone as! [String: Any]))
        }
    }

    @Test func aBadFileAmongGoodOnesIsReportedAndTheOthersAreStillWritten() throws {
        let folder = Self.folder + "/bad-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(traces)/walk.csv", toPath: "\(folder)/a.csv")
        try Data("timestamp,x,y,z\n0,0,0,1\n0.02,0,0,1\n0.04,zero,0,1\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/b.csv"))
        try FileManager.default.copyItem(atPath: "\(traces)/short.csv", toPath: "\(folder)/c.csv")
        for jobs in ["1", "2"] {
            let result = try run(["label", folder, "--jobs", jobs])
            #expect(result.status == 1)
            #expect(result.errors.contains("\(folder)/b.csv:4:"))
            #expect(result.errors.contains("1 of 3 inputs failed"))
            #expect(result.output == (try expectedCombinedCSV(["label"], inputs: ["\(folder)/a.csv", "\(folder)/c.csv"])))
        }
        // evaluate still reports the total over the traces it could read.
        let evaluation = try run(["evaluate", folder, "--format", "json"])
        #expect(evaluation.status == 1)
        #expect(evaluation.output.contains("\"scope\":\"total\",\"traces\":2,"))
    }
}

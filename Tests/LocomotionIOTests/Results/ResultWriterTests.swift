import Foundation
import Testing
@testable import LocomotionIO
import LocomotionTestSupport

/// How the outputs of several inputs combine: the `file` column and key, with awkward paths.
@Suite struct ResultWriterTests {
    private func combined(_ outputs: [(String, String)], shape: ResultWriter.Shape) throws -> String {
        let path = try temporaryDirectory(prefix: "ResultWriter").path + "/out"
        var plan = OutputPlan(reading: [])
        let writer = try plan.resultWriter(inputs: outputs.map(\.0), output: path, outputDirectory: nil, suffix: "", shape: shape)
        for (input, text) in outputs { try writer.write(text, for: input) }
        try writer.finish()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The writer of a run that reads `inputs`.
    @discardableResult
    private func writer(inputs: [String], output: String?, outputDirectory: String?, suffix: String,
                        shape: ResultWriter.Shape) throws -> ResultWriter {
        var plan = OutputPlan(reading: inputs)
        return try plan.resultWriter(inputs: inputs, output: output, outputDirectory: outputDirectory, suffix: suffix,
                                     shape: shape)
    }

    @Test func csvGetsOneHeaderAndAQuotedFileFieldPerRow() throws {
        let text = try combined([("a,b.csv", "start,end\n1,2\n3,4\n"), ("say \"c\".csv", "start,end\n"), ("d.csv", "start,end\n5,6\n")],
                                shape: .csvTable)
        #expect(text == "file,start,end\n\"a,b.csv\",1,2\n\"a,b.csv\",3,4\nd.csv,5,6\n")
    }

    @Test func jsonLinesGetAnEscapedFileKeyFirst() throws {
        let text = try combined([("a\\b.csv", "{\"x\":1}\n{\"x\":2}\n"), ("q\".csv", "{}\n")], shape: .jsonLines)
        #expect(text == "{\"file\":\"a\\\\b.csv\",\"x\":1}\n{\"file\":\"a\\\\b.csv\",\"x\":2}\n{\"file\":\"q\\\".csv\"}\n")
    }

    @Test func textReportsFollowOneAnotherABlankLineApart() throws {
        #expect(try combined([("a", "A\n"), ("b", "B\n")], shape: .text) == "A\n\nB\n")
    }

    @Test func oneInputIsWrittenAsIs() throws {
        #expect(try combined([("a,b.csv", "start,end\n1,2\n")], shape: .csvTable) == "start,end\n1,2\n")
    }

    @Test func outputDirectoryNamesComeFromTheInputAndMustNotClash() throws {
        #expect(ResultWriter.baseName(of: "data/day.2.csv") == "day.2")
        #expect(ResultWriter.baseName(of: "data/.hidden") == ".hidden")
        #expect(ResultWriter.baseName(of: "-") == "stdin")
        let folder = try temporaryDirectory(prefix: "ResultWriter").path
        #expect(throws: CommandFailure.self) {
            try writer(inputs: ["a/x.csv", "b/x.csv"], output: nil, outputDirectory: folder, suffix: ".label.csv", shape: .csvTable)
        }
        #expect(throws: CommandFailure.self) {
            try writer(inputs: ["\(folder)/x.csv", "\(folder)/x.label.csv"], output: nil, outputDirectory: folder,
                             suffix: ".label.csv", shape: .csvTable)
        }
        // The same file under another spelling.
        try Data("x".utf8).write(to: URL(fileURLWithPath: "\(folder)/y.label.csv"))
        #expect(throws: CommandFailure.self) {
            try writer(inputs: ["\(folder)/y.csv", "\(folder)/./y.label.csv"], output: nil, outputDirectory: folder,
                             suffix: ".label.csv", shape: .csvTable)
        }
        #expect(throws: CommandFailure.self) {
            try writer(inputs: ["\(folder)/y.label.csv", "\(folder)/z.csv"], output: "\(folder)/./y.label.csv",
                             outputDirectory: nil, suffix: "", shape: .csvTable)
        }
        #expect(throws: CommandFailure.self) {
            try writer(inputs: ["x.csv"], output: "o.csv", outputDirectory: folder, suffix: ".label.csv", shape: .csvTable)
        }
    }
}

import Foundation
import Locomotion
import LocomotionDSP
import Testing
@testable import LocomotionIO
import LocomotionTestSupport

/// The JSON Lines trace reader: its messages name the line and the column as the CSV reader's do, it checks the
/// units and the timestamps alike, and `TraceInput` picks it by the name or by the content.
@Suite struct JSONLinesTraceReaderTests {
    private func row(_ time: Double, _ x: Double = 0.01, _ y: Double = -0.98, _ z: Double = 0.02, label: String? = nil) -> String {
        "{\"timestamp\":\(time),\"x\":\(x),\"y\":\(y),\"z\":\(z)" + (label.map { ",\"label\":\($0)" } ?? "") + "}\n"
    }

    private func error(reading text: String, name: String = "t.jsonl", options: TraceReadingOptions = .init()) -> InputError? {
        let path = temporaryFile(text, name: name)
        do throws(InputError) {
            var input = try TraceInput(path: path, options: options)
            while try input.next() != nil {}
            return nil
        } catch {
            return error
        }
    }

    @Test func badValuesAreNamedByLineAndColumn() {
        let good = row(0.02) + row(0.04)
        // `{"timestamp":0.06,"x":` is 22 characters: the value of x starts at column 23.
        let cases: [(row: String, column: Int?, problem: String)] = [
            ("{\"timestamp\":0.06,\"x\":\"abc\",\"y\":-0.98,\"z\":0.02}", 23, "x is a string, \"abc\", not a number"),
            ("{\"timestamp\":0.06,\"x\":abc,\"y\":-0.98,\"z\":0.02}", 23, "x is not a number: 'abc'"),
            ("{\"timestamp\":0.06,\"x\":NaN,\"y\":-0.98,\"z\":0.02}", 23, "x is 'NaN', not a finite number"),
            ("{\"timestamp\":0.06,\"x\":1e999,\"y\":-0.98,\"z\":0.02}", 23, "x is '1e999', not a finite number"),
            ("{\"timestamp\":0.06,\"x\":null,\"y\":-0.98,\"z\":0.02}", 23, "x is null, not a number"),
            ("{\"timestamp\":0.06,\"x\":[1],\"y\":-0.98,\"z\":0.02}", 23, "x is an array, not a number"),
            ("{\"timestamp\":0.06,\"x\":0.01}", 1, "the object lacks the keys y, z"),
            ("{\"timestamp\":0.06,\"x\":0.01,\"x\":0.01,\"y\":-0.98,\"z\":0.02}", 28, "the key \"x\" appears twice"),
            ("{\"timestamp\":0.04,\"x\":0.01,\"y\":-0.98,\"z\":0.02}", 14, "duplicate timestamp 0.04 (the same as the previous row)"),
            ("{\"timestamp\":0.01,\"x\":0.01,\"y\":-0.98,\"z\":0.02}", 14, "timestamp 0.01 is earlier than the previous row's 0.04 (time goes backwards)"),
            ("{\"timestamp\":0.06,\"x\":0.01,\"y\":-0.98,\"z\":0.02} {}", 48, "found '{}' after the end of the object (one object per line)"),
            ("0.06,0.01,-0.98,0.02", 1, "not a JSON object: found '0.06,0.01,-0.98,0.02'"),
            ("{\"timestamp\":0.06 \"x\":0.01}", 19, "expected ',' or '}' after the value of \"timestamp\", found '\"x\":0.01}'"),
        ]
        for (bad, column, problem) in cases {
            let error = error(reading: good + bad + "\n" + row(0.08))
            #expect(error?.line == 3, "\(bad)")
            #expect(error?.column == column, "\(bad)")
            #expect(error?.problem.hasPrefix(problem) == true, "\(bad): \(error?.problem ?? "no error")")
        }
    }

    @Test func aTruncatedLastRowSaysSo() {
        let error = error(reading: row(0.02) + "{\"timestamp\":0.04,\"x\":0.0")
        #expect(error?.line == 2 && error?.column == nil)
        #expect(error?.problem.hasSuffix("(the file ends in the middle of a row)") == true)
    }

    @Test func labelsAreReadWhenTheFirstRowHasThem() throws {
        let labelled = temporaryFile(row(0.02, label: "\"walking\"") + row(0.04, label: "null") + row(0.06) + row(0.08, label: "\"\"")
                                     + row(0.1, label: "\"RUNNING\""), name: "l.jsonl")
        var input = try TraceInput(path: labelled)
        #expect(input.hasLabels)
        var labels: [MotionActivity?] = []
        while let row = try input.next() { labels.append(row.label) }
        #expect(labels == [.walking, nil, nil, nil, .running])

        // Without a label in the first row, later labels are ignored like any other key, even unknown ones.
        let unlabelled = temporaryFile(row(0.02) + row(0.04, label: "\"jogging\"") + row(0.06, label: "\"walking\""), name: "u.jsonl")
        input = try TraceInput(path: unlabelled)
        #expect(!input.hasLabels)
        while let row = try input.next() { #expect(row.label == nil) }

        #expect(error(reading: row(0.02, label: "\"walking\"") + row(0.04, label: "\"jogging\""))?.column == 55)
        #expect(error(reading: row(0.02, label: "\"walking\"") + row(0.04, label: "3"))?.problem == "label is not a string: '3'")
    }

    @Test func unitsAndTimestampsAreCheckedAsInCSV() {
        let inMetres = (0..<50).map { row(Double($0) * 0.02, 0.1, -9.81 + Double($0) * 0.001, 0.2) }.joined()
        let units = error(reading: inMetres)
        #expect(units?.problem.contains("look like m/s²") == true)
        #expect(units?.hint?.options == [.units(.metersPerSecondSquared)])
        #expect(error(reading: inMetres, options: .init(units: .metersPerSecondSquared)) == nil)
        #expect(error(reading: inMetres, options: .init(checkUnits: false)) == nil)

        // Epoch milliseconds are detected and read; a millisecond counter from the start is refused.
        let milliseconds = (0..<50).map { row(1_700_000_000_000 + Double($0) * 20) }.joined()
        #expect(error(reading: milliseconds) == nil)
        let counter = (0..<50).map { row(Double($0) * 20) }.joined()
        #expect(error(reading: counter)?.problem.contains("milliseconds") == true)
    }

    @Test func emptyInputsAreErrors() {
        #expect(error(reading: "")?.problem == "empty file: no samples")
        #expect(error(reading: "\n  \n")?.problem == "empty file: no samples")
        let skipped = error(reading: "{\"timestamp\":1}\n{}\n", options: .init(lenient: true))
        #expect(skipped?.problem.hasPrefix("no samples: all 2 rows were skipped as bad; the first at line 1") == true)
    }

    /// The format comes from the name (`.csv`, `.jsonl`, `.ndjson`), else from the first line that is not blank.
    @Test func theFormatComesFromTheNameOrTheContent() throws {
        let json = "\u{FEFF}\n  \n" + row(0.02) + row(0.04)
        let csv = "\n timestamp,x,y,z\n0.02,0.01,-0.98,0.02\n0.04,0.01,-0.98,0.02\n"
        for (text, name, format) in [(json, "a.txt", TraceFileFormat.jsonLines), (json, "a.NDJSON", .jsonLines),
                                     (csv, "b.txt", .csv), (csv, "b", .csv), (csv, "b.CSV", .csv)] {
            var input = try TraceInput(path: temporaryFile(text, name: name))
            #expect(input.format == format, "\(name)")
            var lines: [Int] = []
            while let row = try input.next() { lines.append(row.line) }
            #expect(lines == [3, 4], "\(name): the line numbers count the blank lines and the byte order mark's line")
        }
        #expect(TraceInput.format(named: "x.jsonl") == .jsonLines && TraceInput.format(named: "x.gz") == nil)
        // A CSV named .jsonl is read as JSON Lines, and says what it found.
        #expect(error(reading: csv, name: "c.jsonl")?.problem.hasPrefix("not a JSON object: found 'timestamp,x,y,z'") == true)
    }
}

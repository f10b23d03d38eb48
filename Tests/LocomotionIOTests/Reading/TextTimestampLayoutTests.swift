import Foundation
import LocomotionDSP
@_spi(Harness) @testable import LocomotionIO
import LocomotionTestSupport
import Testing

/// ISO 8601 text times beyond a headed CSV: in JSON Lines (`"timestamp":"2024-03-01T08:00:00.02Z"`) by the CSV rule
/// (Z, ±HH:MM or none: UTC; a file is text or numbers as its first record; the other kind refused at file:line), and
/// in a headerless CSV, whose first line starting with an ISO time is data, not a header. Synthetic rows: these
/// check the readers' mechanics.
struct TextTimestampLayoutTests {
    private static let count = 1200

    private static func time(_ index: Int) -> Double { TextTimestampTests.time(index) }

    private static func text(_ seconds: Double, zone: String) -> String { TextTimestampTests.text(seconds, zone: zone) }

    private static func acceleration(_ index: Int) -> (Double, Double, Double) {
        (0.3 * sin(Double(index) / 4), 0.05, 1 + 0.1 * cos(Double(index) / 4))
    }

    private static func json(_ index: Int, time: String) -> String {
        let (x, y, z) = acceleration(index)
        return "{\"timestamp\":\(time),\"x\":\(x),\"y\":\(y),\"z\":\(z)}"
    }

    private static func csv(_ index: Int, time: String) -> String {
        let (x, y, z) = acceleration(index)
        return "\(time),\(x),\(y),\(z)"
    }

    private static func write(_ lines: [String], name: String) throws -> String {
        let path = try temporaryDirectory(prefix: "TextTimestampLayouts").path + "/" + name
        try lines.map { $0 + "\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func read(_ path: String, options: TraceReadingOptions = .init()) -> (rows: [TraceRow], error: InputError?) {
        var rows: [TraceRow] = []
        do {
            var input = try TraceInput(path: path, options: options)
            while let row = try input.next() { rows.append(row) }
            return (rows, nil)
        } catch {
            return (rows, error)
        }
    }

    private func expectSame(_ text: [TraceRow], _ numeric: [TraceRow]) {
        #expect(text.count == Self.count && numeric.count == Self.count)
        let worst = zip(text, numeric).map { abs($0.sample.time - $1.sample.time) }.max() ?? .infinity
        #expect(worst < 1e-6, "largest time difference \(worst) s")
        #expect(zip(text, numeric).allSatisfy { $0.sample.acceleration == $1.sample.acceleration && $0.line == $1.line })
    }

    @Test("JSON Lines: ISO strings with Z, an offset or none read as the numeric file's seconds", arguments: ["Z", "+02:00", ""])
    func jsonLinesSameAsNumbers(zone: String) throws {
        let numeric = read(try Self.write((0..<Self.count).map { Self.json($0, time: "\(Self.time($0))") }, name: "n.jsonl"))
        let text = read(try Self.write((0..<Self.count).map { Self.json($0, time: "\"\(Self.text(Self.time($0), zone: zone))\"") },
                                       name: "t.jsonl"))
        #expect(numeric.error == nil && text.error == nil, "\(String(describing: text.error))")
        expectSame(text.rows, numeric.rows)
    }

    @Test("JSON Lines: a string time in a numeric file, or a number in a text file, refused at file:line:column; lenient skips it",
          arguments: [false, true])
    func jsonLinesMixedRefused(textFirst: Bool) throws {
        let odd = 900   // past the 500 rows read ahead for the checks
        let lines = (0..<Self.count).map { index in
            (index == odd) != textFirst ? Self.json(index, time: "\"\(Self.text(Self.time(index), zone: "Z"))\"")
                : Self.json(index, time: "\(Self.time(index))")
        }
        let path = try Self.write(lines, name: "mixed.jsonl")
        let result = read(path)
        #expect(result.rows.count == odd, "the rows before it are read")
        #expect(result.error?.file == path && result.error?.line == odd + 1 && result.error?.column == 14, "\(String(describing: result.error))")
        #expect(result.error?.problem.contains(textFirst ? "timestamp is a number, but this file's timestamps are ISO 8601 text"
                                                         : "timestamp is ISO 8601 text, but this file's timestamps are numbers") == true,
                "\(String(describing: result.error))")
        let lenient = read(path, options: TraceReadingOptions(lenient: true))
        #expect(lenient.error == nil && lenient.rows.count == Self.count - 1)
    }

    @Test("JSON Lines: a string that is no ISO time is refused naming it; a time unit other than s is refused for text")
    func jsonLinesBadText() throws {
        let bad = try Self.write([Self.json(0, time: "\"yesterday\"")], name: "bad.jsonl")
        let result = read(bad)
        #expect(result.error?.line == 1 && result.error?.column == 14, "\(String(describing: result.error))")
        #expect(result.error?.problem.contains("timestamp is a string, \"yesterday\", neither a number nor an ISO 8601 time") == true,
                "\(String(describing: result.error))")
        let text = try Self.write((0..<10).map { Self.json($0, time: "\"\(Self.text(Self.time($0), zone: "Z"))\"") }, name: "ms.jsonl")
        var options = TraceReadingOptions()
        options.timestampUnit = .milliseconds
        let refused = read(text, options: options)
        #expect(refused.error?.problem.contains("ISO 8601 text, which has no unit") == true, "\(String(describing: refused.error))")
    }

    @Test("a headerless CSV whose first line starts with an ISO time is data (its first row is read), as one starting with a number",
          arguments: ["Z", "+02:00", ""])
    func headerlessText(zone: String) throws {
        let numeric = read(try Self.write((0..<Self.count).map { Self.csv($0, time: "\(Self.time($0))") }, name: "n.csv"))
        let text = read(try Self.write((0..<Self.count).map { Self.csv($0, time: Self.text(Self.time($0), zone: zone)) }, name: "t.csv"))
        #expect(numeric.error == nil && text.error == nil, "\(String(describing: text.error))")
        #expect(text.rows.first?.line == 1)
        expectSame(text.rows, numeric.rows)
    }

    @Test("a headerless first line with an ISO time and a bad value is a bad row at line 1, not a header lacking columns")
    func headerlessTextBadRow() throws {
        let path = try Self.write(["2024-03-01T08:00:00Z,0.1,abc,1"] + (1..<10).map { Self.csv($0, time: Self.text(Self.time($0), zone: "Z")) },
                                  name: "bad.csv")
        let result = read(path)
        #expect(result.error?.line == 1 && result.error?.column == 3, "\(String(describing: result.error))")
        #expect(result.error?.problem.contains("header") == false, "\(String(describing: result.error))")
        // A header is still a header: names are neither numbers nor ISO times.
        let headed = read(try Self.write(["time,x,y,z", Self.csv(0, time: "1709280000")], name: "headed.csv"))
        #expect(headed.error?.problem.contains("header lacks the column timestamp") == true, "\(String(describing: headed.error))")
    }
}

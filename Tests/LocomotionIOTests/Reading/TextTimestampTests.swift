import Foundation
import LocomotionDSP
@_spi(Harness) @testable import LocomotionIO
import LocomotionTestSupport
import Testing

/// ISO 8601 text in a trace's time column (`2018-04-27T07:06:45.422`, with `Z`, an offset or none: UTC): read as the
/// same seconds as the numeric file, by the first batch and by the chunked parser on other threads; a file is text or
/// numbers as its first data row, and a row of the other kind is refused naming file:line, in whichever chunk it is.
/// Synthetic rows: these check the reader's mechanics.
struct TextTimestampTests {
    private static let count = 6000

    /// Sample `index`'s time: 50 Hz from 2024-03-01T08:00:00Z.
    static func time(_ index: Int) -> Double { 1_709_280_000 + Double(index) / 50 }

    /// `seconds` as ISO text with `zone`: "Z", "+02:00" (the local time 2 h ahead) or "" (none: UTC).
    static func text(_ seconds: Double, zone: String) -> String {
        let shift = zone == "+02:00" ? 7200.0 : 0
        return String(UTCTimestamp.format(seconds + shift)!.dropLast()) + zone
    }

    private static func write(_ lines: [String]) throws -> String {
        let path = try temporaryDirectory(prefix: "TextTimestamps").path + "/trace.csv"
        try ("timestamp,x,y,z\n" + lines.map { $0 + "\n" }.joined()).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private static func values(_ index: Int) -> String { "\(0.3 * sin(Double(index) / 4)),0.05,\(1 + 0.1 * cos(Double(index) / 4))" }

    private func read(_ path: String) -> (rows: [TraceRow], error: InputError?) {
        var rows: [TraceRow] = []
        do {
            var reader = try ReadAheadTraceReader(path: path, options: .init(), parsingThreads: 2, chunkBytes: 4096, bufferSize: 4096)
            while let row = try reader.next() { rows.append(row) }
            return (rows, nil)
        } catch {
            return (rows, error)
        }
    }

    @Test("text times with Z, an offset or none read as the numeric file's seconds, in every chunk", arguments: ["Z", "+02:00", ""])
    func sameAsNumbers(zone: String) throws {
        let numeric = read(try Self.write((0..<Self.count).map { "\(Self.time($0)),\(Self.values($0))" }))
        let text = read(try Self.write((0..<Self.count).map { "\(Self.text(Self.time($0), zone: zone)),\(Self.values($0))" }))
        #expect(numeric.error == nil && text.error == nil, "\(String(describing: text.error))")
        #expect(text.rows.count == Self.count && numeric.rows.count == Self.count)
        let worst = zip(text.rows, numeric.rows).map { abs($0.sample.time - $1.sample.time) }.max() ?? .infinity
        #expect(worst < 1e-6, "largest time difference \(worst) s")
        #expect(zip(text.rows, numeric.rows).allSatisfy { $0.sample.acceleration == $1.sample.acceleration && $0.line == $1.line })
    }

    @Test("a text time deep in a numeric file, and a number deep in a text file, are refused naming file:line:1",
          arguments: [false, true])
    func mixedRefused(textFirst: Bool) throws {
        let odd = 4321   // far past the first batch: parsed by a chunk on another thread
        let lines = (0..<Self.count).map { index in
            (index == odd) != textFirst ? "\(Self.text(Self.time(index), zone: "Z")),\(Self.values(index))" : "\(Self.time(index)),\(Self.values(index))"
        }
        let path = try Self.write(lines)
        let result = read(path)
        #expect(result.rows.count == odd, "the rows before it are read")
        #expect(result.error?.file == path && result.error?.line == odd + 2 && result.error?.column == 1, "\(String(describing: result.error))")
        #expect(result.error?.problem.contains(textFirst ? "is a number, but this file's time column is ISO 8601 text"
                                                         : "is ISO 8601 text, but this file's time column is numeric") == true,
                "\(String(describing: result.error))")
    }
}

import Foundation
import Locomotion
import LocomotionDSP
import PropertyBased
import Testing
@testable import LocomotionIO
import LocomotionTestSupport

/// Properties of the JSON Lines trace reader and writer over random traces: the writer's output reads back bit for
/// bit, reads as the same rows as the CSV of the same trace, and bad rows are found at their line and column.
@Suite struct JSONLinesTraceReaderProperties {
    /// Every row of `path` through `TraceInput` (its format by name or content), or the error.
    static func rows(of path: String, options: TraceReadingOptions = .init(checkUnits: false)) throws -> (rows: [TraceRow], hasLabels: Bool, format: TraceFileFormat) {
        var input = try TraceInput(path: path, options: options)
        var rows: [TraceRow] = []
        while let row = try input.next() { rows.append(row) }
        return (rows, input.hasLabels, input.format)
    }

    /// Writer → reader is the identity, bit for bit, for any finite samples in increasing time, with or without
    /// labels (a labelled trace may leave some rows unlabelled: `null`).
    @Test func writerReaderRoundTrip() async throws {
        await propertyCheck(count: 25, input: Gen.uint64(), Gen.int(in: 1...400), Gen.bool()) { seed, count, labelled in
            var random = SplitMix64(seed: seed)
            let samples = randomSamples(count: count, &random)
            let labels: [MotionActivity?]? = labelled ? samples.indices.map { _ in
                let pick = Int(random.next() % UInt64(MotionActivity.allCases.count + 1))
                return pick < MotionActivity.allCases.count ? MotionActivity.allCases[pick] : nil
            } : nil
            let path = temporaryPath("round.jsonl")
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                var writer = try TraceWriter(path: path, format: .jsonLines, includesLabels: labelled)
                for (index, sample) in samples.enumerated() { try writer.write(sample, label: labels?[index] ?? nil) }
                try writer.finish()
                let read = try Self.rows(of: path)
                #expect(read.format == .jsonLines && read.hasLabels == labelled)
                #expect(read.rows.count == samples.count)
                #expect(zip(read.rows, samples).allSatisfy { bitwiseEqual($0.sample, $1) })
                #expect(read.rows.map(\.label) == (labels ?? samples.map { _ in nil }))
                #expect(read.rows.map(\.line) == Array(1...samples.count))
            } catch {
                Issue.record("round trip failed: \(error)")
            }
        }
    }

    /// The same trace written as CSV and as JSON Lines reads as the same rows, line for line (the CSV's one line
    /// later: its header).
    @Test func jsonLinesAndCSVReadAlike() async throws {
        await propertyCheck(count: 20, input: Gen.uint64(), Gen.int(in: 1...300)) { seed, count in
            var random = SplitMix64(seed: seed)
            let samples = randomSamples(count: count, &random)
            let labels = samples.indices.map { _ in MotionActivity.allCases[Int(random.next() % 6)] }
            let csv = temporaryPath("same.csv"), json = temporaryPath("same.ndjson")
            defer {
                try? FileManager.default.removeItem(atPath: csv)
                try? FileManager.default.removeItem(atPath: json)
            }
            do {
                try TraceWriter.write(Trace(file: csv, samples: samples, labels: labels), to: csv)
                try TraceWriter.write(Trace(file: json, samples: samples, labels: labels), to: json, format: .jsonLines)
                let fromCSV = try Self.rows(of: csv), fromJSON = try Self.rows(of: json)
                #expect(fromCSV.format == .csv && fromJSON.format == .jsonLines)
                #expect(fromJSON.rows.map(\.sample) == fromCSV.rows.map(\.sample))
                #expect(fromJSON.rows.map(\.label) == fromCSV.rows.map(\.label))
                #expect(fromJSON.rows.map { $0.line + 1 } == fromCSV.rows.map(\.line))
            } catch {
                Issue.record("reading failed: \(error)")
            }
        }
    }

    /// A good trace with random bad rows mixed in: lenient reading returns exactly the good rows and one warning per
    /// bad row, at its line and column; strict reading stops at the first bad row's line and column.
    @Test func lenientSkipsExactlyTheBadRows() async throws {
        await propertyCheck(count: 30, input: Gen.uint64(), Gen.int(in: 1...300)) { seed, count in
            var random = SplitMix64(seed: seed)
            let file = CorruptedJSONLinesTrace(goodRows: count, &random)
            let path = temporaryFile(file.text, name: "corrupted.jsonl")
            defer { try? FileManager.default.removeItem(atPath: path) }
            expectBadLinesRead(at: path, goodSamples: file.goodSamples, badLines: file.badLines,
                               labels: file.goodSamples.map { _ in .walking })
        }
    }

    /// Random bytes shaped like JSON (braces, quotes, keys, numbers, garbage) never crash or hang the reader: it
    /// gives rows in strictly increasing time, or an `InputError` naming the file; lenient reading skips what is bad.
    @Test func garbageIsAnErrorNeverACrash() async throws {
        let pieces = ["{", "}", "\"", ":", ",", " ", "\"timestamp\"", "\"x\"", "\"y\"", "\"z\"", "\"label\"", "\"walking\"",
                      "1", "-0.98", "1e400", "NaN", "null", "[", "]", "\\", "é", "\u{0}", "\r", "true", "\"w\":{\"a\":[1,\"}\"]}"]
        await propertyCheck(count: 60, input: Gen.uint64(), Gen.int(in: 1...80), Gen.bool()) { seed, lines, lenient in
            var random = SplitMix64(seed: seed)
            var text = ""
            var time = 1.0
            for _ in 0..<lines {
                if random.next() % 3 == 0 {
                    text += "{\"timestamp\":\(time),\"x\":0.01,\"y\":-0.98,\"z\":0.02}"
                    time += 0.02
                } else {
                    for _ in 0..<Int(random.next() % 12) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
                }
                text += random.next() % 4 == 0 ? "\r\n" : "\n"
            }
            let path = temporaryFile(text, name: "garbage.jsonl")
            defer { try? FileManager.default.removeItem(atPath: path) }
            do throws(InputError) {
                let trace = try Trace.read(path: path, options: .init(lenient: lenient, checkUnits: false))
                #expect(zip(trace.samples, trace.samples.dropFirst()).allSatisfy { $0.time < $1.time })
                #expect(trace.samples.allSatisfy { $0.time.isFinite && $0.acceleration.isFinite })
            } catch {
                #expect(error.file == path)
                #expect(error.line.map { $0 >= 1 && $0 <= lines } ?? true)
            }
        }
    }
}

/// A JSON Lines trace of good rows near 1 g with bad rows, blank lines and CRLF endings mixed in at random, and
/// what a correct reader makes of it (the column of a bad value: the character position where it starts).
struct CorruptedJSONLinesTrace {
    var text = ""
    var goodSamples: [AccelerometerSample] = []
    /// The bad rows' 1-based line numbers and the column a reader should name (nil: the whole row).
    var badLines: [(line: Int, column: Int?)] = []

    init(goodRows: Int, _ random: inout SplitMix64) {
        var line = 0
        var time = 100.0
        var lastAccepted: Double?
        func append(_ row: String) {
            line += 1
            text += row + (random.next() % 5 == 0 ? "\r\n" : "\n")
        }
        for _ in 0..<goodRows {
            while random.next() % 6 == 0 {
                guard let bad = Self.badRow(time: time, lastAccepted: lastAccepted, &random) else { continue }
                append(bad.row)
                badLines.append((line, bad.column))
            }
            if random.next() % 20 == 0 { append(random.next() % 2 == 0 ? "" : "  ") }
            let x = Double(Int(random.next() % 2001) - 1000) / 10000
            let z = Double(Int(random.next() % 2001) - 1000) / 10000
            // Keys in any order, spaces and unknown keys allowed.
            switch random.next() % 3 {
            case 0: append("{\"timestamp\":\(time),\"x\":\(x),\"y\":-0.98,\"z\":\(z),\"label\":\"walking\"}")
            case 1: append("{ \"label\" : \"Walking\", \"z\" : \(z), \"y\" : -0.98, \"x\" : \(x), \"timestamp\" : \(time) }")
            default: append("{\"device\":{\"name\":\"a,b}\",\"n\":[1,2]},\"timestamp\":\(time),\"x\":\(x),\"y\":-0.98,\"z\":\(z),\"label\":\"walking\"}")
            }
            goodSamples.append(AccelerometerSample(time: time, x: x, y: -0.98, z: z))
            lastAccepted = time
            time += 0.02
        }
    }

    /// One bad row and the column at fault, or nil when this kind cannot be made yet.
    static func badRow(time: Double, lastAccepted: Double?, _ random: inout SplitMix64) -> (row: String, column: Int?)? {
        func row(_ timestamp: String, _ x: String = "0.01", _ y: String = "-0.98", label: String = "\"walking\"") -> String {
            "{\"timestamp\":\(timestamp),\"x\":\(x),\"y\":\(y),\"z\":0.01,\"label\":\(label)}"
        }
        /// The column where `value` starts in `text` (ASCII).
        func column(of value: String, in text: String, after key: String) -> Int {
            text.distance(from: text.startIndex, to: text.range(of: key + value)!.lowerBound) + key.count + 1
        }
        switch random.next() % 10 {
        case 0:
            let text = row("\(time)", "\"abc\"")
            return (text, column(of: "\"abc\"", in: text, after: "\"x\":"))
        case 1:
            let text = row("\(time)", "0.01", "NaN")
            return (text, column(of: "NaN", in: text, after: "\"y\":"))
        case 2:
            let text = row("\(time)", "Infinity")
            return (text, column(of: "Infinity", in: text, after: "\"x\":"))
        case 3: return ("{\"timestamp\":\(time),\"x\":0.01,\"y\":-0.98}", 1)  // lacks z
        case 4:
            let text = row("\(time)", label: "\"jogging\"")
            return (text, column(of: "\"jogging\"", in: text, after: "\"label\":"))
        case 5:
            let text = row("\(time)", "null")
            return (text, column(of: "null", in: text, after: "\"x\":"))
        case 6: return ("\(time),0.01,-0.98,0.01,walking", 1)  // a CSV row
        case 7: return ("{\"timestamp\":\(time),\"x\":0.01,\"y\":-0.98,\"z\":", nil)  // cut short
        case 8:
            guard let lastAccepted else { return nil }
            return (row("\(lastAccepted)"), 14)  // duplicate time
        default:
            guard let lastAccepted else { return nil }
            return (row("\(lastAccepted - 5)"), 14)  // backwards
        }
    }
}

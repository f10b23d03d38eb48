import Foundation
import Locomotion
import LocomotionDSP
import PropertyBased
import Testing
@_spi(Harness) @testable import LocomotionIO
import LocomotionTestSupport

/// Everything a reader returns for a file: rows, then either the end or an error, and the warnings.
private struct Reading: Equatable {
    var rows: [TraceRow] = []
    var error: InputError?
    var warnings: [InputWarning] = []
    var skippedRowCount = 0

    /// Bit-level equality of the samples, not only `==` (which equates 0 and -0).
    func sameBits(as other: Reading) -> Bool {
        self == other && zip(rows, other.rows).allSatisfy { bitwiseEqual($0.sample, $1.sample) }
    }
}

/// Reads `path` row by row with a read buffer of `bufferSize` bytes, with or without the fast path.
private func read(_ path: String, options: TraceReadingOptions, bufferSize: Int, fastPath: Bool = true) -> Reading {
    var reading = Reading()
    do {
        var reader = try TraceReader(path: path, options: options, bufferSize: bufferSize, fastPath: fastPath)
        do {
            while let row = try reader.next() { reading.rows.append(row) }
        } catch {
            reading.error = error
        }
        reading.warnings = reader.warnings
        reading.skippedRowCount = reader.skippedRowCount
    } catch {
        reading.error = error
    }
    return reading
}

/// Reads `path` in batches of `batch` rows through `next(into:maximumCount:)`.
private func readInBatches(_ path: String, options: TraceReadingOptions, batch: Int) -> Reading {
    var reading = Reading()
    do {
        var reader = try TraceReader(path: path, options: options)
        var rows: [TraceRow] = []
        do {
            while try reader.next(into: &rows, maximumCount: batch) {
                #expect(rows.count <= batch)
                reading.rows += rows
            }
        } catch {
            reading.error = error
        }
        reading.warnings = reader.warnings
        reading.skippedRowCount = reader.skippedRowCount
    } catch {
        reading.error = error
    }
    return reading
}

/// The fast path must not change what the reader returns. Each file is read with the general parser
/// alone (the reference), and with the fast path through read buffers of several sizes — tiny ones
/// move lines across buffer boundaries, into the general parser at different places — and in batches.
@Suite struct TraceRowScannerTests {
    private static let bufferSizes = [64, 67, 100, 256, 1 << 20]

    @Test func corruptedTracesReadTheSameWithAnyBuffer() async {
        await propertyCheck(count: 25, input: Gen.uint64(), Gen.int(in: 1...1500)) { seed, count in
            var random = SplitMix64(seed: seed)
            let file = CorruptedTrace(goodRows: count, &random)
            let path = temporaryFile(file.text)
            defer { try? FileManager.default.removeItem(atPath: path) }
            for options in [TraceReadingOptions(), TraceReadingOptions(lenient: true)] {
                let reference = read(path, options: options, bufferSize: 1 << 20, fastPath: false)
                if options.lenient {
                    #expect(reference.rows.map(\.sample) == file.goodSamples)
                    #expect(reference.warnings.map(\.line) == file.badLines.map(\.line))
                }
                for size in Self.bufferSizes {
                    #expect(read(path, options: options, bufferSize: size).sameBits(as: reference), "buffer \(size)")
                }
                for batch in [1, 7, 1000, 5000] {
                    #expect(readInBatches(path, options: options, batch: batch).sameBits(as: reference), "batch \(batch)")
                }
            }
        }
    }

    @Test func writtenTracesReadBackBitForBitWithAnyBuffer() async {
        await propertyCheck(count: 20, input: Gen.uint64(), Gen.int(in: 1...3000), Gen.bool()) { seed, count, labelled in
            var random = SplitMix64(seed: seed)
            let samples = randomSamples(count: count, &random)
            let labels = labelled ? samples.indices.map { _ in
                MotionActivity.allCases[Int(random.next() % UInt64(MotionActivity.allCases.count))]
            } : nil
            let path = temporaryPath("written.csv")
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                try TraceWriter.write(Trace(file: path, samples: samples, labels: labels), to: path)
            } catch {
                Issue.record("writing failed: \(error)")
                return
            }
            let options = TraceReadingOptions(checkUnits: false)
            let reference = read(path, options: options, bufferSize: 1 << 20, fastPath: false)
            for size in Self.bufferSizes {
                let reading = read(path, options: options, bufferSize: size)
                #expect(reading.sameBits(as: reference))
                #expect(reading.error == nil)
                #expect(reading.rows.count == samples.count)
                #expect(zip(reading.rows.map(\.sample), samples).allSatisfy(bitwiseEqual), "buffer \(size)")
                #expect(reading.rows.map { $0.label ?? .unknown } == (labels ?? reading.rows.map { _ in .unknown }))
                #expect(reading.rows.map(\.line) == Array(2..<2 + samples.count))
            }
        }
    }

    /// Lines the fast path leaves to the general parser, among lines it takes: the values and labels
    /// are those of the general parser, and the rows stay in order with their line numbers.
    @Test func unusualLinesAmongUsualOnes() throws {
        let lines = [
            "0.00,0.01,-0.98,0.03,walking",
            "0.02,+0.01,-0.98,0.03,Walking",          // plus sign, capitalised label
            "0.04, 0.01 ,-0.98,0.03,walking",         // blanks around a value
            "0.06,\"0.01\",-0.98,0.03,\"walking\"",   // quotes
            "0.08,1e-2,-9.8E-1,3e-2,",                // exponents, empty label
            "0.10,0.0100000000000000000001,-0.98,0.03,running",  // 22 digits: strtod
            "0.12,0.01,-0.98,0.03,cycling,extra,fields",
            "",
            "0.14,0.01,-0.98,0.03,automotive\r",
            "0.16,0.01,-0.98,0.03,stationary",
        ]
        let path = temporaryFile("timestamp,x,y,z,label\n" + lines.joined(separator: "\n") + "\n")
        let reference = read(path, options: .init(), bufferSize: 1 << 20, fastPath: false)
        for size in Self.bufferSizes {
            let reading = read(path, options: .init(), bufferSize: size)
            #expect(reading.sameBits(as: reference))
            #expect(reading.error == nil)
            #expect(reading.rows.map(\.sample.time) == [0, 0.02, 0.04, 0.06, 0.08, 0.10, 0.12, 0.14, 0.16])
            #expect(reading.rows.map(\.sample.acceleration.x).allSatisfy { $0 == 0.01 || $0 == Double("0.0100000000000000000001") })
            #expect(reading.rows.map(\.sample.acceleration.y).allSatisfy { $0 == -0.98 })
            #expect(reading.rows.map(\.label) == [.walking, .walking, .walking, .walking, nil, .running, .cycling,
                                                  .automotive, .stationary])
            #expect(reading.rows.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 10, 11])
        }
    }

    /// A strict error after a full batch of good rows: every row before it is returned, then the error
    /// with its line, whichever way the rows are taken.
    @Test func errorAfterManyRows() throws {
        var text = "timestamp,x,y,z\n"
        for index in 0..<2500 { text += "\(Double(index) * 0.02),0.01,-0.98,0.03\n" }
        text += "50.0,0.01,oops,0.03\n" + "50.02,0.01,-0.98,0.03\n"
        let path = temporaryFile(text)
        let reference = read(path, options: .init(), bufferSize: 1 << 20)
        #expect(reference.rows.count == 2500)
        #expect(reference.error?.line == 2502)
        #expect(reference.error?.column == 3)
        for batch in [1, 1000, 4096] {
            #expect(readInBatches(path, options: .init(), batch: batch) == reference, "batch \(batch)")
        }
        #expect(read(path, options: .init(), bufferSize: 64) == reference)
    }

    /// Time must increase: a duplicate or backwards row inside a run of usual rows is refused at its line.
    @Test func backwardsTimeInsideARun() {
        let text = "timestamp,x,y,z\n0,0.01,-0.98,0.03\n0.02,0.01,-0.98,0.03\n0.01,0.01,-0.98,0.03\n"
        let path = temporaryFile(text)
        let strict = read(path, options: .init(), bufferSize: 1 << 20)
        #expect(strict.rows.count == 2)
        #expect(strict.error?.line == 4)
        #expect(strict.error?.problem.contains("backwards") == true)
        let lenient = read(path, options: .init(lenient: true), bufferSize: 1 << 20)
        #expect(lenient.rows.count == 2)
        #expect(lenient.warnings.map(\.line) == [4])
    }
}

/// The row-at-once path (`ByteMasks`, one division per number) against the general parser, on rows made to
/// sit on its edges: numbers of 0–20 digits on either side of the point, signs, leading zeros, mantissas
/// around 2⁵³, a point with no digit on one side, rows of 60–70 bytes (around its 63-byte limit), labels
/// that are almost names, CRLF, extra fields. Every value must be bit for bit the general parser's.
@Suite struct TraceRowScannerShortRowTests {
    private static func digits(_ count: Int, _ random: inout SplitMix64) -> String {
        String((0..<count).map { _ in Character(String(random.next() % 10)) })
    }

    private static func number(_ random: inout SplitMix64) -> String {
        let sign = random.next() % 3 == 0 ? "-" : ""
        switch random.next() % 10 {
        case 0: return sign + digits(Int(random.next() % 21), &random)                       // integer, maybe empty
        case 1: return sign + "." + digits(Int(random.next() % 4), &random)                   // no integer digit
        case 2: return sign + digits(1 + Int(random.next() % 3), &random) + "."               // no fraction digit
        case 3: return sign + "9007199254740" + digits(3, &random) + (random.next() % 2 == 0 ? "" : ".0")  // ≈ 2⁵³
        case 4: return sign + "000" + digits(1, &random) + "." + digits(Int(random.next() % 18), &random)
        case 5: return sign + digits(Int(random.next() % 20), &random) + "." + digits(Int(random.next() % 20), &random)
        default: return sign + digits(1, &random) + "." + digits(1 + Int(random.next() % 6), &random)
        }
    }

    private static func label(_ random: inout SplitMix64) -> String {
        ["walking", "stationary", "automotive", "unknown", "", "Walking", "walkinG", "walk", "walkingx",
         "stationarx", "automotive ", "cycling", "running"][Int(random.next() % 13)]
    }

    @Test func shortRowsReadAsTheGeneralParserReadsThem() async {
        await propertyCheck(count: 60, input: Gen.uint64(), Gen.bool()) { seed, labelled in
            var random = SplitMix64(seed: seed)
            var text = labelled ? "timestamp,x,y,z,label\n" : "timestamp,x,y,z\n"
            var time = 1_699_920_000.0
            for _ in 0..<3000 {
                time += Double(random.next() % 1000) / 1e5
                // Timestamps in the usual shape, sometimes as a random number (often backwards or bad).
                let stamp = random.next() % 8 == 0 ? Self.number(&random) : String(format: "%.6f", time)
                var row = "\(stamp),\(Self.number(&random)),\(Self.number(&random)),\(Self.number(&random))"
                if labelled { row += "," + Self.label(&random) }
                if random.next() % 10 == 0 { row += "," + Self.digits(Int(random.next() % 30), &random) }
                text += row + (random.next() % 4 == 0 ? "\r\n" : "\n")
            }
            let path = temporaryFile(text)
            defer { try? FileManager.default.removeItem(atPath: path) }
            for options in [TraceReadingOptions(checkUnits: false), TraceReadingOptions(lenient: true, checkUnits: false)] {
                let reference = read(path, options: options, bufferSize: 1 << 20, fastPath: false)
                #expect(read(path, options: options, bufferSize: 1 << 20).sameBits(as: reference))
                #expect(read(path, options: options, bufferSize: 100).sameBits(as: reference))
            }
        }
    }

    /// Rows of 60–70 bytes: the row-at-once path takes those of at most 63 bytes with their line feed, the
    /// number-at-a-time path the longer ones, with the same values.
    @Test func rowsAroundTheSixtyFourByteLimit() {
        var text = "timestamp,x,y,z,label\n"
        var lines: [Int] = []
        for index in 0..<200 {
            let padding = String(repeating: "1", count: index % 16)
            let row = "\(1000 + index).5,0.\(padding)5,-0.98123456789,0.0312345678,stationary"
            lines.append(row.utf8.count + 1)
            text += row + "\n"
        }
        #expect(lines.contains(63) && lines.contains(64) && lines.contains(65))
        let path = temporaryFile(text)
        let reference = read(path, options: .init(checkUnits: false), bufferSize: 1 << 20, fastPath: false)
        #expect(reference.rows.count == 200)
        #expect(read(path, options: .init(checkUnits: false), bufferSize: 1 << 20).sameBits(as: reference))
    }
}

import Foundation
import Locomotion
import LocomotionDSP
import PropertyBased
import Testing
@testable import LocomotionIO
import LocomotionTestSupport

/// Properties of the trace CSV reader and writer over random traces.
@Suite struct TraceReaderProperties {
    /// Writer → reader is the identity, bit for bit, for any finite samples in
    /// increasing time, with or without labels.
    @Test func writerReaderRoundTrip() async throws {
        await propertyCheck(count: 25, input: Gen.uint64(), Gen.int(in: 1...400), Gen.bool()) {
            seed, count, labelled in
            var random = SplitMix64(seed: seed)
            let samples = randomSamples(count: count, &random)
            let labels = labelled ? samples.indices.map { _ in
                MotionActivity.allCases[Int(random.next() % UInt64(MotionActivity.allCases.count))]
            } : nil
            let path = temporaryPath("round.csv")
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                try TraceWriter.write(Trace(file: path, samples: samples, labels: labels), to: path)
                let read = try Trace.read(path: path, options: .init(checkUnits: false))
                #expect(read.samples.count == samples.count)
                #expect(zip(read.samples, samples).allSatisfy(bitwiseEqual))
                #expect(read.labels == labels)
            } catch {
                Issue.record("round trip failed: \(error)")
            }
        }
    }

    /// A good trace with random bad rows mixed in: lenient reading returns
    /// exactly the good rows and one warning per bad row, at its line; strict
    /// reading stops at the first bad row's line and column.
    @Test func lenientSkipsExactlyTheBadRows() async throws {
        await propertyCheck(count: 30, input: Gen.uint64(), Gen.int(in: 1...300)) { seed, count in
            var random = SplitMix64(seed: seed)
            let file = CorruptedTrace(goodRows: count, &random)
            let path = temporaryFile(file.text)
            defer { try? FileManager.default.removeItem(atPath: path) }
            expectBadLinesRead(at: path, goodSamples: file.goodSamples, badLines: file.badLines)
        }
    }

    /// Splitting a trace into two files (each with its header) and reading them
    /// in sequence gives the samples of the whole.
    @Test func splitFilesReadInSequenceEqualWhole() async throws {
        await propertyCheck(count: 20, input: Gen.uint64(), Gen.int(in: 2...400)) { seed, count in
            var random = SplitMix64(seed: seed)
            let samples = randomSamples(count: count, &random)
            let split = 1 + Int(random.next() % UInt64(count - 1))
            let whole = temporaryPath("whole.csv")
            let first = temporaryPath("first.csv")
            let second = temporaryPath("second.csv")
            do {
                try TraceWriter.write(Trace(file: whole, samples: samples), to: whole)
                try TraceWriter.write(Trace(file: first, samples: Array(samples[..<split])), to: first)
                try TraceWriter.write(Trace(file: second, samples: Array(samples[split...])), to: second)
                let options = TraceReadingOptions(checkUnits: false)
                let parts = try Trace.read(path: first, options: options).samples
                    + Trace.read(path: second, options: options).samples
                #expect(parts == (try Trace.read(path: whole, options: options)).samples)
            } catch {
                Issue.record("split reading failed: \(error)")
            }
        }
    }
}

/// Finite samples in increasing time with awkward doubles mixed in.
func randomSamples(count: Int, _ random: inout SplitMix64) -> [AccelerometerSample] {
    var time = Double(random.next() % 2_000_000_000) / 1000
    var samples: [AccelerometerSample] = []
    for _ in 0..<count {
        func value() -> Double {
            let bits = random.next()
            switch bits % 8 {
            case 0: return Double(bitPattern: bits >> 2 | 0x3000_0000_0000_0000)  // arbitrary mantissa
            case 1: return -0.0
            case 2: return Double(Int64(bitPattern: bits) >> 40)
            default: return (Double(bits >> 11) / Double(1 << 53) - 0.5) * 4
            }
        }
        samples.append(AccelerometerSample(time: time, x: value(), y: value(), z: value()))
        time = time.nextUp + Double(random.next() % 100_000) * 1e-6
    }
    return samples
}

/// True when the two samples hold the same doubles bit for bit.
func bitwiseEqual(_ a: AccelerometerSample, _ b: AccelerometerSample) -> Bool {
    a.time.bitPattern == b.time.bitPattern && a.acceleration.x.bitPattern == b.acceleration.x.bitPattern
        && a.acceleration.y.bitPattern == b.acceleration.y.bitPattern
        && a.acceleration.z.bitPattern == b.acceleration.z.bitPattern
}

/// What a correct reader does with a file of good rows and bad ones (`badLines`: 1-based lines and the column it
/// should name, nil for the whole row): lenient reading gives exactly the good samples and a warning naming each bad
/// line, and strict reading fails on the first of them, or succeeds when there is none. `labels`, when given, are
/// the labels lenient reading must give. Shared by the CSV and the JSON Lines properties (one rule, two formats).
func expectBadLinesRead(at path: String, goodSamples: [AccelerometerSample],
                        badLines: [(line: Int, column: Int?)], labels: [MotionActivity]? = nil) {
    do {
        let trace = try Trace.read(path: path, options: .init(lenient: true))
        #expect(trace.samples == goodSamples)
        if let labels { #expect(trace.labels == labels) }
        #expect(trace.skippedRowCount == badLines.count)
        #expect(trace.warnings.map(\.line) == badLines.map(\.line))
        #expect(trace.warnings.map(\.column) == badLines.map(\.column))
    } catch {
        Issue.record("lenient reading failed: \(error)")
    }
    do throws(InputError) {
        _ = try Trace.read(path: path)
        #expect(badLines.isEmpty, "strict reading accepted a bad row")
    } catch {
        #expect(error.line == badLines.first?.line)
        #expect(error.column == badLines.first?.column)
    }
}

/// A trace CSV of good rows near 1 g with bad rows, blank lines and CRLF
/// endings mixed in at random, and what a correct reader makes of it.
struct CorruptedTrace {
    var text = "timestamp,x,y,z,label\n"
    var goodSamples: [AccelerometerSample] = []
    /// The bad rows' 1-based line numbers and the column a reader should name (nil: the whole row).
    var badLines: [(line: Int, column: Int?)] = []

    init(goodRows: Int, _ random: inout SplitMix64) {
        var line = 1
        var time = 100.0
        var lastAccepted: Double?
        func append(_ row: String) {
            line += 1
            text += row + (random.next() % 5 == 0 ? "\r\n" : "\n")
        }
        for _ in 0..<goodRows {
            // Bad rows before this good one.
            while random.next() % 6 == 0 {
                let bad = Self.badRow(time: time, lastAccepted: lastAccepted, &random)
                guard let bad else { continue }
                append(bad.row)
                badLines.append((line, bad.column))
            }
            if random.next() % 20 == 0 { append(random.next() % 2 == 0 ? "" : "  ") }
            let x = Double(Int(random.next() % 2001) - 1000) / 10000
            let z = Double(Int(random.next() % 2001) - 1000) / 10000
            append("\(time),\(x),-0.98,\(z),walking")
            goodSamples.append(AccelerometerSample(time: time, x: x, y: -0.98, z: z))
            lastAccepted = time
            time += 0.02
        }
    }

    /// One bad row and the column at fault, or nil when this kind cannot be made yet.
    static func badRow(time: Double, lastAccepted: Double?, _ random: inout SplitMix64) -> (row: String, column: Int?)? {
        switch random.next() % 8 {
        case 0: return ("\(time),abc,-0.98,0.01,walking", 2)
        case 1: return ("\(time),0.01,nan,0.01,walking", 3)
        case 2: return ("\(time),0.01,-0.98,inf,walking", 4)
        case 3: return ("\(time),0.01,-0.98", nil)
        case 4: return ("\(time),0.01,-0.98,0.01,jogging", 5)
        case 5: return ("\(time),,-0.98,0.01,walking", 2)
        case 6:
            guard let lastAccepted else { return nil }
            return ("\(lastAccepted),0.01,-0.98,0.01,walking", 1)  // duplicate
        default:
            guard let lastAccepted else { return nil }
            return ("\(lastAccepted - 5),0.01,-0.98,0.01,walking", 1)  // backwards
        }
    }
}

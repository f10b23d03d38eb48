import Foundation
import Locomotion
import LocomotionDSP
import Testing
@_spi(Harness) @testable import LocomotionIO
import LocomotionTestSupport

/// Reads `text` strictly and returns the error it throws, or nil.
private func readError(_ text: String, options: TraceReadingOptions = .init()) -> InputError? {
    readError(bytes: Array(text.utf8), options: options)
}

private func readError(bytes: [UInt8], options: TraceReadingOptions = .init()) -> InputError? {
    let path = temporaryFile(bytes)
    do {
        _ = try Trace.read(path: path, options: options)
        return nil
    } catch {
        return error
    }
}

/// A valid body of `count` rows at 50 Hz near 1 g.
private func rows(_ count: Int, from start: Int = 0) -> String {
    (start..<start + count).map { "\(Double($0) * 0.02),0.01,-0.98,0.03\n" }.joined()
}

@Suite struct TraceReaderTests {
    @Test func readsHeaderAndRows() throws {
        let trace = try Trace.read(path: temporaryFile("timestamp,x,y,z\n0,0.1,-0.99,0.02\n0.02,0.11,-0.98,0.03\n"))
        #expect(trace.samples.count == 2)
        #expect(trace.samples[1] == AccelerometerSample(time: 0.02, x: 0.11, y: -0.98, z: 0.03))
        #expect(trace.labels == nil)
    }

    @Test func findsColumnsByNameAndIgnoresExtraColumns() throws {
        let text = "Z,accuracy,label,timestamp,y,x\n0.03,3,walking,1.5,-0.98,0.01\n-0.02,3,,1.52,-0.97,0.02\n"
        let trace = try Trace.read(path: temporaryFile(text))
        #expect(trace.samples == [
            AccelerometerSample(time: 1.5, x: 0.01, y: -0.98, z: 0.03),
            AccelerometerSample(time: 1.52, x: 0.02, y: -0.97, z: -0.02),
        ])
        #expect(trace.labels == [.walking, .unknown])
    }

    @Test func missingColumnsAreNamed() {
        let error = readError("timestamp,x,q\n0,1,2\n")
        #expect(error?.line == 1)
        #expect(error?.problem.contains("y, z") == true)
    }

    @Test func headerlessNumericFirstRowIsData() throws {
        var reader = try TraceReader(path: temporaryFile("0,0.01,-0.98,0.03,extra\n0.02,0.01,-0.98,0.03,x\n"))
        #expect(!reader.hasHeader)
        #expect(try reader.next()?.line == 1)
        #expect(try reader.next()?.line == 2)
        #expect(try reader.next() == nil)
    }

    @Test func crlfAndByteOrderMark() throws {
        let text = "\u{FEFF}timestamp,x,y,z,label\r\n0,0.01,-0.98,0.03,stationary\r\n0.02,0.01,-0.98,0.03,stationary\r\n"
        let trace = try Trace.read(path: temporaryFile(text))
        #expect(trace.samples.count == 2)
        #expect(trace.labels == [.stationary, .stationary])
        let headerless = try Trace.read(path: temporaryFile("\u{FEFF}0,0.01,-0.98,0.03\r\n"))
        #expect(headerless.samples.count == 1)
    }

    @Test func emptyFileAndHeaderOnly() {
        #expect(readError("")?.problem.contains("empty file") == true)
        #expect(readError("\n\n")?.problem.contains("empty file") == true)
        let headerOnly = readError("timestamp,x,y,z\n")
        #expect(headerOnly?.problem.contains("no samples") == true)
    }

    @Test func nonNumericValueNamesLineAndColumn() {
        let error = readError("timestamp,x,y,z\n" + rows(3) + "0.1,0.01,abc,0.03\n")
        #expect(error?.line == 5)
        #expect(error?.column == 3)
        #expect(error?.problem.contains("'abc'") == true)
        #expect(error?.description.hasPrefix(error!.file + ":5:3: y is not a number") == true)
    }

    @Test(arguments: ["nan", "NaN", "inf", "-Infinity", "1e999"])
    func nonFiniteValuesAreRefused(value: String) {
        let error = readError("timestamp,x,y,z\n" + rows(2) + "0.04,\(value),-0.98,0.03\n")
        #expect(error?.line == 4)
        #expect(error?.column == 2)
        #expect(error?.problem.contains("not a finite number") == true)
    }

    @Test func backwardsAndDuplicateTimestamps() {
        let backwards = readError("timestamp,x,y,z\n" + rows(3) + "0.01,0.01,-0.98,0.03\n")
        #expect(backwards?.line == 5)
        #expect(backwards?.column == 1)
        #expect(backwards?.problem.contains("backwards") == true)
        let duplicate = readError("timestamp,x,y,z\n" + rows(3) + "0.04,0.01,-0.98,0.03\n")
        #expect(duplicate?.line == 5)
        #expect(duplicate?.problem.contains("duplicate") == true)
    }

    @Test func lenientSkipsBadRowsWithWarnings() throws {
        let text = "timestamp,x,y,z\n" + rows(3) + "0.01,0.01,-0.98,0.03\n0.04,0.01,-0.98,0.03\n"
            + "0.05,x,1,1\n0.06,0.01,-0.98\n" + rows(2, from: 4)
        let trace = try Trace.read(path: temporaryFile(text), options: .init(lenient: true))
        #expect(trace.samples.count == 5)
        #expect(trace.skippedRowCount == 4)
        #expect(trace.warnings.map(\.line) == [5, 6, 7, 8])
        #expect(trace.warnings[0].description.contains(":5:1: warning: timestamp 0.01 is earlier"))
        #expect(zip(trace.samples, trace.samples.dropFirst()).allSatisfy { $0.time < $1.time })
    }

    @Test func lenientWithNothingGoodIsStillAnError() {
        let error = readError("timestamp,x,y,z\na,b,c,d\n", options: .init(lenient: true))
        #expect(error?.problem.contains("all 1 data rows were skipped") == true)
    }

    @Test func truncatedLastLine() throws {
        let error = readError("timestamp,x,y,z\n" + rows(3) + "0.06,0.01")
        #expect(error?.line == 5)
        #expect(error?.problem.contains("ends in the middle of a row") == true)
        // A complete last row without a newline is fine.
        let trace = try Trace.read(path: temporaryFile("timestamp,x,y,z\n" + rows(3) + "0.06,0.01,-0.98,0.03"))
        #expect(trace.samples.count == 4)
    }

    @Test func binaryGarbage() {
        var generator = SplitMix64(seed: 7)
        let garbage = (0..<5000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let error = readError(bytes: garbage)
        #expect(error != nil)
        #expect(error?.line != nil)
        // Garbage after a good start is reported at its line.
        let mixed = Array(("timestamp,x,y,z\n" + rows(2)).utf8) + [0x00, 0xFF, 0x2C, 0x01, 0x0A]
        #expect(readError(bytes: mixed)?.line == 4)
    }

    @Test func unknownLabelValue() {
        let error = readError("timestamp,x,y,z,label\n0,0.01,-0.98,0.03,walking\n0.02,0.01,-0.98,0.03,jogging\n")
        #expect(error?.line == 3)
        #expect(error?.column == 5)
        #expect(error?.problem.contains("unknown label 'jogging'") == true)
    }

    @Test func metresPerSecondSquaredReadAsGIsRefused() throws {
        let text = "timestamp,x,y,z\n" + (0..<600).map { "\(Double($0) * 0.02),0.1,9.78,0.3\n" }.joined()
        let error = readError(text)
        #expect(error?.hint?.options.contains(.units(.metersPerSecondSquared)) == true)
        let trace = try Trace.read(path: temporaryFile(text), options: .init(units: .metersPerSecondSquared))
        #expect(abs(trace.samples[0].acceleration.y - 9.78 / 9.80665) < 1e-12)
        // g read as m/s² is refused the other way round.
        let inG = readError("timestamp,x,y,z\n" + rows(10), options: .init(units: .metersPerSecondSquared))
        #expect(inG?.hint?.options == [.units(.g)])
        // Gravity-removed data is refused unless the check is off.
        let removed = "timestamp,x,y,z\n" + (0..<10).map { "\($0),0.01,0.02,0.01\n" }.joined()
        #expect(readError(removed)?.hint?.options == [.noUnitCheck])
        #expect(readError(removed, options: .init(checkUnits: false)) == nil)
    }

    @Test func streamingEqualsBatch() throws {
        let path = temporaryFile("timestamp,x,y,z,label\n" + (0..<1234).map {
            "\(Double($0) / 50),\(sin(Double($0))),-0.98,0.03,\($0 % 2 == 0 ? "walking" : "running")\n"
        }.joined())
        var reader = try TraceReader(path: path)
        var streamed: [TraceRow] = []
        while let row = try reader.next() { streamed.append(row) }
        let batch = try Trace.read(path: path)
        #expect(streamed.map(\.sample) == batch.samples)
        #expect(streamed.map { $0.label! } == batch.labels)
        #expect(streamed.last?.line == 1235)
    }

    @Test func longFileCrossesBufferBoundaries() throws {
        // Lines straddle the 1 MiB read buffer many times.
        let count = 60_000
        let trace = try Trace.read(path: temporaryFile("timestamp,x,y,z\n" + rows(count)))
        #expect(trace.samples.count == count)
        #expect(trace.samples.last?.time == Double(count - 1) * 0.02)
    }

    @Test func missingFileAndDirectory() {
        do {
            _ = try TraceReader(path: "/nonexistent/trace.csv")
            Issue.record("expected an error")
        } catch {
            #expect(error.problem.contains("cannot open"))
        }
        #expect(throws: InputError.self) { _ = try TraceReader(path: "/tmp") }
    }
}

@Suite struct TraceReaderInputTests {
    @Test func readsStandardInput() throws {
        let path = temporaryFile("timestamp,x,y,z\n0,0.01,-0.98,0.03\n0.02,0.01,-0.98,0.03\n")
        let saved = dup(0)
        let file = open(path, O_RDONLY)
        dup2(file, 0)
        close(file)
        defer {
            dup2(saved, 0)
            close(saved)
        }
        let trace = try Trace.read(path: "-")
        #expect(trace.file == "-")
        #expect(trace.samples.count == 2)
    }

    @Test func gapsAndRateChangesAreReadAsTheyAre() throws {
        // 10 s at 50 Hz, a one-hour gap, then 10 s at 100 Hz: the reader reports
        // what is there and bridges nothing.
        var text = "timestamp,x,y,z\n"
        for index in 0..<500 { text += "\(Double(index) / 50),0,0,-1\n" }
        for index in 0..<1000 { text += "\(3610 + Double(index) / 100),0,0,-1\n" }
        let trace = try Trace.read(path: temporaryFile(text))
        #expect(trace.samples.count == 1500)
        let intervals = zip(trace.samples, trace.samples.dropFirst()).map { $1.time - $0.time }
        #expect(intervals.max()! > 3600)
        #expect(abs(intervals.first! - 0.02) < 1e-12 && abs(intervals.last! - 0.01) < 1e-9)
    }
}


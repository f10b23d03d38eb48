import Foundation
import Locomotion
import LocomotionDSP
import PropertyBased
import Testing
@_spi(Harness) @testable import LocomotionIO
import LocomotionDatasets
import LocomotionTestSupport

/// The read-ahead reader returns what `TraceReader` returns, wherever the chunks are cut and whatever the
/// threads' timing: rows (bit for bit, with their line numbers), the first error, the warnings.
@Suite struct ReadAheadTraceReaderTests {
    private struct Outcome: Equatable {
        var rows: [TraceRow] = []
        var error: InputError?
        var warnings: [InputWarning] = []
        var skippedRowCount = 0

        func sameBits(as other: Outcome) -> Bool {
            self == other && zip(rows, other.rows).allSatisfy { bitwiseEqual($0.sample, $1.sample) }
        }
    }

    private func readSerially(_ path: String, options: TraceReadingOptions) -> Outcome {
        var outcome = Outcome()
        do {
            var reader = try TraceReader(path: path, options: options)
            do {
                while let row = try reader.next() { outcome.rows.append(row) }
            } catch {
                outcome.error = error
            }
            outcome.warnings = reader.warnings
            outcome.skippedRowCount = reader.skippedRowCount
        } catch {
            outcome.error = error
        }
        return outcome
    }

    /// Reads `path` in chunks of `chunkBytes` on `threads` threads; `reparsed` gets the number of chunks
    /// whose first row went back in time.
    private func readAhead(_ path: String, options: TraceReadingOptions, threads: Int, chunkBytes: Int,
                           bufferSize: Int, reparsed: inout Int) -> Outcome {
        var outcome = Outcome()
        do {
            var reader = try ReadAheadTraceReader(path: path, options: options, parsingThreads: threads,
                                                  chunkBytes: chunkBytes, bufferSize: bufferSize)
            do {
                while let row = try reader.next() { outcome.rows.append(row) }
                #expect(try reader.next() == nil)
            } catch {
                outcome.error = error
                #expect((try? reader.next()) == nil, "rows after an error")
            }
            outcome.warnings = reader.warnings
            outcome.skippedRowCount = reader.skippedRowCount
            reparsed += reader.reparsedChunkCount
        } catch {
            outcome.error = error
        }
        return outcome
    }

    private func readAhead(_ path: String, options: TraceReadingOptions = .init(), threads: Int = 3,
                           chunkBytes: Int, bufferSize: Int = 64) -> Outcome {
        var reparsed = 0
        return readAhead(path, options: options, threads: threads, chunkBytes: chunkBytes, bufferSize: bufferSize,
                         reparsed: &reparsed)
    }

    /// Random corrupted traces (bad values and labels, duplicate and backwards times, blank lines, CRLF),
    /// some cut off in the middle of a line, read strict and lenient with random chunk sizes (so chunk
    /// boundaries fall anywhere, backwards times on them included) and 0–4 threads (0: parsed by the
    /// caller): the serial result.
    @Test func sameRowsErrorsAndWarningsAsTraceReaderWhereverTheChunksAreCut() async {
        let reparsed = Reparsed()
        await propertyCheck(count: 40, input: Gen.uint64(), Gen.int(in: 1...4000)) { seed, count in
            var random = SplitMix64(seed: seed)
            let file = CorruptedTrace(goodRows: count, &random)
            var bytes = Array(file.text.utf8)
            if random.next() % 3 == 0 { bytes.removeLast(Int(random.next() % 40)) }   // an unterminated last line
            let path = temporaryFile(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            for options in [TraceReadingOptions(), TraceReadingOptions(lenient: true)] {
                let serial = readSerially(path, options: options)
                let chunkBytes = 64 + Int(random.next() % 2000)
                let threads = Int(random.next() % 5)
                let bufferSize = [64, 100, 1 << 20][Int(random.next() % 3)]
                var count = 0
                let outcome = readAhead(path, options: options, threads: threads, chunkBytes: chunkBytes,
                                        bufferSize: bufferSize, reparsed: &count)
                #expect(outcome.sameBits(as: serial), "chunks of \(chunkBytes) bytes, \(threads) threads")
                reparsed.add(count)
            }
        }
        // The boundary case was met (backwards or duplicate times at the start of a chunk).
        #expect(reparsed.total > 0)
    }

    /// Time going backwards exactly at the start of every chunk: strict mode stops there with the serial
    /// error; lenient mode skips the same rows with the same warnings.
    @Test func backwardsTimeAtChunkBoundaries() {
        var text = "timestamp,x,y,z\n"
        for index in 0..<3000 {
            // After the first batch, every 7th row goes back 1 s: with chunks of about 100 bytes many of
            // them start a chunk.
            let time = 1000 + Double(index) * 0.02 - (index >= 1100 && index % 7 == 6 ? 1 : 0)
            text += "\(time),0.01,-0.98,0.03\n"
        }
        let path = temporaryFile(text)
        for options in [TraceReadingOptions(), TraceReadingOptions(lenient: true)] {
            let serial = readSerially(path, options: options)
            #expect(options.lenient ? serial.skippedRowCount == 271 : serial.error?.line == 1107)
            var reparsed = 0
            for chunkBytes in 64..<128 {
                let outcome = readAhead(path, options: options, threads: 2, chunkBytes: chunkBytes, bufferSize: 64,
                                        reparsed: &reparsed)
                #expect(outcome.sameBits(as: serial), "chunks of \(chunkBytes) bytes")
            }
            #expect(reparsed > 0)
        }
    }

    /// A line longer than the longest a reader accepts, after many good rows: the same rows, then the same
    /// error at the same line, although the line spans many chunks.
    @Test func overlongLineAcrossChunks() {
        var text = "timestamp,x,y,z\n"
        for index in 0..<5000 { text += "\(Double(index) * 0.02),0.01,-0.98,0.03\n" }
        text += "100.0,0.01,-0.98,0.03," + String(repeating: "x", count: LineSource.maximumLineLength) + "\n"
        text += "100.02,0.01,-0.98,0.03\n"
        let path = temporaryFile(text)
        let serial = readSerially(path, options: .init(lenient: true))
        #expect(serial.rows.count == 5000)
        #expect(serial.error?.line == 5002)
        #expect(readAhead(path, options: .init(lenient: true), chunkBytes: 4096) == serial)
        #expect(readAhead(path, options: .init(lenient: true), chunkBytes: ReadAheadTraceReader.chunkBytes,
                          bufferSize: 1 << 20) == serial)
    }

    /// Real recordings of the five accelerometer datasets, converted to the trace format: the same rows,
    /// bit for bit, whatever the chunk size and thread count. A sample of each dataset's recordings (every
    /// one with `LOCOMOTION_ALL_RECORDINGS=1`); skipped without the datasets.
    @Test(.tags(.realData), arguments: ["us-tm2017", "oxford-step-counter", "mobifall-v2", "geotecinit-sp-har", "basicmotions"])
    func convertedRealRecordingsReadTheSame(dataset: String) throws {
        guard TestDatasets.isPresent(dataset) else {
            print("skipped: \(TestDatasets.absence(dataset))")
            return
        }
        let adapter: any DatasetAdapter.Type = switch dataset {
        case "us-tm2017": USTransportationMode2017.self
        case "oxford-step-counter": OxfordStepCounter.self
        case "mobifall-v2": MobiFallV2.self
        case "geotecinit-sp-har": GeoTecINITSmartphoneHAR.self
        default: BasicMotions.self
        }
        let files = try adapter.inputFiles(in: TestDatasets.folder(dataset).path)
        let all = ProcessInfo.processInfo.environment["LOCOMOTION_ALL_RECORDINGS"] == "1"
        let chosen = all ? files : stride(from: 0, to: files.count, by: max(files.count / 4, 1)).map { files[$0] }
        var random = SplitMix64(seed: UInt64(dataset.utf8.count))
        var compared = 0
        for file in chosen {
            for recording in try adapter.convert(file: file) {
                let path = temporaryPath("recording.csv")
                defer { try? FileManager.default.removeItem(atPath: path) }
                try TraceWriter.write(recording.trace, to: path)
                let options = TraceReadingOptions(checkUnits: false)
                let serial = readSerially(path, options: options)
                #expect(serial.error == nil && serial.rows.count == recording.trace.samples.count)
                for (chunkBytes, bufferSize) in [(64 + Int(random.next() % 4000), 64),
                                                 (1 << (12 + Int(random.next() % 6)), 1 << 20)] {
                    let threads = Int(random.next() % 4)
                    var reparsed = 0
                    let outcome = readAhead(path, options: options, threads: threads, chunkBytes: chunkBytes,
                                            bufferSize: bufferSize, reparsed: &reparsed)
                    #expect(outcome.sameBits(as: serial), "\(recording.name): chunks of \(chunkBytes) bytes")
                }
                compared += 1
            }
        }
        #expect(compared > 0)
    }

    @Test func openingErrorsAreThrownByTheInitialiser() {
        #expect(throws: InputError.self) { _ = try ReadAheadTraceReader(path: "/nonexistent/trace.csv") }
        #expect(throws: InputError.self) { _ = try ReadAheadTraceReader(path: temporaryFile("timestamp,x,y,z\n")) }
    }

    /// Dropping the reader early stops its threads (the test would hang otherwise) and frees the file.
    @Test func droppingEarlyStopsTheThreads() throws {
        var text = "timestamp,x,y,z\n"
        for index in 0..<100_000 { text += "\(Double(index) * 0.02),0.01,-0.98,0.03\n" }
        let path = temporaryFile(text)
        for taken in [0, 1, 5000, 30_000] {
            var reader = try ReadAheadTraceReader(path: path, options: .init(), parsingThreads: 3, chunkBytes: 4096,
                                                  bufferSize: 4096)
            for _ in 0..<taken { _ = try reader.next() }
        }
    }
}

/// A total across the checks of a property (they may run concurrently).
private final class Reparsed: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var total: Int { lock.withLock { value } }
    func add(_ count: Int) { lock.withLock { value += count } }
}

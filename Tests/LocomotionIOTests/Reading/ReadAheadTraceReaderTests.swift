import Foundation
import Locomotion
import LocomotionDSP
import PropertyBased
import Testing
@testable import LocomotionIO

/// The read-ahead reader returns what `TraceReader` returns, whatever the threads' timing.
@Suite struct ReadAheadTraceReaderTests {
    private struct Outcome: Equatable {
        var rows: [TraceRow] = []
        var error: InputError?
        var warnings: [InputWarning] = []
        var skippedRowCount = 0
    }

    private func readDirectly(_ path: String, options: TraceReadingOptions) -> Outcome {
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

    private func readAhead(_ path: String, options: TraceReadingOptions) -> Outcome {
        var outcome = Outcome()
        do {
            var reader = try ReadAheadTraceReader(path: path, options: options)
            do {
                while let row = try reader.next() { outcome.rows.append(row) }
                #expect(try reader.next() == nil)
            } catch {
                outcome.error = error
                #expect((try? reader.next()) == nil, "rows after an error")
            }
            outcome.warnings = reader.warnings
            outcome.skippedRowCount = reader.skippedRowCount
        } catch {
            outcome.error = error
        }
        return outcome
    }

    @Test func sameRowsErrorsAndWarningsAsTraceReader() async {
        await propertyCheck(count: 20, input: Gen.uint64(), Gen.int(in: 1...20_000)) { seed, count in
            var random = SplitMix(seed: seed)
            let file = CorruptedTrace(goodRows: count, &random)
            let path = temporaryFile(file.text)
            defer { try? FileManager.default.removeItem(atPath: path) }
            for options in [TraceReadingOptions(), TraceReadingOptions(lenient: true)] {
                #expect(readAhead(path, options: options) == readDirectly(path, options: options))
            }
        }
    }

    @Test func openingErrorsAreThrownByTheInitialiser() {
        #expect(throws: InputError.self) { _ = try ReadAheadTraceReader(path: "/nonexistent/trace.csv") }
        #expect(throws: InputError.self) { _ = try ReadAheadTraceReader(path: temporaryFile("timestamp,x,y,z\n")) }
    }

    /// Dropping the reader early stops its thread (the test would hang otherwise) and frees the file.
    @Test func droppingEarlyStopsTheThread() throws {
        var text = "timestamp,x,y,z\n"
        for index in 0..<100_000 { text += "\(Double(index) * 0.02),0.01,-0.98,0.03\n" }
        let path = temporaryFile(text)
        for taken in [0, 1, 5000, 30_000] {
            var reader = try ReadAheadTraceReader(path: path)
            for _ in 0..<taken { _ = try reader.next() }
        }
    }
}

import Foundation
import Locomotion
import LocomotionDSP
import Testing
@_spi(Harness) import LocomotionIO
import LocomotionTestSupport

/// `TraceInput`, the one way to open a trace, reads what the serial `TraceReader` reads, through the `TraceSource`
/// protocol both conform to: the same rows, the same first error after the same rows, the same warnings.
@Suite struct TraceInputTests {
    private struct Outcome: Equatable {
        var rows: [TraceRow] = []
        var error: InputError?
        var warnings: [InputWarning] = []
        var skippedRowCount = 0
        var hasLabels = false
    }

    /// Everything a source gives, read through the protocol alone.
    private func drain(_ source: inout some TraceSource) -> Outcome {
        var outcome = Outcome(hasLabels: source.hasLabels)
        do {
            while let row = try source.next() { outcome.rows.append(row) }
        } catch {
            outcome.error = error
        }
        outcome.warnings = source.warnings
        outcome.skippedRowCount = source.skippedRowCount
        return outcome
    }

    private func rows(_ count: Int, from start: Int = 0) -> String {
        (start..<start + count).map { "\(Double($0) * 0.02),0.01,-0.98,0.03,walking\n" }.joined()
    }

    @Test(arguments: [false, true])
    func readsWhatTheSerialReaderReads(lenient: Bool) throws {
        // Long enough for several chunks of the parallel reader, with a backwards time and a bad value late on.
        let text = "timestamp,x,y,z,label\n" + rows(30_000) + "1.0,0.01,-0.98,0.03,walking\n" + rows(30_000, from: 30_000)
            + "9999,abc,-0.98,0.03,walking\n" + rows(10, from: 60_000)
        let path = temporaryFile(text)
        let options = TraceReadingOptions(lenient: lenient)
        var input = try TraceInput(path: path, options: options)
        var serial = try TraceReader(path: path, options: options)
        let read = drain(&input)
        #expect(read == drain(&serial))
        #expect(input.file == path && input.format == .csv && read.hasLabels)
        if lenient {
            #expect(read.error == nil && read.skippedRowCount == 2 && read.rows.count == 60_010)
        } else {
            #expect(read.error?.line == 30_002 && read.rows.count == 30_000)
        }
    }
}

import Foundation
import Locomotion
import LocomotionDSP
import Testing
@_spi(Harness) @testable import LocomotionIO
import LocomotionTestSupport

/// Bad-input cases for the trace CSV reader beyond those in Reading/TraceReaderTests:
/// each is refused (or, leniently, skipped) with an error naming line and column,
/// never a trap, a hang or a silent guess.
@Suite struct TraceInputReliabilityTests {
    private func error(_ text: String, options: TraceReadingOptions = .init()) -> InputError? {
        error(bytes: Array(text.utf8), options: options)
    }

    private func error(bytes: [UInt8], options: TraceReadingOptions = .init()) -> InputError? {
        do {
            _ = try Trace.read(path: temporaryFile(bytes), options: options)
            return nil
        } catch {
            return error
        }
    }

    private static let header = "timestamp,x,y,z\n"
    private static func rows(_ count: Int, from start: Int = 0) -> String {
        (start..<start + count).map { "\(Double($0) * 0.02),0.01,-0.98,0.03\n" }.joined()
    }

    @Test func utf16FileIsRefusedAtLineOne() {
        // Some Windows tools write UTF-16: every other byte is NUL.
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in (Self.header + Self.rows(3)).utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let refused = error(bytes: bytes)
        #expect(refused?.line == 1)
        #expect(refused?.problem.contains("binary") == true)
    }

    @Test func onlyAByteOrderMarkIsAnEmptyFile() {
        #expect(error(bytes: [0xEF, 0xBB, 0xBF])?.problem.contains("empty file") == true)
        #expect(error(bytes: [0xEF, 0xBB, 0xBF, 0x0D, 0x0A])?.problem.contains("empty file") == true)
    }

    @Test func headerOnlyWithByteOrderMarkAndCRLF() {
        let refused = error(bytes: [0xEF, 0xBB, 0xBF] + Array("timestamp,x,y,z\r\n\r\n".utf8))
        #expect(refused?.problem.contains("no samples") == true)
        #expect(refused?.line == 2)
    }

    @Test func semicolonSeparatedExportNamesTheHeader() {
        // A spreadsheet export in a decimal-comma locale.
        let refused = error("timestamp;x;y;z\n0;0,01;-0,98;0,03\n")
        #expect(refused?.line == 1)
        #expect(refused?.problem.contains("header lacks") == true)
        #expect(refused?.hint?.description.contains("timestamp;x;y;z") == true)
    }

    @Test func lineLongerThanAMebibyteIsRefusedEvenLeniently() {
        let long = Self.header + Self.rows(2) + String(repeating: "7", count: (1 << 20) + 10) + "\n" + Self.rows(2, from: 2)
        for lenient in [false, true] {
            let refused = error(long, options: .init(lenient: lenient))
            #expect(refused?.line == 4)
            #expect(refused?.problem.contains("longer than") == true)
        }
    }

    @Test(arguments: ["-", "+", ".", "e5", "1e", "1e+", "--1", "1.2.3", "0x10", "١", "1_000", "1 000"])
    func malformedNumbersNameTheColumn(field: String) {
        let refused = error(Self.header + Self.rows(2) + "0.04,0.01,\(field),0.03\n")
        #expect(refused?.line == 4)
        #expect(refused?.column == 3)
    }

    @Test func extremeExponentsAndLongMantissas() throws {
        // Exponent overflow saturates to infinity, which is refused as not finite.
        let overflow = error(Self.header + Self.rows(2) + "0.04,1e99999999999999999999,-0.98,0.03\n")
        #expect(overflow?.column == 2)
        #expect(overflow?.problem.contains("not a finite number") == true)
        // Underflow and 40-digit mantissas are read correctly rounded, like Swift's own parser.
        let digits = "0.0123456789012345678901234567890123456789"
        let trace = try Trace.read(path: temporaryFile(Self.header + Self.rows(2)
            + "0.04,1e-400,\(digits),-0.98\n"), options: .init(checkUnits: false))
        #expect(trace.samples[2].acceleration.x == 0)
        #expect(trace.samples[2].acceleration.y == Double(digits)!)
    }

    @Test func concatenatedFilesRepeatTheHeader() throws {
        // `cat a.csv b.csv` repeats the header mid-file: strict reading names that line,
        // lenient reading skips it (and the time order still holds across the join).
        let text = Self.header + Self.rows(3) + Self.header + Self.rows(3, from: 3)
        let refused = error(text)
        #expect(refused?.line == 5)
        #expect(refused?.column == 1)
        let lenient = try Trace.read(path: temporaryFile(text), options: .init(lenient: true))
        #expect(lenient.samples.count == 6)
        #expect(lenient.warnings.map(\.line) == [5])
    }

    @Test func lenientWarningsAreCappedButAllCounted() throws {
        let bad = (0..<1500).map { "\(Double($0) * 0.02 + 0.01),x,-0.98,0.03\n" }.joined()
        let trace = try Trace.read(path: temporaryFile(Self.header + Self.rows(2) + bad),
                                   options: .init(lenient: true))
        #expect(trace.samples.count == 2)
        #expect(trace.skippedRowCount == 1500)
        #expect(trace.warnings.count == TraceReader.maximumStoredWarnings)
        #expect(trace.warnings.last?.line == 3 + TraceReader.maximumStoredWarnings)
    }

    @Test func nonFiniteTimestampIsRefused() {
        for value in ["nan", "inf", "-inf"] {
            let refused = error(Self.header + Self.rows(2) + "\(value),0.01,-0.98,0.03\n")
            #expect(refused?.line == 4)
            #expect(refused?.column == 1)
        }
    }

    @Test func errorAfterGoodRowsComesAfterThoseRows() throws {
        // Streaming: the rows before a bad one are delivered first, then the error, then nothing.
        var reader = try TraceReader(path: temporaryFile(Self.header + Self.rows(600) + "bad,row,here,x\n"))
        var count = 0
        do {
            while try reader.next() != nil { count += 1 }
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 602)
        }
        #expect(count == 600)
        #expect(try reader.next() == nil)
    }
}

import Foundation
import LocomotionDSP
@testable import LocomotionIO
import LocomotionTestSupport
import Testing

/// The mechanics of splitting AWARE's accelerometer table by device_id (hand-made tables; the equivalence on real
/// recordings is AwareCohortTests').
@Suite struct AwareTableSplitTests {
    private static let header = "timestamp,device_id,double_values_0,double_values_1,double_values_2,accuracy,label\n"

    /// `count` rows of each device, interleaved, 5 Hz, ms, at rest in m/s² (z = 9.80665 + the row's index × 1e-6).
    private static func table(devices: [String], count: Int) -> String {
        var text = header
        for index in 0..<count {
            for (position, device) in devices.enumerated() {
                text += "\(1_709_280_000_000 + index * 200 + position * 3),\(device),0.1,-0.2,\(9.80665 + Double(index) * 1e-6),3,\"free, text\"\n"
            }
        }
        return text
    }

    private static let options = TraceReadingOptions(units: .metersPerSecondSquared)

    private func all(_ source: SplitTraceSource) throws -> [TraceRow] {
        var source = source
        var rows: [TraceRow] = []
        while let row = try source.next() { rows.append(row) }
        return rows
    }

    @Test func splitsInterleavedRowsAcrossBlocks() throws {
        let count = AwareTableSplit.blockRowCount * 2 + 100
        let path = temporaryFile(Self.table(devices: ["a", "b", "c"], count: count), name: "aware.csv")
        let split = try AwareTableSplit(path: path, options: Self.options)
        #expect(split.participants == ["a", "b", "c"])
        #expect(split.rowCount == 3 * count)
        for (position, device) in ["a", "b", "c"].enumerated() {
            let source = try split.source(for: device)
            #expect(source.timestampUnit == .milliseconds)
            let rows = try all(source)
            #expect(rows.count == count)
            #expect(rows.map(\.line) == (0..<count).map { 2 + $0 * 3 + position })
            #expect(rows[1].sample.time == (1_709_280_000_000 + 200 + Double(position) * 3) / 1000)
            let lastZ: Double = rows[count - 1].sample.acceleration.z
            let expectedZ: Double = (9.80665 + Double(count - 1) * 1e-6) / 9.80665
            #expect(abs(lastZ - expectedZ) < 1e-12)
            let firstX: Double = rows[0].sample.acceleration.x
            #expect(abs(firstX - 0.1 / 9.80665) < 1e-12)
        }
    }

    @Test func aBadRowFailsItsParticipantAtItsLineOnly() throws {
        var lines = Self.table(devices: ["a", "b"], count: 600).split(separator: "\n").map(String.init)
        // lines[k] is data row k, at line k + 1: odd rows are a's, even rows b's. Row 42 (line 43) is b's 21st.
        lines[42] = lines[42].replacingOccurrences(of: ",0.1,", with: ",oops,")
        let path = temporaryFile(lines.joined(separator: "\n") + "\n", name: "aware.csv")
        let split = try AwareTableSplit(path: path, options: Self.options)
        #expect(try all(split.source(for: "a")).count == 600)
        var source = try split.source(for: "b")
        var read = 0
        do throws(InputError) {
            while try source.next() != nil { read += 1 }
            Issue.record("b's bad row was not reported")
        } catch {
            #expect(error.file == path && error.line == 43 && error.column == 3, "\(error)")
        }
        #expect(read == 20)
    }

    @Test func backwardsRowsAreSkippedLeniently() throws {
        var lines = Self.table(devices: ["a", "b"], count: 600).split(separator: "\n").map(String.init)
        lines.swapAt(12, 14)   // two rows of b (lines 13 and 15) swapped: line 15 goes back
        let path = temporaryFile(lines.joined(separator: "\n") + "\n", name: "aware.csv")
        var options = Self.options
        options.lenient = true
        let split = try AwareTableSplit(path: path, options: options)
        let source = try split.source(for: "b")
        #expect(try all(source).count == 599)
        #expect(source.skippedRowCount == 1 && source.warnings.first?.line == 15)
        #expect(try all(split.source(for: "a")).count == 600)
    }

    @Test func anEmptyDeviceOrTwoSpellingsOfOneStopTheSplit() throws {
        var lines = Self.table(devices: ["a", "b"], count: 10).split(separator: "\n").map(String.init)
        lines[6] = lines[6].replacingOccurrences(of: ",b,", with: ", ,")
        let empty = temporaryFile(lines.joined(separator: "\n") + "\n", name: "aware.csv")
        #expect { try AwareTableSplit(path: empty, options: Self.options) } throws: { error in
            (error as? InputError).map { $0.line == 7 && $0.column == 2 && $0.problem == "the device_id is empty" } ?? false
        }
        let nfc = "Zo\u{00EB}", nfd = "Zoe\u{0308}"
        let twice = temporaryFile(Self.header + "1709280000000,\(nfc),0,0,9.8,3,\n1709280000200,\(nfd),0,0,9.8,3,\n", name: "aware.csv")
        #expect { try AwareTableSplit(path: twice, options: Self.options) } throws: { error in
            (error as? InputError).map { $0.line == 3 && $0.problem.contains("Unicode normalisation") } ?? false
        }
    }
}

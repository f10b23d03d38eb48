import Foundation
import Testing
@testable import LocomotionIO
import LocomotionTestSupport

/// How a trace's timestamps and columns are read: the cases of Tests/Shared/reading-rules.json, which the Spark job's
/// tests run too, through the tool its tasks run (Integrations/spark/tests/test_units.py, ReadingRulesTests), so
/// that the job reads what the library reads.
@Suite("Reading rules")
struct ReadingRulesTests {
    struct Case: Decodable {
        var note: String?
        var layout: String?
        var header: String?
        var row: String?
        var first: String
        var step: String
        var rows: Int
        var timeUnit: String?
        var columns: String?
        var unit: String?
        var seconds: Double?
        var refusal: String?
        var line: Int?
    }

    struct Rules: Decodable {
        var acceleration: [Double]
        var timestampUnits: [Case]
        var layouts: [Case]
    }

    static let rules: Rules = {
        let file = TestDatasets.packageRoot.appendingPathComponent("Tests/Shared/reading-rules.json")
        return try! JSONDecoder().decode(Rules.self, from: Data(contentsOf: file))
    }()

    /// The case's trace: timestamps `first + i * step` in exact decimal arithmetic, at rest.
    static func text(of rule: Case) -> String {
        let first = Decimal(string: rule.first)!, step = Decimal(string: rule.step)!
        let (x, y, z) = (rules.acceleration[0], rules.acceleration[1], rules.acceleration[2])
        var lines = [rule.header ?? "timestamp,x,y,z"]
        for index in 0..<rule.rows {
            let time = first + Decimal(index) * step
            lines.append((rule.row ?? "{t},{x},{y},{z}")
                .replacingOccurrences(of: "{t}", with: "\(time)").replacingOccurrences(of: "{x}", with: "\(x)")
                .replacingOccurrences(of: "{y}", with: "\(y)").replacingOccurrences(of: "{z}", with: "\(z)"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func check(_ rule: Case) {
        var options = TraceReadingOptions()
        if let timeUnit = rule.timeUnit { options.timestampUnit = TimestampUnit(rawValue: timeUnit)! }
        if let columns = rule.columns {
            let named = Dictionary(uniqueKeysWithValues: columns.split(separator: ",").map {
                let pair = $0.split(separator: "=", maxSplits: 1).map(String.init)
                return (pair[0], pair[1])
            })
            options.columnNames = ["timestamp", "x", "y", "z"].map { named[$0]! }
        }
        let label = rule.note ?? rule.layout ?? rule.first
        do {
            let trace = try Trace.read(path: temporaryFile(text(of: rule)), options: options)
            #expect(rule.unit != nil, "\(label): read, but should be refused with '\(rule.refusal ?? "")'")
            guard let seconds = rule.seconds, let first = trace.samples.first else { return }
            #expect(trace.samples.count == rule.rows, "\(label)")
            #expect(abs(first.time - seconds) < 1e-5, "\(label): \(first.time) s")
            #expect(abs(first.acceleration.x - rules.acceleration[0]) < 1e-12, "\(label): x read from another column")
            #expect(abs(first.acceleration.y - rules.acceleration[1]) < 1e-12, "\(label)")
            #expect(abs(first.acceleration.z - rules.acceleration[2]) < 1e-12, "\(label)")
        } catch {
            #expect(rule.unit == nil, "\(label): refused: \(error)")
            #expect(error.line == rule.line, "\(label): \(error)")
            #expect(error.description.contains(rule.refusal ?? "?"), "\(label): \(error)")
        }
    }

    @Test("timestamps in s, ms, µs or ns are told by size and median step; ambiguous ones are refused")
    func timestampUnits() {
        #expect(Self.rules.timestampUnits.count >= 10)
        for rule in Self.rules.timestampUnits { Self.check(rule) }
    }

    @Test("collectors' columns (AWARE, Beiwe, RADAR-base) are found by name; others need --columns")
    func layouts() {
        #expect(Self.rules.layouts.count >= 6)
        for rule in Self.rules.layouts { Self.check(rule) }
    }
}

import Foundation
import Locomotion
import LocomotionDSP
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
        /// ISO 8601 text times at this offset (`Z`, `±HH:MM`, empty: none).
        var iso: String?
        /// The time field of rows (0-based index as text) replaced by this text.
        var replace: [String: String]?
        /// The case's own acceleration (the file's numbers).
        var acceleration: [Double]?
        /// What --units auto decides: g or ms2.
        var decided: String?
    }

    struct Rules: Decodable {
        var acceleration: [Double]
        var timestampUnits: [Case]
        var layouts: [Case]
        var isoTimes: [Case]
        var unitsAuto: [Case]
    }

    static let rules: Rules = {
        let file = TestDatasets.packageRoot.appendingPathComponent("Tests/Shared/reading-rules.json")
        return try! JSONDecoder().decode(Rules.self, from: Data(contentsOf: file))
    }()

    /// `time` (seconds since 1970, a whole number of milliseconds) as ISO 8601 local time at `offset` (`Z`,
    /// `±HH:MM`, or empty for none), with milliseconds: the proleptic Gregorian date of the day count (`LocalDay`),
    /// so that the text does not depend on Foundation's formatters.
    static func iso(_ time: Decimal, offset: String) -> String {
        var offsetMinutes = 0
        if offset.count == 6, let hours = Int(offset.dropFirst().prefix(2)), let minutes = Int(offset.suffix(2)) {
            offsetMinutes = (offset.hasPrefix("-") ? -1 : 1) * (hours * 60 + minutes)
        }
        let milliseconds = NSDecimalNumber(decimal: time * 1000).int64Value + Int64(offsetMinutes) * 60_000
        let days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        let rest = milliseconds - days * 86_400_000
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let fraction = rest % 1000
        return "\(LocalDay(daysSince1970: Int(days)))T\(two(rest / 3_600_000)):\(two(rest / 60_000 % 60)):\(two(rest / 1000 % 60))."
            + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + "\(fraction)" + offset
    }

    /// The case's trace: timestamps `first + i * step` in exact decimal arithmetic (as ISO text with `iso`), at rest.
    static func text(of rule: Case) -> String {
        let first = Decimal(string: rule.first)!, step = Decimal(string: rule.step)!
        let acceleration = rule.acceleration ?? rules.acceleration
        let (x, y, z) = (acceleration[0], acceleration[1], acceleration[2])
        var lines = [rule.header ?? "timestamp,x,y,z"]
        for index in 0..<rule.rows {
            let time = first + Decimal(index) * step
            let timeText = rule.replace?[String(index)] ?? rule.iso.map { iso(time, offset: $0) } ?? "\(time)"
            lines.append((rule.row ?? "{t},{x},{y},{z}")
                .replacingOccurrences(of: "{t}", with: timeText).replacingOccurrences(of: "{x}", with: "\(x)")
                .replacingOccurrences(of: "{y}", with: "\(y)").replacingOccurrences(of: "{z}", with: "\(z)"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func check(_ rule: Case, unitsAuto: Bool = false) {
        var options = TraceReadingOptions()
        options.detectsUnits = unitsAuto
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
            // In g: the file's numbers, divided by g where --units auto decided m/s².
            let scale = rule.decided == "ms2" ? AccelerationUnit.standardGravity : 1
            let acceleration = (rule.acceleration ?? rules.acceleration).map { $0 / scale }
            #expect(abs(first.acceleration.x - acceleration[0]) < 1e-12, "\(label): x read from another column")
            #expect(abs(first.acceleration.y - acceleration[1]) < 1e-12, "\(label)")
            #expect(abs(first.acceleration.z - acceleration[2]) < 1e-12, "\(label)")
            #expect(rule.decided == nil || unitsAuto, "\(label)")
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

    @Test("ISO 8601 text times with Z, an offset or none (UTC); a number or a bad time among them, or a time unit, is refused")
    func isoTimes() {
        #expect(Self.rules.isoTimes.count >= 6)
        #expect(Self.iso(Decimal(string: "1699919999.8")!, offset: "Z") == "2023-11-13T23:59:59.800Z")
        #expect(Self.iso(Decimal(1_700_000_000), offset: "-03:30") == "2023-11-14T18:43:20.000-03:30")
        for rule in Self.rules.isoTimes { Self.check(rule) }
    }

    @Test("--units auto: g or m/s² from |a| at rest; |a| in neither range is refused")
    func unitsAuto() {
        #expect(Self.rules.unitsAuto.count >= 4)
        for rule in Self.rules.unitsAuto { Self.check(rule, unitsAuto: true) }
    }

    @Test("collectors' columns (AWARE, Beiwe, RADAR-base) are found by name; others need --columns")
    func layouts() {
        #expect(Self.rules.layouts.count >= 6)
        for rule in Self.rules.layouts { Self.check(rule) }
    }
}

import Foundation
import Locomotion
import Testing
@testable import LocomotionIO
import LocomotionTestSupport

/// Each table's columns are defined once (`ResultTable`); what is written elsewhere is generated from them or checked
/// against them here: the Spark job's schema (`Integrations/spark/locomotion_spark/tables.json`) and the column tables
/// of Docs/cohorts.md.
@Suite struct ResultTableTests {
    static let root = TestDatasets.packageRoot

    /// The Spark job's schema is the generated one, byte for byte. `LOCOMOTION_UPDATE_SCHEMAS=1` rewrites it.
    @Test func theSparkSchemaIsGenerated() throws {
        let file = Self.root.appendingPathComponent("Integrations/spark/locomotion_spark/tables.json")
        if ProcessInfo.processInfo.environment["LOCOMOTION_UPDATE_SCHEMAS"] == "1" {
            try Data(ResultTable.sparkSchema.utf8).write(to: file)
        }
        let shipped = try String(contentsOf: file, encoding: .utf8)
        #expect(shipped == ResultTable.sparkSchema, """
            \(file.path) differs from the columns of ResultTable; regenerate it: \
            LOCOMOTION_UPDATE_SCHEMAS=1 swift test --filter ResultTableTests
            """)
    }

    /// The column names of a table section of Docs/cohorts.md: the backticked names in the first cell of each row
    /// after the `### <title>` heading, `a` … `b` standing for the activities' columns from a to b.
    static func documentedColumns(after title: String) throws -> [String] {
        let page = try String(contentsOf: root.appendingPathComponent("Docs/cohorts.md"), encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("### ") && $0.contains(title) }, "no section \(title)")
        var names: [String] = []
        var inTable = false
        for line in lines[(start + 1)...] {
            if line.hasPrefix("#") { break }
            guard line.hasPrefix("| ") else {
                if inTable { break }
                continue
            }
            inTable = true
            let cell = line.dropFirst(2).prefix { $0 != "|" }
            let ticked = cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            if cell.contains("…"), ticked.count == 2 {
                // `stationary_s` … `unknown_s`: every activity between, in the activities' order.
                let suffix = String(ticked[0].drop { $0 != "_" })
                let activities = MotionActivity.allCases.map { "\($0)" + suffix }
                let from = try #require(activities.firstIndex(of: ticked[0])), to = try #require(activities.firstIndex(of: ticked[1]))
                names += activities[from...to]
            } else {
                names += ticked
            }
        }
        return names.filter { $0 != "column" }
    }

    @Test(arguments: [("`locomotion epochs`", ResultTable.epochs), ("`locomotion daily`", ResultTable.daily),
                      ("`--also participants`", ResultTable.participants), ("`--also bouts`", ResultTable.bouts)])
    func theCohortPageListsEveryColumnInOrder(title: String, table: ResultTable) throws {
        #expect(try Self.documentedColumns(after: title) == table.columnNames)
    }

    @Test func theCohortPageNamesTheSegmentColumns() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("Docs/cohorts.md"), encoding: .utf8)
        let joined = page.replacingOccurrences(of: "\n", with: "")
        #expect(joined.contains("`" + ResultTable.segments.columnNames.joined(separator: ",") + "`"))
    }

    /// The header and every row of a table have as many fields as it has columns, in both encodings.
    @Test func rowsHaveTheTablesColumns() {
        let segment = ActivitySegment(start: 10, end: 20.5, activity: .walking, confidence: .high)
        #expect(TableRows.activity(segment, ActivityExplanation(rule: .gaitWalking), format: .csv) == "10.0,20.5,walking,high\n")
        #expect(ResultTable.activity.header(.csv) == "start,end,activity,confidence\n")
        #expect(ResultTable.activity.header(.json) == "")
        let tally = DailyDistance(day: LocalDay(year: 2024, month: 3, day: 1))
        let row = TableRows.distance(tally, format: .csv)
        #expect(row.split(separator: ",").count == ResultTable.distance.columns.count)
        #expect(row.hasPrefix("2024-03-01,0.000,"))
        let json = TableRows.distance(tally, format: .json)
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(Set(object?.keys.map { $0 } ?? []) == Set(ResultTable.distance.columnNames))

        // The study tables, with values and empty (no valid day, no carried minute).
        var day = DaySummary(day: LocalDay(year: 2024, month: 3, day: 1), start: 0, end: 86_400)
        day.minuteCadences.add(steps: 110)
        var days = ParticipantAccumulator()
        day.isValid = true
        days.push(day)
        let bout = WalkingBout(start: 5, end: 9, stepCount: 7)
        let rows: [(ResultTable, (OutputFormat) -> String)] = [
            (.daily, { TableRows.day(day, participant: "p", timeZone: TimeZone(identifier: "UTC")!, format: $0) }),
            (.daily, { TableRows.day(DaySummary(day: day.day, start: 0, end: 1), participant: "p", timeZone: TimeZone(identifier: "UTC")!, format: $0) }),
            (.participants, { TableRows.participant(days.summary, participant: "p", format: $0) }),
            (.participants, { TableRows.participant(ParticipantAccumulator().summary, participant: "p", format: $0) }),
            (.bouts, { TableRows.bout(bout, file: "f.csv", participant: "p", format: $0) }),
        ]
        for (table, make) in rows {
            #expect(make(.csv).split(separator: ",", omittingEmptySubsequences: false).count == table.columns.count, "\(table)")
            let keys = (try? JSONSerialization.jsonObject(with: Data(make(.json).utf8)) as? [String: Any])?.keys.map { $0 } ?? []
            #expect(Set(keys) == Set(table.columnNames), "\(table)")
        }
        #expect(TableRows.bout(bout, file: "f.csv", participant: "p", format: .csv) == "f.csv,p,5,9,4,7,90\n")
    }
}

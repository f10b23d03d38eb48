import Foundation
import Locomotion

/// Where one participant's rows go: each table streamed into its `--output-dir` file, or the command's table
/// spooled to a temporary file (``RowSpool``) until its turn in the combined output comes.
package final class TableSinks {
    private let format: OutputFormat
    private let zones: ZoneSchedule
    private let main: TableRows.Table
    private var files: [TableRows.Table: OutputFile] = [:]
    private let spool: RowSpool?
    /// The participant's days, for the person-level table.
    private var participantDays = ParticipantAccumulator()
    private var participant: String?

    /// Opens (as temporary files) the files of `files`; the `main` table goes to a spool when it has no file.
    package convenience init(tables: [TableRows.Table], main: TableRows.Table, format: OutputFormat, zone: TimeZone,
                             files paths: [TableRows.Table: String]) throws {
        try self.init(tables: tables, main: main, format: format, zones: ZoneSchedule(zone), files: paths)
    }

    /// As above, with local times in the participant's `zones`.
    package init(tables: [TableRows.Table], main: TableRows.Table, format: OutputFormat, zones: ZoneSchedule,
         files paths: [TableRows.Table: String]) throws {
        self.format = format
        self.zones = zones
        self.main = main
        for table in tables {
            if let path = paths[table] { files[table] = try OutputFile(path: path) }
        }
        spool = paths[main] == nil ? try RowSpool() : nil
    }

    package func writeHeaders() throws {
        for (table, file) in files { try file.write(TableRows.header(table, format: format)) }
        spool?.append(TableRows.header(main, format: format))
    }

    /// The tables a recording builds: those with a file, and the main one.
    package var tables: RecordingTables.Tables {
        var tables: RecordingTables.Tables = []
        if wants(.epochs) { tables.insert(.epochs) }
        if wants(.daily) || wants(.participants) { tables.insert(.days) }
        if wants(.segments) { tables.insert(.segments) }
        if wants(.bouts) { tables.insert(.bouts) }
        return tables
    }

    /// Where the rows of `participant`'s recording go: each appended, as it comes, to its table.
    package func output(participant: String) -> (RecordingTables.Row, _ file: String) -> Void {
        let format = format, zones = zones
        self.participant = participant
        return { [self] row, file in
            switch row {
            case .epoch(let epoch):
                append(TableRows.epoch(epoch, file: file, participant: participant, format: format), to: .epochs)
            case .day(let day):
                if wants(.daily) { append(TableRows.day(day, participant: participant, zones: zones, format: format), to: .daily) }
                participantDays.push(day)
            case .segment(let segment):
                append(TableRows.segment(segment, file: file, participant: participant, format: format), to: .segments)
            case .bout(let bout):
                append(TableRows.bout(bout, file: file, participant: participant, format: format), to: .bouts)
            }
        }
    }

    /// Completes every file (renamed into place) and returns the spool of the main table (nil when it went to
    /// a file).
    package func finish() throws -> RowSpool? {
        if wants(.participants), let participant {
            append(TableRows.participant(participantDays.summary, participant: participant, format: format), to: .participants)
        }
        for table in TableRows.Table.allCases { try files[table]?.commit() }
        try spool?.finish()
        return spool
    }

    private func wants(_ table: TableRows.Table) -> Bool { files[table] != nil || table == main }

    private func append(_ row: String, to table: TableRows.Table) {
        if let file = files[table] {
            // A failed write is reported by `finish` (every later call of the file throws the same error).
            try? file.write(row)
        } else {
            spool?.append(row)
        }
    }
}

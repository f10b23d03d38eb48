import Foundation
import Locomotion
import LocomotionIO

/// Where one participant's rows go: each table streamed into its `--output-dir` file, or the command's table
/// spooled to a temporary file (``RowSpool``) until its turn in the combined output comes.
final class TableSinks {
    private let format: OutputFormat
    private let zone: TimeZone
    private let main: TableRows.Table
    private var files: [TableRows.Table: OutputFile] = [:]
    private let spool: RowSpool?

    /// Opens (as temporary files) the files of `files`; the `main` table goes to a spool when it has no file.
    init(tables: [TableRows.Table], main: TableRows.Table, format: OutputFormat, zone: TimeZone,
         files paths: [TableRows.Table: String]) throws {
        self.format = format
        self.zone = zone
        self.main = main
        for table in tables {
            if let path = paths[table] { files[table] = try OutputFile(path: path) }
        }
        spool = paths[main] == nil ? try RowSpool() : nil
    }

    func writeHeaders() throws {
        for (table, file) in files { try file.write(TableRows.header(table, format: format)) }
        spool?.append(TableRows.header(main, format: format))
    }

    /// The run's outputs for `participant`: each wanted table's rows, appended as they come.
    func outputs(participant: String) -> ParticipantRun.Outputs {
        let format = format, zone = zone
        return ParticipantRun.Outputs(
            epoch: wants(.epochs) ? { [self] epoch, file in
                append(TableRows.epoch(epoch, file: file, participant: participant, format: format), to: .epochs)
            } : nil,
            day: wants(.daily) ? { [self] day in
                append(TableRows.day(day, participant: participant, timeZone: zone, format: format), to: .daily)
            } : nil,
            segment: wants(.segments) ? { [self] segment, file in
                append(TableRows.segment(segment, file: file, participant: participant, format: format), to: .segments)
            } : nil)
    }

    /// Completes every file (renamed into place) and returns the spool of the main table (nil when it went to
    /// a file).
    func finish() throws -> RowSpool? {
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

import Foundation
import LocomotionIO

/// The inputs of `epochs` and `daily` that are AWARE accelerometer tables, each split by `device_id`
/// (``AwareTableSplit``): one participant per `device_id`, across the tables.
enum AwareTables {
    /// The splits of `inputs`, by path; empty when no input is an AWARE table, or with `--participant` /
    /// `--participant-from`: named by the user, a table is one participant's trace, read as before (its `device_id`
    /// column unread, its rows in one time order).
    /// - Throws: ``CommandFailure`` (bad usage) when AWARE tables come with other traces; ``InputError`` from a
    ///   table's split.
    static func split(_ inputs: [String], options: TableOptions, reading: TraceReadingOptions) throws -> [String: AwareTableSplit] {
        guard options.participant == nil && options.participantPattern == nil else { return [:] }
        // An explicit other layout reads no table (and refuses AWARE's header, naming it, when the file is read).
        if let layout = reading.layout, layout != .aware { return [:] }
        let tables = inputs.filter(AwareTableSplit.isAccelerometerTable)
        if reading.layout == .aware, let other = inputs.first(where: { !tables.contains($0) }) {
            // Read by AwareTableSplit, which names the file:line and the columns it lacks (or why it cannot be read).
            _ = try AwareTableSplit(path: other, options: reading)
        }
        guard !tables.isEmpty else { return [:] }
        if let other = inputs.first(where: { !tables.contains($0) }) {
            throw CommandFailure.badUsage("\(tables[0]) is an AWARE table (a participant per device_id) but \(other) is not: give AWARE tables alone")
        }
        var splits: [String: AwareTableSplit] = [:]
        for table in tables where splits[table] == nil {
            splits[table] = try AwareTableSplit(path: table, options: reading)
        }
        return splits
    }
}

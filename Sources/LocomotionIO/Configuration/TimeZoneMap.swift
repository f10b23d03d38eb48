import Foundation
import Locomotion

/// Each participant's time zones over time, read from a CSV file (`--time-zones`): RAPIDS' `device_id,tzcode,
/// timestamp` (timestamp in epoch milliseconds; the device id is the participant) as it is, or
/// `participant,time_zone,from` (`from` in ISO 8601 with an offset or `Z`, or epoch seconds).
///
/// Each row says the participant is in the zone from that instant on; a participant's first zone also applies
/// before its first row. Zones are named as for `--time-zone` (``TimeZoneName``: IANA identifiers such as
/// Europe/Rome, or `UTC±HH:MM`). Extra columns are ignored. An unknown zone, a bad time, a participant's rows
/// out of time order or two at the same time are errors naming file and line.
package struct TimeZoneMap: Sendable {
    /// The file it was read from, for messages.
    package let file: String
    /// Each participant's schedule.
    package let schedules: [String: ZoneSchedule]

    /// The columns of the two layouts: participant, zone, time and the time's unit.
    private enum Layout {
        case rapids, plain
    }

    /// Reads `text`, the contents of `file`.
    /// - Throws: ``InputError`` naming the line and column of the first problem.
    /// - Complexity: O(rows · log rows).
    package init(text: String, file: String) throws(InputError) {
        self.file = file
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
            .map { (number: $0.offset + 1, fields: Self.fields(of: $0.element)) }
        while let last = lines.last, last.fields == [""] { lines.removeLast() }
        guard let header = lines.first else {
            throw InputError(file: file, problem: "the time-zone map is empty; it needs a header, device_id,tzcode,timestamp (RAPIDS) or participant,time_zone,from")
        }
        let names = header.fields.map { $0.lowercased() }
        let layout: Layout, columns: [Int]
        if let participant = names.firstIndex(of: "device_id"), let zone = names.firstIndex(of: "tzcode"),
           let time = names.firstIndex(of: "timestamp") {
            layout = .rapids
            columns = [participant, zone, time]
        } else if let participant = names.firstIndex(of: "participant"), let zone = names.firstIndex(of: "time_zone"),
                  let time = names.firstIndex(of: "from") {
            layout = .plain
            columns = [participant, zone, time]
        } else {
            throw InputError(file: file, line: header.number,
                             problem: "the header '\(header.fields.joined(separator: ","))' names neither RAPIDS' columns device_id,tzcode,timestamp nor participant,time_zone,from")
        }
        var rows: [String: (zones: [(time: Double, zone: TimeZone)], line: Int)] = [:]
        for line in lines.dropFirst() where line.fields != [""] {
            guard let widest = columns.max(), line.fields.count > widest else {
                throw InputError(file: file, line: line.number, problem: "\(line.fields.count) fields, but the header has \(header.fields.count)")
            }
            let participant = line.fields[columns[0]], zoneName = line.fields[columns[1]], timeText = line.fields[columns[2]]
            guard !participant.isEmpty else {
                throw InputError(file: file, line: line.number, column: columns[0] + 1, problem: "no participant")
            }
            guard let zone = TimeZoneName.zone(zoneName) else {
                throw InputError(file: file, line: line.number, column: columns[1] + 1, problem: TimeZoneName.problem(zoneName))
            }
            guard let time = Self.time(timeText, layout: layout) else {
                let expected = layout == .rapids ? "epoch milliseconds (RAPIDS' timestamp)"
                    : "ISO 8601 with an offset (2024-03-01T14:00:00+01:00) or epoch seconds"
                throw InputError(file: file, line: line.number, column: columns[2] + 1, problem: "'\(timeText)' is not a time: expected \(expected)")
            }
            var entry = rows[participant] ?? (zones: [], line: line.number)
            if let previous = entry.zones.last?.time, time <= previous {
                throw InputError(file: file, line: line.number, column: columns[2] + 1,
                                 problem: time == previous
                                    ? "participant '\(participant)' has two rows at the same time (line \(entry.line) too)"
                                    : "participant '\(participant)''s rows are not in time order: this one is earlier than line \(entry.line)'s")
            }
            entry.zones.append((time, zone))
            entry.line = line.number
            rows[participant] = entry
        }
        var schedules: [String: ZoneSchedule] = [:]
        for (participant, entry) in rows {
            let changes = entry.zones.dropFirst().map { ZoneSchedule.Change(time: $0.time, zone: $0.zone) }
            // Times were checked to increase, so the schedule exists.
            schedules[participant] = ZoneSchedule(initial: entry.zones[0].zone, changes: changes)
        }
        self.schedules = schedules
    }

    /// Reads the map at `path`.
    /// - Throws: ``InputError`` when the file cannot be read or has a problem.
    package init(contentsOf path: String) throws(InputError) {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw InputError(file: path, problem: "cannot read the time-zone map (\(error.localizedDescription))")
        }
        try self.init(text: text, file: path)
    }

    /// The schedule of `participant`; one absent from the map gets `fallback` when there is one.
    /// - Throws: ``InputError`` naming the map when the participant is absent and there is no fallback.
    package func schedule(of participant: String, fallback: TimeZone?) throws(InputError) -> ZoneSchedule {
        if let schedule = schedules[participant] { return schedule }
        if let fallback { return ZoneSchedule(fallback) }
        throw InputError(file: file, problem: "participant '\(participant)' is not in the time-zone map",
                         hint: InputError.Hint("add its rows, or give --time-zone for participants outside the map"))
    }

    /// A line's fields, trimmed, surrounding quotes removed (zone names and times never contain commas).
    private static func fields(of line: Substring) -> [String] {
        line.split(separator: ",", omittingEmptySubsequences: false).map { field in
            var text = field.trimmingCharacters(in: .whitespaces)
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
            return text
        }
    }

    /// Seconds since 1970 of `text`: RAPIDS' milliseconds, or the plain layout's ISO 8601 or seconds.
    private static func time(_ text: String, layout: Layout) -> Double? {
        if let number = Double(text), number.isFinite, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }) {
            return layout == .rapids ? number / 1000 : number
        }
        guard layout == .plain else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)?.timeIntervalSince1970
    }
}

import Locomotion
import LocomotionDSP

import Foundation

/// Turns the data lines of a trace into rows, for `TraceReader` and for the chunks that
/// `ReadAheadTraceReader` parses on several threads: the usual rows by the fast ``TraceRowScanner``,
/// every other line by the general parser; time must increase from row to row; a bad row stops
/// parsing (strict) or is skipped with a warning (lenient).
///
/// Both readers go through this one type, so a row, an error or a warning cannot depend on which
/// reader, buffer or chunk met it.
struct TraceLineParser {
    let file: String
    let columns: TraceColumns
    private(set) var scale: Double
    let lenient: Bool
    /// The fast path, when the columns have the usual layout.
    private(set) var scanner: TraceRowScanner?
    /// The time of the last row accepted (−∞ before the first).
    var previousTime = -Double.infinity
    /// Rows skipped in lenient mode (the first `TraceReader/maximumStoredWarnings`).
    var warnings: [InputWarning] = []
    /// The number of rows skipped in lenient mode.
    var skippedRowCount = 0
    /// True when the time column is ISO 8601 text (`2018-04-27T07:06:45.422`, ``UTCTimestamp``), as the first data
    /// row's is; false: numbers. One file never mixes the two.
    private(set) var timeIsText = false
    /// True once the first data row has decided ``timeIsText`` (set by the reader after its first batch, so that
    /// the chunks parsed on other threads, which start with no previous row, keep the file's kind).
    var timeKindDecided = false

    init(file: String, columns: TraceColumns, options: TraceReadingOptions, fastPath: Bool) {
        self.file = file
        self.columns = columns
        scale = options.units.toG
        lenient = options.lenient
        scanner = fastPath ? TraceRowScanner(columns: columns, scale: scale) : nil
    }

    /// Converts the rows parsed from now on with `scale` (`--units auto`, once the first rows decided the unit).
    mutating func setScale(_ scale: Double) {
        self.scale = scale
        if scanner != nil { scanner = TraceRowScanner(columns: columns, scale: scale) }
    }

    /// What one call of ``parse(lines:count:firstLine:into:capacity:)`` did.
    struct Progress {
        /// Bytes consumed: whole lines, each with its `\n`.
        var bytes = 0
        /// Lines consumed.
        var lines = 0
        /// Rows written.
        var rows = 0
        /// The bad row that stopped parsing (strict mode); it is among the lines consumed.
        var error: InputError?
    }

    /// Parses the lines of `bytes[0..<count]` — complete lines, each ending in `\n`, followed by at
    /// least ``LineSource/readPadding`` readable bytes — into `rows`, until they are all consumed,
    /// `capacity` rows are written or (strict mode) a bad row is met. `firstLine` is the number of
    /// the first line. O(count), no allocation unless a row is bad.
    mutating func parse(lines bytes: UnsafePointer<UInt8>, count: Int, firstLine: Int,
                        into rows: UnsafeMutablePointer<TraceRow>, capacity: Int) -> Progress {
        var progress = Progress()
        while progress.rows < capacity && progress.bytes < count {
            if let scanner {
                let (used, written) = scanner.scan(bytes + progress.bytes, count: count - progress.bytes,
                                                   into: rows + progress.rows, capacity: capacity - progress.rows,
                                                   firstLine: firstLine + progress.lines, previousTime: &previousTime)
                progress.bytes += used
                progress.lines += written
                progress.rows += written
                if progress.rows == capacity || progress.bytes == count { break }
            }
            // A line the scanner leaves to the general parser.
            let start = bytes + progress.bytes
            let end = UnsafeRawPointer(memchr(start, 0x0A, count - progress.bytes)!).assumingMemoryBound(to: UInt8.self)
            var length = end - start
            if length > 0 && start[length - 1] == 0x0D { length -= 1 }
            progress.bytes += end - start + 1
            progress.lines += 1
            switch accept(UnsafeBufferPointer(start: start, count: length), number: firstLine + progress.lines - 1,
                          unterminated: false) {
            case .row(let row):
                rows[progress.rows] = row
                progress.rows += 1
            case .skipped:
                continue
            case .failed(let error):
                progress.error = error
                return progress
            }
        }
        return progress
    }

    /// What one line gave.
    enum LineOutcome {
        case row(TraceRow)
        /// A blank line, or a bad row skipped in lenient mode.
        case skipped
        /// A bad row in strict mode.
        case failed(InputError)
    }

    /// Parses one line (without its line end) with the general parser and accepts or rejects it.
    /// `unterminated`: the line ends the input without a line break (a truncated last row says so).
    mutating func accept(_ line: UnsafeBufferPointer<UInt8>, number: Int, unterminated: Bool) -> LineOutcome {
        let timeColumn = columns.timestamp + 1
        var parsed = TraceLineParser.parse(line, columns: columns, textTime: timeIsText)
        // Only a row that failed at its time column can be of the other kind: the numeric path pays nothing.
        if case .failure(let column, _) = parsed, column == timeColumn {
            let field = Self.field(columns.timestamp, of: line)
            if timeIsText {
                if let base = field.baseAddress, field.count > 0, case .number = DecimalParser.parseField(base, from: 0, limit: field.count).0 {
                    return reject(line: number, column: timeColumn, problem: "timestamp \(CSVBytes.quoted(field)) is a number, but this "
                                  + "file's time column is ISO 8601 text (as its first data row): a file is one or the other")
                }
            } else if UTCTimestamp.parse(String(decoding: field, as: UTF8.self)) != nil {
                guard !timeKindDecided && previousTime == -.infinity else {
                    return reject(line: number, column: timeColumn, problem: "timestamp \(CSVBytes.quoted(field)) is ISO 8601 text, but "
                                  + "this file's time column is numeric (as its first data row): a file is one or the other")
                }
                timeIsText = true
                scanner = nil
                parsed = TraceLineParser.parse(line, columns: columns, textTime: true)
            }
        }
        let outcome = accept(parsed, number: number, unterminated: unterminated, timeColumn: timeColumn)
        if case .row = outcome { timeKindDecided = true }
        return outcome
    }

    /// The bytes of field `index` of `line` (trimmed; empty when the line has fewer fields).
    private static func field(_ index: Int, of line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let base = line.baseAddress else { return line }
        var start = 0
        for _ in 0..<index {
            let end = DecimalParser.fieldEnd(base, from: start, limit: line.count)
            guard end < line.count else { return UnsafeBufferPointer(start: base, count: 0) }
            start = end + 1
        }
        return CSVBytes.trimmed(base, start, DecimalParser.fieldEnd(base, from: start, limit: line.count))
    }

    /// Accepts or rejects a line parsed by any parser (the CSV one above, or the JSON Lines one): time must
    /// increase from row to row, a time going back or repeating is reported at `timeColumn`.
    mutating func accept(_ parsed: ParsedLine, number: Int, unterminated: Bool, timeColumn: Int) -> LineOutcome {
        switch parsed {
        case .blank:
            return .skipped
        case .failure(let column, let problem):
            let truncated = column == nil && unterminated
            return reject(line: number, column: column,
                          problem: problem + (truncated ? " (the file ends in the middle of a row)" : ""))
        case .row(let time, let x, let y, let z, let label):
            if time <= previousTime {
                let problem = time == previousTime
                    ? "duplicate timestamp \(time) (the same as the previous row)"
                    : "timestamp \(time) is earlier than the previous row's \(previousTime) (time goes backwards)"
                return reject(line: number, column: timeColumn, problem: problem)
            }
            previousTime = time
            let sample = AccelerometerSample(time: time, x: x * scale, y: y * scale, z: z * scale)
            return .row(TraceRow(sample: sample, label: label, line: number))
        }
    }

    /// Accepts a JSON Lines row (``JSONLinesRowParser``) whose timestamp was a number or, `textTime`, an ISO 8601
    /// string: the first row accepted decides the file's kind (``timeIsText``), as a CSV file's first data row does,
    /// and a later row of the other kind is refused at its timestamp.
    mutating func accept(_ parsed: ParsedLine, number: Int, unterminated: Bool, timeColumn: Int, textTime: Bool) -> LineOutcome {
        if case .row = parsed, timeKindDecided, textTime != timeIsText {
            return reject(line: number, column: timeColumn, problem: textTime
                ? "timestamp is ISO 8601 text, but this file's timestamps are numbers (as its first row): a file is one or the other"
                : "timestamp is a number, but this file's timestamps are ISO 8601 text (as its first row): a file is one or the other")
        }
        let outcome = accept(parsed, number: number, unterminated: unterminated, timeColumn: timeColumn)
        if case .row = outcome, !timeKindDecided {
            timeIsText = textTime
            timeKindDecided = true
        }
        return outcome
    }

    /// Fails in strict mode; records a warning in lenient mode.
    private mutating func reject(line: Int, column: Int?, problem: String) -> LineOutcome {
        guard lenient else {
            let hint: InputError.Hint? = problem.contains("timestamp") && (problem.contains("duplicate") || problem.contains("backwards"))
                ? "rows must be in increasing time; \(ReadingOption.lenient) skips such rows" : nil
            return .failed(InputError(file: file, line: line, column: column, problem: problem, hint: hint))
        }
        skippedRowCount += 1
        if warnings.count < TraceReader.maximumStoredWarnings {
            warnings.append(InputWarning(file: file, line: line, column: column, problem: problem))
        }
        return .skipped
    }
}

extension TraceLineParser {
    /// The outcome of parsing one data line.
    enum ParsedLine {
        case blank
        case row(time: Double, x: Double, y: Double, z: Double, label: MotionActivity?)
        case failure(column: Int?, problem: String)
    }

    /// The general parser: one data line against `columns`, whatever its layout, blanks, quotes or
    /// number forms. No allocation unless it fails.
    @inline(__always)
    static func parse(_ line: UnsafeBufferPointer<UInt8>, columns: TraceColumns, textTime: Bool = false) -> ParsedLine {
        guard let base = line.baseAddress, line.count > 0 else { return .blank }
        var values = (0.0, 0.0, 0.0, 0.0)
        var label: MotionActivity?
        var field = 0
        var fieldStart = 0
        var index = 0
        let needed = columns.requiredFieldCount
        let labelColumn = columns.label ?? -1
        let count = line.count
        while field < needed {
            if field == labelColumn {
                index = DecimalParser.fieldEnd(base, from: fieldStart, limit: count)
                let bytes = CSVBytes.trimmed(base, fieldStart, index)
                if bytes.count > 0 {
                    guard let activity = CSVBytes.activity(bytes) else {
                        return .failure(column: field + 1, problem: "unknown label \(CSVBytes.quoted(bytes)) "
                            + "(expected one of \(MotionActivity.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    label = activity
                }
            } else {
                let slot: Int
                if field == columns.timestamp {
                    slot = 0
                } else if field == columns.x {
                    slot = 1
                } else if field == columns.y {
                    slot = 2
                } else if field == columns.z {
                    slot = 3
                } else {
                    slot = -1
                }
                if slot == 0 && textTime {
                    index = DecimalParser.fieldEnd(base, from: fieldStart, limit: count)
                    let bytes = CSVBytes.trimmed(base, fieldStart, index)
                    guard let seconds = UTCTimestamp.parse(String(decoding: bytes, as: UTF8.self)) else {
                        if field == 0 && !line.contains(where: { !CSVBytes.isBlank($0) }) { return .blank }
                        return .failure(column: field + 1, problem: "timestamp is \(bytes.isEmpty ? "empty" : CSVBytes.quoted(bytes)), "
                            + "not an ISO 8601 time YYYY-MM-DDTHH:MM:SS[.fraction][Z|±HH:MM] (the file's time column is text)")
                    }
                    values.0 = seconds
                } else if slot >= 0 {
                    let (parsed, end) = DecimalParser.parseField(base, from: fieldStart, limit: count)
                    index = end
                    switch parsed {
                    case .number(let value):
                        switch slot {
                        case 0: values.0 = value
                        case 1: values.1 = value
                        case 2: values.2 = value
                        default: values.3 = value
                        }
                    case .nonFinite:
                        let bytes = CSVBytes.trimmed(base, fieldStart, index)
                        return .failure(column: field + 1, problem: "\(TraceColumns.requiredNames[slot]) is "
                            + "\(CSVBytes.quoted(bytes)), not a finite number")
                    case .invalid:
                        if field == 0 && !line.contains(where: { !CSVBytes.isBlank($0) }) { return .blank }
                        let bytes = CSVBytes.trimmed(base, fieldStart, index)
                        let what = bytes.isEmpty ? "empty" : "not a number: \(CSVBytes.quoted(bytes))"
                            + (TraceFormatDiagnosis.quotedField(bytes).map { "; \($0)" } ?? "")
                        return .failure(column: field + 1, problem: "\(TraceColumns.requiredNames[slot]) is \(what)")
                    }
                } else {
                    index = DecimalParser.fieldEnd(base, from: fieldStart, limit: count)
                }
            }
            field += 1
            if index >= count { break }
            index += 1
            fieldStart = index
        }
        if field < needed {
            return .failure(column: nil, problem: "row has \(field) field\(field == 1 ? "" : "s"), "
                + "expected at least \(needed)")
        }
        return .row(time: values.0, x: values.1, y: values.2, z: values.3, label: label)
    }
}

import Locomotion
import LocomotionDSP

/// Reads an accelerometer trace CSV one row at a time, in constant memory.
///
/// The format is `timestamp,x,y,z[,label]` (see `Docs/formats.md`): columns are
/// found by name in the header, extra columns are ignored, and a file whose
/// first line is numeric is read as headerless `timestamp,x,y,z`. Samples come
/// out in g whatever ``TraceReadingOptions/units`` the file is in.
///
/// Every problem is an ``InputError`` naming the file, line and column. In
/// lenient mode a bad row is skipped and recorded in ``warnings`` instead.
///
/// ```swift
/// var reader = try TraceReader(path: "day.csv")
/// while let row = try reader.next() {
///     process(row.sample)
/// }
/// ```
///
/// Reading is a byte-level parse of a large reusable buffer filled by
/// `read(2)`: O(1) memory (a 1 MiB buffer and the first
/// ``unitCheckRowCount`` rows) and no allocation per row.
///
/// A reader owns an open file; copies of it share that file, so use one copy.
public struct TraceReader {
    /// The rows whose median magnitude decides the unit check.
    public static let unitCheckRowCount = 500
    /// Lenient reading keeps at most this many ``warnings``; ``skippedRowCount``
    /// counts them all.
    public static let maximumStoredWarnings = 1000

    /// The path as given, `"-"` for standard input.
    public let file: String
    /// How the trace is read.
    public let options: TraceReadingOptions
    /// True when the header has a `label` column.
    public let hasLabels: Bool
    /// True when the file starts with a header line (false: headerless `timestamp,x,y,z`).
    public let hasHeader: Bool
    /// Rows skipped in lenient mode so far (the first ``maximumStoredWarnings``).
    public private(set) var warnings: [InputWarning] = []
    /// The number of rows skipped in lenient mode so far.
    public private(set) var skippedRowCount = 0

    private let source: LineSource
    private let columns: TraceColumns
    private let scale: Double
    private var previousTime = -Double.infinity
    private var prefetched: [TraceRow] = []
    private var prefetchedIndex = 0
    private var deferredError: InputError?
    private var finished = false

    /// Opens `path` (or standard input for `"-"`), reads the header and checks
    /// the units on the first ``unitCheckRowCount`` rows.
    ///
    /// - Throws: ``InputError`` when the file cannot be read, is empty, has no
    ///   samples, lacks a required column, is in the other unit, or (strict
    ///   mode) its first data row is bad.
    public init(path: String, options: TraceReadingOptions = .init()) throws(InputError) {
        file = path
        self.options = options
        scale = options.units.toG
        source = try LineSource(path: path)

        // The first line that is not blank is a header, or the first data row.
        var firstLine: FirstLine?
        repeat {
            do {
                firstLine = try source.withNextLine { line in FirstLine(line) }
            } catch {
                throw LineSource.inputError(error, file: path, line: source.lineNumber + 1)
            }
        } while firstLine == .blank
        guard let firstLine else {
            throw InputError(file: path, problem: "empty file: no header and no samples",
                             hint: "expected a header timestamp,x,y,z[,label] and one row per sample")
        }
        switch firstLine {
        case .blank:
            preconditionFailure("blank lines are skipped above")
        case .header(let found):
            columns = found
            hasHeader = true
        case .headerless:
            columns = .headerless
            hasHeader = false
        case .bad(let problem, let hint):
            throw InputError(file: path, line: source.lineNumber, problem: problem, hint: hint)
        }
        hasLabels = columns.label != nil

        // A headerless file's first line is data: read it again as a row.
        if !hasHeader { source.rewindLastLine() }
        try prefetch()
    }

    /// The next row, or nil at the end of the file.
    ///
    /// - Throws: ``InputError`` for a bad row (strict mode). After an error the
    ///   reader is finished and returns nil.
    public mutating func next() throws(InputError) -> TraceRow? {
        if prefetchedIndex < prefetched.count {
            let row = prefetched[prefetchedIndex]
            prefetchedIndex += 1
            if prefetchedIndex == prefetched.count {
                prefetched = []
                prefetchedIndex = 0
            }
            return row
        }
        if let error = deferredError {
            deferredError = nil
            finished = true
            throw error
        }
        if finished { return nil }
        do {
            return try readRow()
        } catch {
            finished = true
            throw error
        }
    }
}

extension TraceReader {
    /// What the first non-blank line is.
    fileprivate enum FirstLine: Equatable {
        case blank
        case header(TraceColumns)
        case headerless
        case bad(problem: String, hint: String?)

        init(_ line: UnsafeBufferPointer<UInt8>) {
            guard let base = line.baseAddress, line.contains(where: { !CSVBytes.isBlank($0) }) else {
                self = .blank
                return
            }
            if CSVBytes.looksBinary(line) {
                self = .bad(problem: "not a text CSV trace: the first line holds binary data "
                            + CSVBytes.quoted(line), hint: nil)
                return
            }
            var firstFieldEnd = 0
            while firstFieldEnd < line.count && base[firstFieldEnd] != 0x2C { firstFieldEnd += 1 }
            switch DecimalParser.parse(CSVBytes.trimmed(base, 0, firstFieldEnd)) {
            case .number, .nonFinite:
                self = .headerless
                return
            case .invalid:
                break
            }
            let names = CSVBytes.fieldStrings(line).map { $0.lowercased() }
            switch TraceColumns.find(in: names) {
            case .success(let columns):
                self = .header(columns)
            case .failure(let missing):
                let list = missing.names.joined(separator: ", ")
                self = .bad(problem: "header lacks the column\(missing.names.count == 1 ? "" : "s") \(list)",
                            hint: "a trace starts with the header timestamp,x,y,z[,label]; found "
                                + CSVBytes.quoted(line))
            }
        }
    }

    /// The outcome of parsing one data line.
    fileprivate enum ParsedLine {
        case blank
        case row(time: Double, x: Double, y: Double, z: Double, label: MotionActivity?)
        case failure(column: Int?, problem: String)
    }

    /// Parses one data line against `columns`. No allocation unless it fails.
    @inline(__always)
    fileprivate static func parse(_ line: UnsafeBufferPointer<UInt8>, columns: TraceColumns) -> ParsedLine {
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
                if slot >= 0 {
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

    /// The next good row; strict: throws at a bad one; lenient: skips it.
    private mutating func readRow() throws(InputError) -> TraceRow? {
        let columns = self.columns
        while true {
            let parsed: ParsedLine?
            do {
                parsed = try source.withNextLine { line in TraceReader.parse(line, columns: columns) }
            } catch {
                throw LineSource.inputError(error, file: file, line: source.lineNumber + 1)
            }
            guard let parsed else { return nil }
            let line = source.lineNumber
            switch parsed {
            case .blank:
                continue
            case .failure(let column, let problem):
                let truncated = column == nil && source.lastLineWasUnterminated
                try reject(line: line, column: column,
                           problem: problem + (truncated ? " (the file ends in the middle of a row)" : ""))
            case .row(let time, let x, let y, let z, let label):
                if time <= previousTime {
                    let problem = time == previousTime
                        ? "duplicate timestamp \(time) (the same as the previous row)"
                        : "timestamp \(time) is earlier than the previous row's \(previousTime) (time goes backwards)"
                    try reject(line: line, column: columns.timestamp + 1, problem: problem)
                    continue
                }
                previousTime = time
                let sample = AccelerometerSample(time: time, x: x * scale, y: y * scale, z: z * scale)
                return TraceRow(sample: sample, label: label, line: line)
            }
        }
    }

    /// Throws in strict mode; records a warning in lenient mode.
    private mutating func reject(line: Int, column: Int?, problem: String) throws(InputError) {
        guard options.lenient else {
            let hint = problem.contains("timestamp") && (problem.contains("duplicate") || problem.contains("backwards"))
                ? "rows must be in increasing time; --lenient skips such rows" : nil
            throw InputError(file: file, line: line, column: column, problem: problem, hint: hint)
        }
        skippedRowCount += 1
        if warnings.count < TraceReader.maximumStoredWarnings {
            warnings.append(InputWarning(file: file, line: line, column: column, problem: problem))
        }
    }

    /// Reads ahead the rows the unit check needs, then checks.
    private mutating func prefetch() throws(InputError) {
        prefetched.reserveCapacity(TraceReader.unitCheckRowCount)
        do {
            while prefetched.count < TraceReader.unitCheckRowCount, let row = try readRow() {
                prefetched.append(row)
            }
        } catch {
            deferredError = error
        }
        if prefetched.isEmpty {
            if let deferredError { throw deferredError }
            if skippedRowCount > 0, let first = warnings.first {
                throw InputError(file: file, problem: "no samples: all \(skippedRowCount) data rows were skipped "
                                 + "as bad; the first at line \(first.line): \(first.problem)")
            }
            throw InputError(file: file, line: hasHeader ? 2 : nil,
                             problem: hasHeader ? "no samples: the file has a header but no data rows"
                                                : "no samples",
                             hint: "expected one row timestamp,x,y,z per sample after the header")
        }
        if options.checkUnits {
            try checkUnits()
            try TimestampPlausibility.checkTrace(prefetched, file: file)
        }
    }

    /// Refuses a trace whose median magnitude says it is in the other unit.
    private func checkUnits() throws(InputError) {
        var magnitudes = prefetched.map(\.sample.acceleration.magnitude)
        magnitudes.sort()
        let middle = magnitudes.count / 2
        let median = magnitudes.count % 2 == 1
            ? magnitudes[middle] : (magnitudes[middle - 1] + magnitudes[middle]) / 2
        let plausible = TraceReader.plausibleMedianMagnitude
        guard !plausible.contains(median) else { return }
        let where_ = "median |a| of the rows at lines \(prefetched.first!.line)–\(prefetched.last!.line) is "
            + "\(TraceReader.rounded(median)) g"
        let g = AccelerationUnit.standardGravity
        if options.units == .g && plausible.contains(median / g) {
            throw InputError(file: file, problem: where_ + ", about 9.8: the values look like m/s², not g",
                             hint: "pass --units ms2 (Android reports m/s²)")
        }
        if options.units == .metersPerSecondSquared && plausible.contains(median * g) {
            throw InputError(file: file, problem: where_ + " after converting from m/s²: the values look like g already",
                             hint: "pass --units g (CoreMotion reports g)")
        }
        throw InputError(file: file, problem: where_ + "; acceleration including gravity is about 1 g "
                         + "(is it gravity-removed user acceleration, or another unit?)",
                         hint: "check the units; pass --no-unit-check to read it anyway")
    }

    /// Median magnitudes (g) a gravity-including trace can have: about 1 g at
    /// rest, up to about 2 g median in hard running, down to about 0.3 g in
    /// continuous jumping (a real MobiFall recording: much of it in flight).
    /// g read as m/s² gives ≈ 0.1, m/s² read as g ≈ 9.8, both well outside.
    static let plausibleMedianMagnitude = 0.2...3.0

    private static func rounded(_ value: Double) -> String {
        let scaled = (value * 1000).rounded() / 1000
        return "\(scaled)"
    }
}

extension LineSource {
    static func inputError(_ failure: Failure, file: String, line: Int) -> InputError {
        switch failure {
        case .readFailed(let reason):
            InputError(file: file, line: line, problem: "read failed: \(reason)")
        case .lineTooLong(let limit):
            InputError(file: file, line: line, problem: "line longer than \(limit) bytes: not a CSV trace",
                       hint: "is this a binary file?")
        }
    }
}

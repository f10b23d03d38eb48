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
/// `read(2)`: O(1) memory (a 1 MiB buffer and a batch of
/// ``batchCapacity`` parsed rows) and no allocation per row. Rows of the usual
/// layout `timestamp,x,y,z[,label]` with plain numbers are parsed a batch at a
/// time by a fast path that reads digits eight at a time; any other line goes
/// through the general parser, with the same result. ``next(into:maximumCount:)``
/// hands out rows in batches for consumers that process them in bulk.
///
/// A reader owns an open file; copies of it share that file, so use one copy.
public struct TraceReader {
    /// The rows whose median magnitude decides the unit check.
    public static let unitCheckRowCount = 500
    /// The number of rows parsed ahead in one batch (at least ``unitCheckRowCount``).
    public static let batchCapacity = 1024
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
    /// The fast path, when the columns have the usual layout.
    private let scanner: TraceRowScanner?
    private var previousTime = -Double.infinity
    /// Rows parsed ahead: `batch[batchIndex..<batchCount]` are still to be returned.
    private var batch: [TraceRow]
    private var batchIndex = 0
    private var batchCount = 0
    /// The error met while parsing ahead, thrown once the rows before it are returned.
    private var deferredError: InputError?
    /// True once the end of the input was reached while parsing ahead.
    private var reachedEnd = false
    /// True after the end was returned or an error thrown.
    private var finished = false

    /// Opens `path` (or standard input for `"-"`), reads the header and checks
    /// the units on the first ``unitCheckRowCount`` rows.
    ///
    /// - Throws: ``InputError`` when the file cannot be read, is empty, has no
    ///   samples, lacks a required column, is in the other unit, or (strict
    ///   mode) its first data row is bad.
    public init(path: String, options: TraceReadingOptions = .init()) throws(InputError) {
        try self.init(path: path, options: options, bufferSize: 1 << 20)
    }

    /// `bufferSize`: the initial read buffer in bytes (tests use tiny ones to cross buffer boundaries);
    /// `fastPath: false` reads every line with the general parser (tests compare the two).
    init(path: String, options: TraceReadingOptions, bufferSize: Int, fastPath: Bool = true) throws(InputError) {
        file = path
        self.options = options
        scale = options.units.toG
        batch = Array(repeating: TraceRow(sample: AccelerometerSample(time: 0, x: 0, y: 0, z: 0), line: 0),
                      count: TraceReader.batchCapacity)
        source = try LineSource(path: path, bufferSize: bufferSize)

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
        scanner = fastPath ? TraceRowScanner(columns: columns, scale: scale) : nil

        // A headerless file's first line is data: read it again as a row.
        if !hasHeader { source.rewindLastLine() }
        try readFirstBatch()
    }

    /// The next row, or nil at the end of the file.
    ///
    /// - Throws: ``InputError`` for a bad row (strict mode). After an error the
    ///   reader is finished and returns nil.
    @inline(__always)
    public mutating func next() throws(InputError) -> TraceRow? {
        if batchIndex < batchCount {
            let row = batch[batchIndex]
            batchIndex += 1
            return row
        }
        guard try refillBatch() else { return nil }
        let row = batch[batchIndex]
        batchIndex += 1
        return row
    }

    /// Replaces the contents of `rows` with the next rows, at most
    /// `maximumCount` (≥ 1) of them, and returns false when there are none
    /// left. The rows are those ``next()`` would return, in order; reusing one
    /// array keeps this free of allocation once it has grown to `maximumCount`.
    /// O(rows returned): they are copied out of the reader's batch in blocks.
    ///
    /// - Throws: ``InputError`` for a bad row (strict mode), once the rows
    ///   before it have been returned. After an error the reader is finished.
    public mutating func next(into rows: inout [TraceRow], maximumCount: Int) throws(InputError) -> Bool {
        precondition(maximumCount >= 1, "maximumCount must be at least 1")
        rows.removeAll(keepingCapacity: true)
        while rows.count < maximumCount {
            if batchIndex == batchCount {
                // Rows already taken go out before an error is thrown.
                if !rows.isEmpty && (deferredError != nil || reachedEnd) { break }
                guard try refillBatch() else { break }
            }
            let taken = min(batchCount - batchIndex, maximumCount - rows.count)
            rows.append(contentsOf: batch[batchIndex..<batchIndex + taken])
            batchIndex += taken
        }
        return !rows.isEmpty
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
            if let (problem, hint) = TraceFormatDiagnosis.carriageReturnsAlone(in: line) {
                self = .bad(problem: problem, hint: hint)
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
                            hint: TraceFormatDiagnosis.semicolonHeader(line).map { $0 + "; found " + CSVBytes.quoted(line) }
                                ?? "a trace starts with the header timestamp,x,y,z[,label]; found " + CSVBytes.quoted(line))
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

    /// What one line read by the general parser gave.
    private enum LineOutcome {
        case row(TraceRow)
        /// A blank line, or a bad row skipped in lenient mode.
        case skipped
        case end
    }

    /// Reads one line with the general parser; strict: throws at a bad row; lenient: skips it.
    private mutating func readLine() throws(InputError) -> LineOutcome {
        let columns = self.columns
        let parsed: ParsedLine?
        do {
            parsed = try source.withNextLine { line in TraceReader.parse(line, columns: columns) }
        } catch {
            throw LineSource.inputError(error, file: file, line: source.lineNumber + 1)
        }
        guard let parsed else { return .end }
        let line = source.lineNumber
        switch parsed {
        case .blank:
            return .skipped
        case .failure(let column, let problem):
            let truncated = column == nil && source.lastLineWasUnterminated
            try reject(line: line, column: column,
                       problem: problem + (truncated ? " (the file ends in the middle of a row)" : ""))
            return .skipped
        case .row(let time, let x, let y, let z, let label):
            if time <= previousTime {
                let problem = time == previousTime
                    ? "duplicate timestamp \(time) (the same as the previous row)"
                    : "timestamp \(time) is earlier than the previous row's \(previousTime) (time goes backwards)"
                try reject(line: line, column: columns.timestamp + 1, problem: problem)
                return .skipped
            }
            previousTime = time
            let sample = AccelerometerSample(time: time, x: x * scale, y: y * scale, z: z * scale)
            return .row(TraceRow(sample: sample, label: label, line: line))
        }
    }

    /// Parses the next batch when the current one is used up; false at the end
    /// (or after an error). Throws the error met while parsing ahead once the
    /// rows before it have been returned.
    private mutating func refillBatch() throws(InputError) -> Bool {
        if batchIndex < batchCount { return true }
        if finished { return false }
        if deferredError == nil && !reachedEnd { fillBatch() }
        if batchIndex < batchCount { return true }
        finished = true
        if let error = deferredError {
            deferredError = nil
            throw error
        }
        return false
    }

    /// Parses up to ``batchCapacity`` rows into `batch`: runs of usual rows by
    /// the fast scanner, any other line by the general parser. Stops early at
    /// the end of input (`reachedEnd`) or at an error (`deferredError`).
    private mutating func fillBatch() {
        var rows: [TraceRow] = []
        swap(&rows, &batch)   // `batch` is not touched below: no copy, and `self` stays free to mutate
        defer { swap(&rows, &batch) }
        let capacity = rows.count
        var count = 0
        rows.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            do throws(InputError) {
                while count < capacity {
                    // Line 1 may carry a byte order mark: the general parser takes it.
                    if let scanner, source.lineNumber > 0 {
                        let scanned: (bytes: Int, rows: Int, complete: Bool)?
                        do throws(LineSource.Failure) {
                            let first = source.lineNumber + 1
                            var time = previousTime
                            scanned = try source.withCompleteLines { bytes, length in
                                let (used, rows) = scanner.scan(bytes, count: length, into: base + count,
                                                                capacity: capacity - count,
                                                                firstLine: first, previousTime: &time)
                                return (used, rows, (used, rows, used == length))
                            }
                            previousTime = time
                        } catch {
                            throw LineSource.inputError(error, file: file, line: source.lineNumber + 1)
                        }
                        if let scanned {
                            count += scanned.rows
                            // The whole run was usual rows: scan the next one.
                            if scanned.complete { continue }
                        }
                        if count == capacity { break }
                    }
                    switch try readLine() {
                    case .row(let row):
                        base[count] = row
                        count += 1
                    case .skipped:
                        continue
                    case .end:
                        reachedEnd = true
                        return
                    }
                }
            } catch {
                deferredError = error
            }
        }
        batchIndex = 0
        batchCount = count
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

    /// Parses the first batch, which holds the rows the unit check needs, then checks.
    private mutating func readFirstBatch() throws(InputError) {
        fillBatch()
        if batchCount == 0 {
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
            try TimestampPlausibility.checkTrace(Array(firstRows), file: file)
        }
    }

    /// The first rows of the trace (at most ``unitCheckRowCount``), for checks of the whole file that
    /// look at its start. Valid right after the first batch is parsed.
    private var firstRows: ArraySlice<TraceRow> {
        batch[0..<min(batchCount, TraceReader.unitCheckRowCount)]
    }

    /// Refuses a trace whose median magnitude says it is in the other unit.
    private func checkUnits() throws(InputError) {
        let firstRows = self.firstRows
        var magnitudes = firstRows.map(\.sample.acceleration.magnitude)
        magnitudes.sort()
        let middle = magnitudes.count / 2
        let median = magnitudes.count % 2 == 1
            ? magnitudes[middle] : (magnitudes[middle - 1] + magnitudes[middle]) / 2
        let plausible = TraceReader.plausibleMedianMagnitude
        guard !plausible.contains(median) else { return }
        let where_ = "median |a| of the rows at lines \(firstRows.first!.line)–\(firstRows.last!.line) is "
            + "\(TraceReader.rounded(median)) g"
        let g = AccelerationUnit.standardGravity
        if let (limit, share) = TraceFormatDiagnosis.saturation(of: firstRows) {
            throw InputError(file: file, problem: where_ + ", and \(Int((share * 100).rounded())) % of these rows have an axis at "
                             + "exactly ±\(TraceReader.rounded(limit)): the accelerometer saturated (clipped at its range), so "
                             + "|a| says nothing about the unit",
                             hint: "pass --no-unit-check to read them anyway: as g, or with --units ms2 as m/s²")
        }
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

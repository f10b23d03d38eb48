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
/// 1 024 parsed rows) and no allocation per row. Rows of the usual
/// layout `timestamp,x,y,z[,label]` with plain numbers are parsed a batch at a
/// time by a fast path that reads digits eight at a time; any other line goes
/// through the general parser, with the same result. ``next(into:maximumCount:)``
/// hands out rows in batches for consumers that process them in bulk.
///
/// A reader owns an open file; copies of it share that file, so use one copy.
@_spi(Harness) public struct TraceReader {
    /// The rows whose median magnitude decides the unit check.
    public static let unitCheckRowCount = 500
    /// The number of rows parsed ahead in one batch (at least ``unitCheckRowCount``).
    static let batchCapacity = 1024
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
    public var warnings: [InputWarning] { parser.warnings }
    /// The number of rows skipped in lenient mode so far.
    public var skippedRowCount: Int { parser.skippedRowCount }

    /// The unit the timestamps were read in (given, or detected from the first rows).
    package private(set) var timestampUnit: TimestampUnit = .seconds
    /// What `--units auto` decided (nil: the unit was given, ``TraceReadingOptions/units``).
    package private(set) var accelerationUnitDecision: AccelerationUnitDecision?
    /// What the parsed times are divided by to give seconds (1 until the unit is decided).
    private(set) var timeDivisor = 1.0

    let source: LineSource
    /// Parses the data lines and keeps the time of the last row, the warnings and the count of skipped rows.
    var parser: TraceLineParser
    /// Rows parsed ahead: `batch[batchIndex..<batchCount]` are still to be returned.
    private(set) var batch: [TraceRow]
    private(set) var batchIndex = 0
    private(set) var batchCount = 0
    /// The error met while parsing ahead, thrown once the rows before it are returned.
    private(set) var deferredError: InputError?
    /// True once the end of the input was reached while parsing ahead.
    private(set) var reachedEnd = false
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
        try self.init(source: LineSource(path: path, bufferSize: bufferSize), file: path, options: options, fastPath: fastPath)
    }

    /// Reads `source` (opened from `path`, possibly with blank lines already read, or its first line read and
    /// rewound by ``TraceInput``'s look at the format) as the trace `file`.
    init(source: LineSource, file path: String, options: TraceReadingOptions, fastPath: Bool = true) throws(InputError) {
        file = path
        self.options = options
        batch = Array(repeating: TraceRow(sample: AccelerometerSample(time: 0, x: 0, y: 0, z: 0), line: 0),
                      count: TraceReader.batchCapacity)
        self.source = source

        // The first line that is not blank is a header, or the first data row.
        var firstLine: FirstLine?
        repeat {
            do {
                firstLine = try source.withNextLine { line in FirstLine(line, columnMap: options.columnNames, layout: options.layout) }
            } catch {
                throw LineSource.inputError(error, file: path, line: source.lineNumber + 1)
            }
        } while firstLine == .blank
        guard let firstLine else {
            throw InputError(file: path, problem: "empty file: no header and no samples",
                             hint: "expected a header timestamp,x,y,z[,label] and one row per sample")
        }
        let columns: TraceColumns
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
            throw InputError(file: path, line: source.lineNumber, problem: problem, hint: hint.map { InputError.Hint($0) })
        }
        hasLabels = columns.label != nil
        // `--units auto` parses the first rows as written, then sets the parser's scale once the unit is decided.
        var parsing = options
        if options.detectsUnits { parsing.units = .g }
        parser = TraceLineParser(file: path, columns: columns, options: parsing, fastPath: fastPath)

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
    ///
    /// - Throws: ``InputError`` for a bad row (strict mode), once the rows
    ///   before it have been returned. After an error the reader is finished.
    /// - Complexity: O(rows returned): they are copied out of the reader's batch in blocks.
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

        init(_ line: UnsafeBufferPointer<UInt8>, columnMap: [String]?, layout: TraceLayout?) {
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
            // Data when the first field is a number or an ISO 8601 time: no column is named like either, so a header
            // never starts with one (a data row whose other fields are bad is then a bad row at line 1, not a header).
            let firstField = CSVBytes.trimmed(base, 0, firstFieldEnd)
            let startsWithData = switch DecimalParser.parse(firstField) {
            case .number, .nonFinite: true
            case .invalid: UTCTimestamp.parse(String(decoding: firstField, as: UTF8.self)) != nil
            }
            if startsWithData {
                if let layout, layout != .canonical {
                    self = .bad(problem: "--layout \(layout.rawValue) expects the header \(layout.expectedHeader), but the first line is data",
                                hint: "found " + CSVBytes.quoted(line) + "; --layout auto finds the layout from the header")
                    return
                }
                self = .headerless
                return
            }
            let names = CSVBytes.fieldStrings(line).map { $0.lowercased() }
            if let layout {
                let missing = layout.missingNames(in: names)
                guard missing.isEmpty else {
                    self = .bad(problem: "--layout \(layout.rawValue) expects the header \(layout.expectedHeader); this one lacks "
                                + missing.joined(separator: ", "),
                                hint: "found " + CSVBytes.quoted(line) + "; --layout auto finds the layout from the header")
                    return
                }
            }
            switch TraceColumns.find(in: names, map: columnMap ?? layout.map(\.sampleNames)) {
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

    /// What one line read by the general parser gave.
    private enum LineOutcome {
        case row(TraceRow)
        /// A blank line, or a bad row skipped in lenient mode.
        case skipped
        case end
    }

    /// Reads one line with the general parser; strict: throws at a bad row; lenient: skips it.
    private mutating func readLine() throws(InputError) -> LineOutcome {
        let source = self.source
        let outcome: TraceLineParser.LineOutcome?
        do {
            outcome = try source.withNextLine { line in
                parser.accept(line, number: source.lineNumber, unterminated: source.lastLineWasUnterminated)
            }
        } catch {
            throw LineSource.inputError(error, file: file, line: source.lineNumber + 1)
        }
        switch outcome {
        case nil: return .end
        case .row(let row): return .row(row)
        case .skipped: return .skipped
        case .failed(let error): throw error
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

    /// Parses up to ``batchCapacity`` rows into `batch`: runs of complete lines through the line parser
    /// (line 1, which may start with a byte order mark, and an unterminated last line one at a time). Stops
    /// early at the end of input (`reachedEnd`) or at an error (`deferredError`).
    private mutating func fillBatch() {
        var rows: [TraceRow] = []
        swap(&rows, &batch)   // `batch` is not touched below: no copy, and `self` stays free to mutate
        defer { swap(&rows, &batch) }
        let capacity = rows.count
        let source = self.source
        var count = 0
        rows.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            do throws(InputError) {
                while count < capacity {
                    if source.lineNumber > 0 {
                        let progress: TraceLineParser.Progress?
                        do throws(LineSource.Failure) {
                            let first = source.lineNumber + 1
                            progress = try source.withCompleteLines { bytes, length in
                                let progress = parser.parse(lines: bytes, count: length, firstLine: first,
                                                            into: base + count, capacity: capacity - count)
                                return (progress.bytes, progress.lines, progress)
                            }
                        } catch {
                            throw LineSource.inputError(error, file: file, line: source.lineNumber + 1)
                        }
                        if let progress {
                            count += progress.rows
                            if let error = progress.error { throw error }
                            continue
                        }
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
        // Times are parsed as written (the parser's order checks and messages use the file's numbers) and
        // turned into seconds here, one division a row.
        if timeDivisor != 1 {
            let divisor = timeDivisor
            for index in 0..<count { rows[index].sample.time /= divisor }
        }
        batchIndex = 0
        batchCount = count
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
        // The first data row decided whether the time column is ISO 8601 text or numbers; the chunks keep it.
        parser.timeKindDecided = true
        if parser.timeIsText, let given = options.timestampUnit, given != .seconds {
            throw InputError(file: file, line: batch[0].line, problem: "the time column is ISO 8601 text, which has no unit, but "
                             + "the time unit \(given.rawValue) was given", hint: "leave the time unit to be detected (--time-unit auto) for text timestamps")
        }
        var unit = options.timestampUnit ?? .seconds
        if options.timestampUnit == nil && options.checkUnits && !parser.timeIsText {
            unit = try TimestampPlausibility.detectUnit(firstRows, file: file)
        }
        timestampUnit = unit
        if timestampUnit != .seconds {
            timeDivisor = timestampUnit.divisor
            for index in 0..<batchCount { batch[index].sample.time /= timeDivisor }
        }
        var checking = options
        if options.detectsUnits {
            let decision = try AccelerationUnitDecision.decide(firstRows, file: file)
            accelerationUnitDecision = decision
            checking.units = decision.unit
            if decision.unit != .g {
                let scale = decision.unit.toG
                for index in 0..<batchCount { batch[index].scaleAcceleration(by: scale) }
                parser.setScale(scale)
            }
        }
        if options.checkUnits {
            try TraceReader.checkUnits(of: firstRows, file: file, options: checking)
            try TimestampPlausibility.checkTrace(Array(firstRows), file: file)
        }
    }

    /// The first rows of the trace (at most ``unitCheckRowCount``), for checks of the whole file that
    /// look at its start. Valid right after the first batch is parsed.
    private var firstRows: ArraySlice<TraceRow> {
        batch[0..<min(batchCount, TraceReader.unitCheckRowCount)]
    }

    /// Refuses a trace whose median magnitude over its first rows (at most ``unitCheckRowCount``, in g) says it is
    /// in the other unit; every trace reader checks so.
    static func checkUnits(of firstRows: ArraySlice<TraceRow>, file: String, options: TraceReadingOptions) throws(InputError) {
        guard !firstRows.isEmpty else { return }
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
                             hint: "pass \(ReadingOption.noUnitCheck) to read them anyway: as g, or with \(ReadingOption.units(.metersPerSecondSquared)) as m/s²")
        }
        if options.units == .g && plausible.contains(median / g) {
            throw InputError(file: file, problem: where_ + ", about 9.8: the values look like m/s², not g",
                             hint: "pass \(ReadingOption.units(.metersPerSecondSquared)) (Android reports m/s²)")
        }
        if options.units == .metersPerSecondSquared && plausible.contains(median * g) {
            throw InputError(file: file, problem: where_ + " after converting from m/s²: the values look like g already",
                             hint: "pass \(ReadingOption.units(.g)) (CoreMotion reports g)")
        }
        throw InputError(file: file, problem: where_ + "; acceleration including gravity is about 1 g "
                         + "(is it gravity-removed user acceleration, or another unit?)",
                         hint: "check the units; pass \(ReadingOption.noUnitCheck) to read it anyway")
    }

    /// Median magnitudes (g) a gravity-including trace can have: about 1 g at
    /// rest, up to about 2 g median in hard running, down to about 0.3 g in
    /// continuous jumping (a real MobiFall recording: much of it in flight).
    /// g read as m/s² gives ≈ 0.1, m/s² read as g ≈ 9.8, both well outside.
    static let plausibleMedianMagnitude = 0.2...3.0

    static func rounded(_ value: Double) -> String {
        let scaled = (value * 1000).rounded() / 1000
        return "\(scaled)"
    }
}

extension LineSource {
    package static func inputError(_ failure: Failure, file: String, line: Int) -> InputError {
        switch failure {
        case .readFailed(let reason):
            InputError(file: file, line: line, problem: "read failed: \(reason)")
        case .lineTooLong(let limit):
            InputError(file: file, line: line, problem: "line longer than \(limit) bytes: not a CSV trace",
                       hint: "is this a binary file?")
        }
    }
}

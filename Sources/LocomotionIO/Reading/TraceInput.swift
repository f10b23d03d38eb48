/// An accelerometer trace opened for reading in its format: the one way the command-line tool opens a trace, and
/// the place a new input format is added (as ``FixReader`` dispatches on ``FixFormat``).
///
/// The format (``TraceFileFormat``) is decided once, when the trace is opened:
/// - by the name: `.csv` is CSV; `.jsonl` and `.ndjson` are JSON Lines (any case);
/// - otherwise (another name, standard input, a pipe) by the content: JSON Lines when the first line that is not
///   blank starts with `{` (after blanks and a byte order mark), else CSV.
///
/// CSV (`timestamp,x,y,z[,label]`, `Docs/formats.md`) is read by a `ReadAheadTraceReader`: parsed on other
/// threads, ahead of the caller and in parallel, with exactly the rows, line numbers, errors and warnings of a
/// `TraceReader`. JSON Lines (`{"timestamp":…,"x":…,"y":…,"z":…}` per line) is read by a `JSONLinesTraceReader`
/// on the caller's thread. Memory is bounded whatever the trace's length.
///
/// ```swift
/// var trace = try TraceInput(path: "day.csv", options: .init(lenient: true))
/// while let row = try trace.next() { process(row.sample) }
/// print(trace.skippedRowCount, "rows skipped")
/// ```
///
/// A source owns an open file; copies share it, so use one copy.
public struct TraceInput: TraceSource {
    /// The format the trace is read as.
    public let format: TraceFileFormat
    /// The file's rows, with the short gaps filled with repeats (``TraceReadingOptions/repeatGapLimit``) when asked.
    private var rows: GapRepeatingSource<FileRows>

    /// Opens `path` (`"-"`: standard input) in its format, reads the start (the header of a CSV trace) and checks
    /// the units and timestamps on the first rows.
    ///
    /// - Throws: ``InputError`` when the file cannot be read, is empty, has no samples, lacks a required column or
    ///   key, is in the other unit, or (strict mode) its first data row is bad.
    public init(path: String, options: TraceReadingOptions = .init()) throws(InputError) {
        var readers = FileRows()
        switch TraceInput.format(named: path) {
        case .csv?:
            format = .csv
            readers.csv = try ReadAheadTraceReader(path: path, options: options)
        case .jsonLines?:
            format = .jsonLines
            readers.jsonLines = try JSONLinesTraceReader(path: path, options: options)
        case nil:
            let source = try LineSource(path: path)
            if try TraceInput.startsWithObject(source, file: path) {
                format = .jsonLines
                readers.jsonLines = try JSONLinesTraceReader(source: source, file: path, options: options)
            } else {
                format = .csv
                readers.csv = ReadAheadTraceReader(reader: try TraceReader(source: source, file: path, options: options),
                                                   parsingThreads: ReadAheadTraceReader.defaultParsingThreads)
            }
        }
        labelled = readers.hasLabels
        rows = GapRepeatingSource(readers, repeatingGapsUpTo: options.repeatGapLimit)
    }

    /// The format that the name `path` gives (`.csv`, `.jsonl`, `.ndjson`, any case, each also with `.gz`), nil when the content must tell.
    /// - Complexity: O(length of the path).
    package static func format(named path: String) -> TraceFileFormat? {
        var name = path.lowercased()
        if name.hasSuffix(".gz") { name.removeLast(3) }
        if name.hasSuffix(".csv") { return .csv }
        if name.hasSuffix(".jsonl") || name.hasSuffix(".ndjson") { return .jsonLines }
        return nil
    }

    /// Whether the first line of `source` that is not blank starts with `{` (after blanks; the byte order mark is
    /// dropped by the source); the line is read again by the reader (the blank lines before it stay read, as every
    /// reader skips them).
    private static func startsWithObject(_ source: LineSource, file: String) throws(InputError) -> Bool {
        while true {
            let first: UInt8??
            do {
                first = try source.withNextLine { line -> UInt8? in line.first { !CSVBytes.isBlank($0) } }
            } catch {
                throw LineSource.inputError(error, file: file, line: source.lineNumber + 1)
            }
            guard let first else { return false }   // the end: an empty input, which the CSV reader reports
            guard let first else { continue }       // a blank line
            source.rewindLastLine()
            return first == UInt8(ascii: "{")
        }
    }

    public var file: String { rows.file }
    public var hasLabels: Bool { labelled }
    /// ``hasLabels``, fixed when the file is opened (its header or first record) and kept here: callers ask it per
    /// row, and asking the reader through the gap filler cost 20 % of `read_trace`'s time.
    private let labelled: Bool
    /// The unit the timestamps were read in (given, or detected from the first rows).
    package var timestampUnit: TimestampUnit { rows.base.timestampUnit }
    /// What `--units auto` decided (nil: the unit was given, ``TraceReadingOptions/units``).
    package var accelerationUnitDecision: AccelerationUnitDecision? { rows.base.accelerationUnitDecision }
    public var warnings: [InputWarning] { rows.warnings }
    public var skippedRowCount: Int { rows.skippedRowCount }

    @inline(__always)
    public mutating func next() throws(InputError) -> TraceRow? {
        try rows.next()
    }
}

/// The rows of a trace file as its format's reader gives them: one of the two readers is set. Optional stored
/// properties are mutated in place (`csv!.next()`), never copied out.
private struct FileRows: TraceSource {
    var csv: ReadAheadTraceReader?
    var jsonLines: JSONLinesTraceReader?

    var file: String { csv?.file ?? jsonLines!.file }
    var hasLabels: Bool { csv?.hasLabels ?? jsonLines!.hasLabels }
    var timestampUnit: TimestampUnit { csv?.timestampUnit ?? jsonLines!.timestampUnit }
    var accelerationUnitDecision: AccelerationUnitDecision? { csv?.accelerationUnitDecision ?? jsonLines?.accelerationUnitDecision }
    var warnings: [InputWarning] { csv?.warnings ?? jsonLines!.warnings }
    var skippedRowCount: Int { csv?.skippedRowCount ?? jsonLines!.skippedRowCount }

    @inline(__always)
    mutating func next() throws(InputError) -> TraceRow? {
        if csv != nil { return try csv!.next() }
        return try jsonLines!.next()
    }
}

extension TraceInput: AccelerationUnitReporting {
    package var unitDecisionSubject: String { file }
}

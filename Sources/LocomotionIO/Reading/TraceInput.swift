/// An accelerometer trace opened for reading in its format: the one way the command-line tool opens a trace, and
/// the place a new input format is added (as ``FixReader`` dispatches on ``FixFormat``).
///
/// Today every trace is CSV `timestamp,x,y,z[,label]` (`Docs/formats.md`), read by a ``ReadAheadTraceReader``:
/// parsed on other threads, ahead of the caller and in parallel, with exactly the rows, line numbers, errors and
/// warnings of a ``TraceReader``. Memory is bounded (a few MB of chunks in flight) whatever the trace's length.
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
    private var reader: ReadAheadTraceReader

    /// Opens `path` (`"-"`: standard input), reads the header and checks the units on the first rows.
    ///
    /// - Throws: ``InputError`` when the file cannot be read, is empty, has no samples, lacks a required column, is
    ///   in the other unit, or (strict mode) its first data row is bad.
    public init(path: String, options: TraceReadingOptions = .init()) throws(InputError) {
        format = .csv
        reader = try ReadAheadTraceReader(path: path, options: options)
    }

    public var file: String { reader.file }
    public var hasLabels: Bool { reader.hasLabels }
    public var warnings: [InputWarning] { reader.warnings }
    public var skippedRowCount: Int { reader.skippedRowCount }

    @inline(__always)
    public mutating func next() throws(InputError) -> TraceRow? {
        try reader.next()
    }
}

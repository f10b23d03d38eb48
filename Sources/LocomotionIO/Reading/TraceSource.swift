/// A recorded accelerometer trace read one row at a time, in time order: what every consumer of a trace — the
/// command-line tool, the engine's recorded-trace run (``RecordedTrace``), an app replaying a file — reads through.
///
/// Rows come out in strictly increasing time, acceleration in g, whatever the file's format and units; a row that
/// breaks this (time going backwards or repeating, a bad value) is an ``InputError`` naming the file, the line and
/// the column, or in lenient mode a skipped row recorded in ``warnings``. ``TraceInput`` opens a path in its format;
/// `TraceReader` and `ReadAheadTraceReader` are the CSV readers behind it. A new input format is a new
/// conforming reader and a case of ``TraceInput``'s dispatch; nothing that reads traces changes.
///
/// ```swift
/// var trace = try TraceInput(path: "day.csv")
/// while let row = try trace.next() {
///     process(row.sample)
/// }
/// ```
public protocol TraceSource {
    /// The path as given, `"-"` for standard input.
    var file: String { get }
    /// True when the rows carry a ground-truth ``TraceRow/label``.
    var hasLabels: Bool { get }
    /// Rows skipped in lenient mode so far (at most `TraceReader/maximumStoredWarnings` of them); complete once
    /// ``next()`` has returned nil or thrown.
    var warnings: [InputWarning] { get }
    /// The number of rows skipped in lenient mode so far.
    var skippedRowCount: Int { get }
    /// The next row, or nil at the end of the input.
    ///
    /// - Throws: ``InputError`` for a bad row (strict mode). After an error the source is finished and returns nil.
    /// - Complexity: O(1) amortised per row, in constant memory.
    mutating func next() throws(InputError) -> TraceRow?
}

extension TraceReader: TraceSource {}
extension ReadAheadTraceReader: TraceSource {}

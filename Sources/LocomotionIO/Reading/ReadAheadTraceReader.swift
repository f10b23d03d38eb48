import Foundation

/// A `TraceReader` that parses on other threads, ahead of the caller and
/// in parallel: the file is cut into chunks of whole lines that up to
/// one thread per processor (at most 8) parse at the same time, so that parsing runs on
/// every core and overlaps the caller's processing of the rows.
///
/// It returns exactly what `TraceReader` returns — the same rows with the
/// same line numbers in the same order, the same first error (by position in
/// the file) after the same rows, the same ``warnings`` — only sooner: the
/// output of a program built on it does not depend on thread timing or on
/// where the chunks were cut. Opening (header, first rows, unit check)
/// happens on the calling thread, so an unreadable file throws from the
/// initialiser as before.
///
/// ```swift
/// var reader = try ReadAheadTraceReader(path: "day.csv")
/// while let row = try reader.next() {
///     process(row.sample)
/// }
/// ```
///
/// Memory is bounded: at most one chunk per parsing thread + 2 chunks of 256 KiB
/// and their parsed rows (48 bytes each) are in flight, a few MB, and
/// the buffers are reused, so there is no allocation per row or per chunk in
/// the steady state. A file that ends within a chunk of its first read (1 MiB)
/// is parsed on the calling thread alone.
///
/// Copies share the reading threads; use one copy. Dropping the reader before
/// the end stops the threads.
@_spi(Harness) public struct ReadAheadTraceReader {
    /// Bytes of input per chunk (whole lines, so a little less).
    static let chunkBytes = 1 << 18
    /// The default number of parsing threads: one per active processor, at most 8 (beyond that the
    /// input's memory bandwidth, not parsing, limits). A tuning figure, for the benchmarks (`@_spi(Tuning)`).
    @_spi(Tuning) public static var defaultParsingThreads: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8) }

    /// The path as given, `"-"` for standard input.
    public let file: String
    /// How the trace is read.
    public let options: TraceReadingOptions
    /// True when the header has a `label` column.
    public let hasLabels: Bool
    /// True when the file starts with a header line.
    public let hasHeader: Bool
    /// The unit the timestamps were read in (given, or detected from the first rows).
    package let timestampUnit: TimestampUnit
    /// What `--units auto` decided (nil: the unit was given, ``TraceReadingOptions/units``).
    package let accelerationUnitDecision: AccelerationUnitDecision?
    /// The number of threads that parse (besides the caller's); 0: the caller's thread parses, in
    /// ``next()``.
    let parsingThreads: Int
    /// Rows skipped in lenient mode (the first `TraceReader/maximumStoredWarnings`), as far as the
    /// rows returned so far; complete once ``next()`` has returned nil or thrown.
    public private(set) var warnings: [InputWarning] = []
    /// The number of rows skipped in lenient mode, as far as the rows returned so far.
    public private(set) var skippedRowCount = 0

    private let handle: Handle
    private var rows = UnsafeBufferPointer<TraceRow>(start: nil, count: 0)
    private var index = 0
    /// What follows `rows`.
    private var end = ChunkedTraceParser.End.none
    private var finished = false

    /// Opens `path` as `TraceReader/init(path:options:)` does, then starts one parsing thread per
    /// active processor (at most 8) that parse the rest of the file (none when the rest of the file fits in one
    /// chunk: the calling thread then parses it, in ``next()``).
    ///
    /// - Throws: ``InputError`` as `TraceReader/init(path:options:)`.
    public init(path: String, options: TraceReadingOptions = .init()) throws(InputError) {
        try self.init(path: path, options: options, parsingThreads: ReadAheadTraceReader.defaultParsingThreads)
    }

    /// As ``init(path:options:)``, with `parsingThreads` threads (0: the caller's thread parses, in ``next()``).
    /// A tuning knob, for the benchmarks (`@_spi(Tuning)`).
    @_spi(Tuning) public init(path: String, options: TraceReadingOptions = .init(), parsingThreads: Int) throws(InputError) {
        try self.init(path: path, options: options, parsingThreads: parsingThreads,
                      chunkBytes: ReadAheadTraceReader.chunkBytes, bufferSize: 1 << 20)
    }

    /// `chunkBytes` and `bufferSize` (the opening reader's first buffer): tests use tiny ones, so that
    /// small files are cut into many chunks.
    init(path: String, options: TraceReadingOptions, parsingThreads: Int, chunkBytes: Int,
         bufferSize: Int) throws(InputError) {
        try self.init(reader: TraceReader(path: path, options: options, bufferSize: bufferSize),
                      parsingThreads: parsingThreads, chunkBytes: chunkBytes)
    }

    /// Reads ahead the rest of `reader`, which has just been opened (``TraceInput`` opens it on a source whose
    /// format it has looked at).
    init(reader: TraceReader, parsingThreads: Int, chunkBytes: Int = ReadAheadTraceReader.chunkBytes) {
        let path = reader.file, options = reader.options
        file = path
        self.options = options
        hasLabels = reader.hasLabels
        hasHeader = reader.hasHeader
        timestampUnit = reader.timestampUnit
        accelerationUnitDecision = reader.accelerationUnitDecision
        self.parsingThreads = max(parsingThreads, 0)
        warnings = reader.warnings
        skippedRowCount = reader.skippedRowCount
        let parser = ChunkedTraceParser(reader: reader, threads: self.parsingThreads, chunkCapacity: chunkBytes)
        handle = Handle(parser: parser)
    }

    /// The next row, or nil at the end of the file.
    ///
    /// - Throws: ``InputError`` for a bad row (strict mode), after the rows
    ///   before it. After an error the reader is finished and returns nil.
    @inline(__always)
    public mutating func next() throws(InputError) -> TraceRow? {
        if index < rows.count {
            let row = rows[index]
            index += 1
            return row
        }
        return try nextChunk()
    }

    /// Chunks parsed again on the caller's thread because time went backwards at their start (for tests).
    var reparsedChunkCount: Int { handle.parser.reparsedChunkCount }

    /// Takes the next chunk's rows and returns the first; nil at the end.
    private mutating func nextChunk() throws(InputError) -> TraceRow? {
        while !finished {
            switch end {
            case .none:
                (rows, end) = handle.parser.take()
                index = 0
                warnings = handle.parser.warnings
                skippedRowCount = handle.parser.skippedRowCount
                if index < rows.count {
                    index = 1
                    return rows[0]
                }
            case .finished:
                finished = true
            case .failed(let error):
                finished = true
                throw error
            }
        }
        return nil
    }
}

extension ReadAheadTraceReader {
    /// Starts the parsing threads, and stops them when the caller's reader goes away (the threads
    /// themselves hold the parser, not this handle).
    final class Handle: Sendable {
        let parser: ChunkedTraceParser

        init(parser: ChunkedTraceParser) {
            self.parser = parser
            for number in 0..<parser.workerCount {
                parser.addWorker()
                let thread = Thread { parser.work() }
                thread.name = "locomotion.parse-\(number)"
                thread.start()
            }
        }

        deinit { parser.cancel() }
    }
}

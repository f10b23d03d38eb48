import Locomotion
import LocomotionDSP

/// Reads an accelerometer trace in JSON Lines — one object `{"timestamp":…,"x":…,"y":…,"z":…[,"label":…]}` per line,
/// what ``TraceWriter`` writes with ``TraceFileFormat/jsonLines`` — one row at a time, in constant memory.
///
/// The rules are the CSV reader's (`Docs/formats.md`): samples come out in g whatever ``TraceReadingOptions/units``
/// the file is in; time strictly increases; the units and the timestamps are checked on the first
/// `TraceReader/unitCheckRowCount` rows; every problem is an ``InputError`` naming the file, the line and the column
/// (the character position in the line: `day.jsonl:5:31: y is not a number: 'abc'`), or in lenient mode a skipped
/// row recorded in ``warnings``. Blank lines are skipped. Keys are matched exactly, in any order; other keys are
/// ignored. The trace has labels (``hasLabels``) when its first row has a `label` key, as a CSV trace does when
/// its header has a `label` column; in a trace without labels a `label` key is ignored like any other.
///
/// ```swift
/// var reader = try JSONLinesTraceReader(path: "day.jsonl")
/// while let row = try reader.next() {
///     process(row.sample)
/// }
/// ```
///
/// Lines are parsed on the caller's thread, without allocation per row. A reader owns an open file; copies of it
/// share that file, so use one copy.
@_spi(Harness) public struct JSONLinesTraceReader: TraceSource {
    /// The path as given, `"-"` for standard input.
    public let file: String
    /// How the trace is read.
    public let options: TraceReadingOptions
    /// True when the first row has a `label` key.
    public let hasLabels: Bool
    /// Rows skipped in lenient mode so far (the first `TraceReader/maximumStoredWarnings`).
    public var warnings: [InputWarning] { parser.warnings }
    /// The number of rows skipped in lenient mode so far.
    public var skippedRowCount: Int { parser.skippedRowCount }

    private let source: LineSource
    /// Accepts the parsed rows (time order, lenient skipping, warnings): the CSV readers' own.
    private var parser: TraceLineParser
    /// The first rows, read ahead for the checks: `ahead[aheadIndex...]` are still to be returned.
    private var ahead: [TraceRow]
    private var aheadIndex = 0
    /// The error met while reading ahead, thrown once the rows before it are returned.
    private var deferredError: InputError?
    private var finished = false
    /// What the parsed times are divided by to give seconds (the timestamp unit's).
    private var timeDivisor = 1.0
    /// What `--units auto` decided (nil: the unit was given, ``TraceReadingOptions/units``).
    package private(set) var accelerationUnitDecision: AccelerationUnitDecision?
    /// The unit the timestamps were read in (given, or detected from the first rows).
    package private(set) var timestampUnit = TimestampUnit.seconds

    /// Opens `path` (or standard input for `"-"`), reads the first rows and checks the units and timestamps on them.
    ///
    /// - Throws: ``InputError`` when the file cannot be read, has no samples, is in the other unit, or (strict
    ///   mode) its first row is bad.
    public init(path: String, options: TraceReadingOptions = .init()) throws(InputError) {
        try self.init(source: LineSource(path: path), file: path, options: options)
    }

    /// Reads `source` (opened from `path`, possibly with blank lines already read, or its first line read and
    /// rewound by ``TraceInput``'s look at the format) as the trace `file`.
    init(source: LineSource, file path: String, options: TraceReadingOptions) throws(InputError) {
        if let layout = options.layout, layout != .canonical {
            throw InputError(file: path, line: 1, problem: "--layout \(layout.rawValue) expects a CSV with the header \(layout.expectedHeader), but this is a JSON Lines trace",
                             hint: "JSON Lines traces are Locomotion's own layout: --layout canonical or auto")
        }
        file = path
        self.options = options
        self.source = source
        // `--units auto` parses the first rows as written, then sets the parser's scale once the unit is decided.
        var parsing = options
        if options.detectsUnits { parsing.units = .g }
        var parser = TraceLineParser(file: path, columns: .headerless, options: parsing, fastPath: false)
        var labels: Bool?
        var ahead: [TraceRow] = []
        var sawLine = false
        do throws(InputError) {
            while ahead.count < TraceReader.unitCheckRowCount,
                  let row = try Self.nextRow(from: source, file: path, parser: &parser, labels: &labels, sawLine: &sawLine) {
                ahead.append(row)
            }
        } catch {
            deferredError = error
        }
        self.parser = parser
        self.ahead = ahead
        hasLabels = labels ?? false
        if ahead.isEmpty {
            if let deferredError { throw deferredError }
            if skippedRowCount > 0, let first = warnings.first {
                throw InputError(file: path, problem: "no samples: all \(skippedRowCount) rows were skipped "
                                 + "as bad; the first at line \(first.line): \(first.problem)")
            }
            throw InputError(file: path, problem: sawLine ? "no samples" : "empty file: no samples",
                             hint: "expected one JSON object {\"timestamp\":…,\"x\":…,\"y\":…,\"z\":…} per line")
        }
        // ISO 8601 text times (the first row's kind, kept by the parser) are seconds already, whatever the unit check.
        if self.parser.timeIsText, let given = options.timestampUnit, given != .seconds {
            throw InputError(file: path, line: ahead[0].line, problem: "the timestamps are ISO 8601 text, which has no unit, but "
                             + "the time unit \(given.rawValue) was given", hint: "leave the time unit to be detected (--time-unit auto) for text timestamps")
        }
        var unit = options.timestampUnit ?? .seconds
        if options.timestampUnit == nil && options.checkUnits && !self.parser.timeIsText {
            unit = try TimestampPlausibility.detectUnit(ahead[...], file: path)
        }
        timeDivisor = unit.divisor
        timestampUnit = unit
        if unit != .seconds {
            for index in self.ahead.indices { self.ahead[index].sample.time /= timeDivisor }
        }
        var checking = options
        if options.detectsUnits {
            let decision = try AccelerationUnitDecision.decide(self.ahead[...], file: path)
            accelerationUnitDecision = decision
            checking.units = decision.unit
            if decision.unit != .g {
                let scale = decision.unit.toG
                for index in self.ahead.indices { self.ahead[index].scaleAcceleration(by: scale) }
                self.parser.setScale(scale)
            }
        }
        if options.checkUnits {
            try TraceReader.checkUnits(of: self.ahead[...], file: path, options: checking)
            try TimestampPlausibility.checkTrace(self.ahead, file: path)
        }
    }

    /// The next row, or nil at the end of the file.
    ///
    /// - Throws: ``InputError`` for a bad row (strict mode). After an error the reader is finished and returns nil.
    /// - Complexity: O(length of the line), no allocation unless the row is bad.
    public mutating func next() throws(InputError) -> TraceRow? {
        if aheadIndex < ahead.count {
            let row = ahead[aheadIndex]
            aheadIndex += 1
            if aheadIndex == ahead.count { ahead = [] ; aheadIndex = 0 }
            return row
        }
        guard !finished else { return nil }
        if let error = deferredError {
            finished = true
            deferredError = nil
            throw error
        }
        var labels: Bool? = hasLabels
        var sawLine = true
        do throws(InputError) {
            guard var row = try Self.nextRow(from: source, file: file, parser: &parser, labels: &labels, sawLine: &sawLine) else {
                finished = true
                return nil
            }
            row.sample.time /= timeDivisor
            return row
        } catch {
            finished = true
            throw error
        }
    }

    /// Reads lines until one gives a row (nil at the end of the input). `labels`: whether the rows' labels are read
    /// (nil: not known yet, decided by the first row accepted). `sawLine` becomes true at the first line that is not
    /// blank.
    /// - Throws: ``InputError`` for a bad row (strict mode) or a line that cannot be read.
    private static func nextRow(from source: LineSource, file: String, parser: inout TraceLineParser,
                                labels: inout Bool?, sawLine: inout Bool) throws(InputError) -> TraceRow? {
        while true {
            let readsLabel = labels ?? true
            let outcome: (TraceLineParser.LineOutcome, hasLabelKey: Bool)?
            do throws(LineSource.Failure) {
                outcome = try source.withNextLine { line in
                    let parsed = JSONLinesRowParser.parse(line, readsLabel: readsLabel)
                    if case .blank = parsed.line {} else { sawLine = true }
                    return (parser.accept(parsed.line, number: source.lineNumber, unterminated: source.lastLineWasUnterminated,
                                          timeColumn: parsed.timeColumn, textTime: parsed.timeIsText), parsed.hasLabelKey)
                }
            } catch {
                switch error {
                case .readFailed(let reason):
                    throw InputError(file: file, line: source.lineNumber + 1, problem: "read failed: \(reason)")
                case .lineTooLong(let limit):
                    throw InputError(file: file, line: source.lineNumber + 1,
                                     problem: "line longer than \(limit) bytes: not a JSON Lines trace",
                                     hint: "is this a binary file?")
                }
            }
            guard let outcome else { return nil }
            switch outcome.0 {
            case .row(var row):
                if labels == nil { labels = outcome.hasLabelKey }
                if labels == false { row.label = nil }
                return row
            case .skipped:
                continue
            case .failed(let error):
                throw error
            }
        }
    }
}

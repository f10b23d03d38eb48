/// A row that lenient reading skipped: where it was and why.
///
/// Strict reading throws an ``InputError`` for the same problem; lenient
/// reading (``TraceReadingOptions/lenient``) records one of these instead and
/// goes on with the next row.
public struct InputWarning: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as the user gave it, or `"-"` for standard input.
    public var file: String
    /// 1-based line number of the skipped row.
    public var line: Int
    /// 1-based column (field) number, when the problem is in one field.
    public var column: Int?
    /// What was wrong, in plain words.
    public var problem: String

    package init(file: String, line: Int, column: Int? = nil, problem: String) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// `file:line:column: warning: problem; row skipped`, the format compilers use.
    public var description: String {
        var text = "\(file):\(line)"
        if let column { text += ":\(column)" }
        return text + ": warning: \(problem); row skipped"
    }
}

/// A problem with input data, located as precisely as the reader knows it.
///
/// Every reader in LocomotionIO throws this type, and the command-line tool
/// maps it to exit status 1, so a message always names the file, the line and
/// the column, what was found and what was expected.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's path as the user gave it, or `"-"` for standard input.
    public var file: String
    /// 1-based line number, when the problem is on a line.
    public var line: Int?
    /// 1-based column (field) number, when the problem is in one field.
    public var column: Int?
    /// What is wrong, in plain words.
    public var problem: String
    /// What to do about it, when there is something to suggest.
    public var hint: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, problem: String, hint: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
        self.hint = hint
    }

    /// `file:line:column: problem (hint)`, the format compilers use, so that
    /// editors can jump to the place.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let column { text += ":\(column)" }
        text += ": \(problem)"
        if let hint { text += " (\(hint))" }
        return text
    }
}

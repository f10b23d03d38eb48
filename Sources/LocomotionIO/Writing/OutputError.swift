/// A failure to write an output file.
public struct OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The destination's path, `"-"` for standard output.
    public var file: String
    /// What went wrong, in plain words.
    public var problem: String

    public init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }

    /// `file: problem`.
    public var description: String { "\(file): \(problem)" }
}

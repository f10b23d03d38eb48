/// A failure to write an output file.
public struct OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The destination's path, `"-"` for standard output; empty for a writer
    /// that returns a string (``GPXWriter``, ``NMEAWriter``).
    public var file: String
    /// What went wrong, in plain words.
    public var problem: String

    public init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }

    /// `file: problem`, or just the problem when there is no file.
    public var description: String { file.isEmpty ? problem : "\(file): \(problem)" }
}

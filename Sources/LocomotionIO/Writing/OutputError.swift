/// A failure to write an output file.
public struct OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The destination's path, `"-"` for standard output; empty for a writer
    /// that returns a string (`GPXWriter`, `NMEAWriter`).
    public var file: String
    /// What went wrong, in plain words (with the system's reason for a failed
    /// write: `cannot write: No space left on device`).
    public var problem: String
    /// True when the destination is a pipe whose reader has gone away (`EPIPE`,
    /// e.g. `locomotion … | head`): not a failure of the data, and command-line
    /// tools conventionally end quietly.
    public var isBrokenPipe: Bool

    package init(file: String, problem: String, isBrokenPipe: Bool = false) {
        self.file = file
        self.problem = problem
        self.isBrokenPipe = isBrokenPipe
    }

    /// `file: problem` (`standard output: problem` for `-`), or just the problem
    /// when there is no file.
    public var description: String {
        file.isEmpty ? problem : "\(file == "-" ? "standard output" : file): \(problem)"
    }
}

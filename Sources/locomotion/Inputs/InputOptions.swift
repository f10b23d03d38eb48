import ArgumentParser
import Foundation

/// `--output-dir`, `--jobs` and `--quiet`: how a command that reads one or many
/// inputs spreads them over cores and where their results go.
struct InputOptions: ParsableArguments {
    @Option(name: .customLong("output-dir"),
            help: ArgumentHelp("Write one file per input into this folder (created if needed), named after the input, instead of one combined output.",
                               valueName: "dir"))
    var outputDirectory: String?

    @Option(name: .customLong("jobs"), parsing: .unconditional,
            help: ArgumentHelp("Inputs read at the same time (default: the number of active processors; 1: one after another). The output is the same for any value.",
                               valueName: "n"))
    var requestedJobs: Int?

    @Flag(help: "No progress line on standard error (shown only when standard error is a terminal).")
    var quiet = false

    /// The values `--jobs` takes: more jobs than this only multiply memory (each holds an input's results).
    static let jobRange = 1...1024

    /// `--jobs`, or the number of active processors.
    var jobs: Int { requestedJobs ?? Self.defaultJobs }

    /// The default of `--jobs`: the processors this process may use.
    static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    func validate() throws {
        if let requestedJobs, !Self.jobRange.contains(requestedJobs) {
            throw ValidationError("--jobs \(requestedJobs): must be a whole number in 1…\(Self.jobRange.upperBound)")
        }
    }
}

extension InputOptions {
    /// The help every command that reads many inputs shares, hard-wrapped for an 80-column terminal.
    /// `files` names the `--output-dir` files (DIR/NAME…); `kinds` the files a folder gives.
    static func manyInputsHelp(files: String, kinds: String = "*.csv files") -> String {
        """
        Many inputs: files, folders (their \(kinds), recursively, sorted by path;
        files that convert writes beside traces, such as NAME.steps.csv, are
        skipped), quoted patterns such as 'data/*.csv', or '-' alone for standard
        input. They are read in parallel (--jobs N) and written in the order given,
        the same bytes for any N:
          - to standard output or --output: one combined output, CSV with a leading
            `file` column, JSON Lines with a leading "file" key;
          - with --output-dir DIR: one file per input, named after it:
            \(files),
            where NAME is the input's file name without its extension.
        A bad input is reported on stderr (file:line); the other inputs are still
        written, and the exit status is 1.
        """
    }
}

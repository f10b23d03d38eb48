import ArgumentParser
import Foundation

/// `--output-dir`, `--jobs` and `--quiet`: how a command that reads one or many
/// inputs spreads them over cores and where their results go.
struct InputOptions: ParsableArguments {
    @Option(name: .customLong("output-dir"),
            help: ArgumentHelp("Write one output file per input into this folder (created if needed), named after the input (see Docs/formats.md), instead of one combined output.",
                               valueName: "dir"))
    var outputDirectory: String?

    @Option(help: ArgumentHelp("Inputs processed at the same time (default: the number of active processors; 1 = one after another). The output is the same for any value.",
                               valueName: "n"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "No progress line on standard error (it appears only when standard error is a terminal).")
    var quiet = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }
}

extension InputOptions {
    /// The paragraph of help every command that reads many inputs shares; `suffix` names its `--output-dir` files.
    static func manyInputsHelp(suffix: String) -> String {
        """
        Inputs: one or more files, folders (their .csv files, recursively, in path order, leaving out the \
        companion files convert writes such as NAME.steps.csv), quoted patterns ('data/*.csv'), or '-' alone for \
        standard input. Several inputs are read in parallel (--jobs) and their results come in the order given, \
        the same for any --jobs: one combined output, whose CSV gets a leading `file` column and whose JSON lines \
        a leading "file" key, or with --output-dir DIR one file per input, DIR/NAME.\(suffix) (NAME: the input's \
        file name without extension). A bad input is reported on stderr (file:line) and the others are still \
        written; the exit status is then 1.
        """
    }
}

import ArgumentParser
import Foundation
import LocomotionIO

/// `--output-dir`, `--jobs`, `--shard`, `--overwrite` and `--quiet`: how a command that reads one or many
/// inputs spreads them over cores and machines and where their results go.
struct InputOptions: ParsableArguments {
    @Option(name: .customLong("output-dir"),
            help: ArgumentHelp("Write one file per input into this folder (created if needed), named after the input, instead of one combined output.",
                               valueName: "dir"))
    var outputDirectory: String?

    @Option(name: .customLong("jobs"), parsing: .unconditional,
            help: ArgumentHelp("Inputs read at the same time (default: the number of active processors; 1: one after another). The output is the same for any value.",
                               valueName: "n"))
    var requestedJobs: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Process only part K of N (1 ≤ K ≤ N) of the inputs: those at positions K, K+N, K+2N, … of the sorted list, for job arrays. Every input is in exactly one part.",
                               valueName: "K/N"))
    var shard: Shard?

    @Flag(help: "With --output-dir, compute inputs whose output file already exists again (by default they are skipped, so a batch run again goes on where it stopped).")
    var overwrite = false

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
        if overwrite && outputDirectory == nil { throw ValidationError("--overwrite applies to --output-dir only") }
    }

    /// The items of `--shard` (all of them without it), in their order.
    func selected<Item>(_ items: [Item]) -> [Item] { shard?.select(items) ?? items }

    /// The inputs still to compute: all of them, except (with `--output-dir`, unless `--overwrite`) those whose
    /// output file of every writer exists and was computed from the same inputs — files appear under their final
    /// names only once complete, so a batch that was stopped goes on where it stopped. Says on stderr how many
    /// were skipped. `key` maps an input to the writers' key (the input itself for most commands; a participant
    /// for `epochs` and `daily`); `sources` to the files its outputs are computed from.
    ///
    /// Beside each key's outputs an ``InputRecord`` (`.NAME.SUFFIX.inputs`) keeps the sizes and times of its
    /// sources, written before its outputs: outputs whose record differs from the sources now (a file added to a
    /// participant, a trace appended to) or that have none are removed, said on stderr, and computed again —
    /// a resumed run never calls a stale table complete.
    ///
    /// - Throws: ``OutputError`` when a record cannot be written or a stale output cannot be removed.
    func pending<Item>(_ items: [Item], writers: [ResultWriter], kind: String = "inputs", key: (Item) -> String,
                       sources: (Item) -> [String]) throws -> [Item] {
        guard let outputDirectory else { return items }
        var remaining: [Item] = []
        for item in items {
            let outputs = writers.compactMap { $0.outputPath(for: key(item)) }.sorted()
            guard let first = outputs.first else { remaining.append(item); continue }
            let recordPath = InputRecord.path(beside: first)
            let record = InputRecord(inputs: sources(item))
            if !overwrite && outputs.allSatisfy(FileSystem.isRegularFile) {
                let earlier = InputRecord.read(recordPath)
                // Standard input and pipes have no size or time to compare: never taken as unchanged.
                if earlier == record && !sources(item).contains(where: PipeRule.isStream) { continue }
                let why = earlier.map { record.changes(since: $0) } ?? "no record of its inputs (\(recordPath))"
                StandardError.write("locomotion: \(first): made from other inputs (\(why)); computing it again\n")
                for output in outputs where unlink(output) != 0 && errno != ENOENT {
                    throw OutputError(file: output, problem: "cannot remove the stale output: \(String(cString: strerror(errno)))")
                }
            }
            let file = try OutputFile(path: recordPath)
            try file.write(record.text)
            try file.commit()
            remaining.append(item)
        }
        if !overwrite, remaining.count < items.count {
            StandardError.write("locomotion: skipped \(items.count - remaining.count) of \(items.count) \(kind) whose outputs in \(outputDirectory) are complete for their inputs (--overwrite computes them again)\n")
        }
        return remaining
    }

    /// ``pending(_:writers:kind:key:sources:)`` for inputs that are their own keys and sources.
    func pending(_ inputs: [String], writers: [ResultWriter]) throws -> [String] {
        try pending(inputs, writers: writers, key: { $0 }, sources: { [$0] })
    }
}

extension InputOptions {
    /// The help every command that reads many inputs shares, hard-wrapped for an 80-column terminal.
    /// `files` names the `--output-dir` files (DIR/NAME…); `kinds` the files a folder gives; `combined` says
    /// what the combined output is.
    static func manyInputsHelp(
        files: String, kinds: String = "*.csv files",
        combined: String = "one combined output, CSV with a leading\n    `file` column, JSON Lines with a leading \"file\" key"
    ) -> String {
        """
        Many inputs: files, folders (their \(kinds), recursively, sorted by path;
        files that convert writes beside traces, such as NAME.steps.csv, are
        skipped), quoted patterns such as 'data/*.csv', or '-' alone for standard
        input. They are read in parallel (--jobs N) and written in the order given,
        the same bytes for any N:
          - to standard output or --output: \(combined);
          - with --output-dir DIR: one file per input, named after it:
            \(files),
            where NAME is the input's file name without its extension. An input
            whose file is already there (complete: files are renamed into place
            when done) is skipped, so a stopped batch goes on where it stopped;
            --overwrite computes it again.
        --shard K/N takes part K of N of the inputs (for job arrays).
        A bad input is reported on stderr (file:line); the other inputs are still
        written, and the exit status is 1.
        """
    }
}

import Foundation

/// Expands command-line inputs into a list of files, in a deterministic order.
///
/// Each argument is `-` (standard input, at most once), a file, a directory
/// (its files with one of `extensions`, recursively, sorted by path, leaving out
/// hidden files and names ending in one of `excluding`; searched by
/// ``FolderWalk``: links followed once, FIFOs and devices skipped with a
/// warning, at most 64 folders deep) or a glob pattern (`*`, `?`, `[…]`,
/// expanded by `glob(3)` and sorted; the shell usually expands it first, but a
/// quoted pattern reaches us). Arguments keep their order; a file named twice,
/// under any spelling or link, is kept once (first place). A file named
/// explicitly may be a pipe (`<(…)`, a FIFO): read once as a stream, a FIFO
/// with a bounded wait for its writer (``PipeRule``).
package enum InputPaths {
    /// Companion files that sit next to traces but are not traces: what `convert`
    /// writes beside a trace (`NAME.steps.csv` true step times, `NAME.untimed-steps.csv` untimed true steps,
    /// `NAME.speeds.csv` logged speeds, `NAME.fixes.csv`) and what the commands write into `--output-dir`.
    /// A directory argument skips them; naming them explicitly (or by a pattern) still reads them.
    package static let traceCompanionSuffixes: Set<String> = [
        ".steps.csv", ".untimed-steps.csv", ".speeds.csv", ".fixes.csv", ".label.csv", ".step-times.csv",
        ".replay.csv", ".distance.csv", ".carry.csv",
        ".epochs.csv", ".daily.csv", ".segments.csv", ".participants.csv", ".bouts.csv",
    ]

    /// The files named by `arguments`; what a folder search skipped goes to `warn` (by default stderr,
    /// `locomotion: PATH: skipped: REASON`).
    ///
    /// - Throws: ``InputError`` for a path that does not exist, a pattern or a
    ///   directory that matches nothing, a folder that cannot be opened, or `-`
    ///   given twice.
    package static func expand(_ arguments: [String], extensions: Set<String> = ["csv"],
                       excluding: Set<String> = [],
                       warn: (String) -> Void = { StandardError.write("locomotion: \($0)\n") }) throws(InputError) -> [String] {
        var result: [String] = []
        // By bytes (FileNameRule): a Set<String> took `é.csv` written NFC and NFD, two files, as one input.
        var seen: Set<FileNameRule.Exact> = []
        var seenFiles: Set<FileIdentity> = []
        func add(_ path: String) {
            if let identity = FileIdentity(path: path), case .file = identity {
                guard seenFiles.insert(identity).inserted else { return }
            }
            if seen.insert(FileNameRule.Exact(path)).inserted { result.append(path) }
        }
        for argument in arguments {
            if argument == "-" {
                guard !seen.contains(FileNameRule.Exact("-")) else {
                    throw InputError(file: "-", problem: "standard input named twice")
                }
                add("-")
            } else if isDirectory(argument) {
                let listing = try FolderWalk.files(under: argument) { fullName in
                    // A gzipped file counts by the extension under `.gz` (`a.csv.gz` is a CSV).
                    let name = fullName.lowercased().hasSuffix(".gz") ? String(fullName.dropLast(3)) : fullName
                    guard let dot = name.lastIndex(of: "."),
                          extensions.contains(String(name[name.index(after: dot)...]).lowercased()) else { return false }
                    return !excluding.contains { name.lowercased().hasSuffix($0) }
                }
                for (path, reason) in listing.skipped { warn("\(path): skipped: \(reason)") }
                guard !listing.files.isEmpty else {
                    throw InputError(file: argument, problem: "directory holds no \(describe(extensions)) files")
                }
                listing.files.forEach(add)
            } else if exists(argument) {
                add(argument)
            } else if argument.contains(where: { "*?[".contains($0) }) {
                let matches = glob(argument)
                guard !matches.isEmpty else { throw InputError(file: argument, problem: "no file matches this pattern") }
                matches.forEach(add)
            } else if argument.unicodeScalars.contains("\u{FFFD}") {
                // The system hands arguments over with invalid UTF-8 replaced by U+FFFD: the name is not the file's.
                throw InputError(file: argument, problem: "cannot open: the name is not valid UTF-8 (shown with \u{FFFD}), or no such file; rename it (e.g. convmv -f latin1 -t utf-8)")
            } else {
                // What stat said (ENAMETOOLONG, ELOOP, ENOTDIR, EACCES…), not always "No such file".
                throw InputError(file: argument, problem: "cannot open: \(String(cString: strerror(statError(argument))))")
            }
        }
        return result
    }

    /// Refuses standard input given to two roles (`label - --fixes -`): it can be read once, and the second reader
    /// met the first one's leftovers (a garbled header).
    ///
    /// - Throws: ``CommandFailure`` (bad usage) naming both roles.
    package static func standardInputOnce(traces: [String], _ options: [(option: String, value: String?)]) throws(CommandFailure) {
        let roles = (traces.contains("-") ? ["the trace"] : []) + options.filter { $0.value == "-" }.map(\.option)
        if roles.count > 1 {
            throw .badUsage("standard input (-) named twice, as \(roles[0]) and as \(roles[1]): it can be read once; give one of them a file")
        }
    }

    private static func describe(_ extensions: Set<String>) -> String {
        extensions.sorted().map { "." + $0 }.joined(separator: "/")
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// The error `stat` gives for `path` (ENOENT when it gives none).
    private static func statError(_ path: String) -> Int32 {
        var status = stat()
        return stat(path, &status) == 0 || errno == 0 ? ENOENT : errno
    }

    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Like ``expand(_:extensions:excluding:)``, for commands that read one
    /// input at a time: `-` must then stand alone (standard input cannot be one
    /// of several inputs), and nothing at all is bad usage.
    ///
    /// - Throws: ``CommandFailure`` (bad usage) for `-` among other inputs or no
    ///   input; ``InputError`` as `expand` does.
    package static func expandInputs(_ arguments: [String], extensions: Set<String> = ["csv"],
                             excluding: Set<String> = traceCompanionSuffixes) throws -> [String] {
        guard !arguments.isEmpty else { throw CommandFailure.badUsage("give at least one input (a file, a directory, a pattern, or - for standard input)") }
        if arguments.contains("-") && arguments.count > 1 {
            throw CommandFailure.badUsage("'-' (standard input) must be the only input")
        }
        return try expand(arguments, extensions: extensions, excluding: excluding)
    }

    private static func glob(_ pattern: String) -> [String] {
        var matches = glob_t()
        defer { globfree(&matches) }
        guard systemGlob(pattern, 0, nil, &matches) == 0 else { return [] }
        var paths: [String] = []
        for index in 0..<Int(matches.gl_pathc) {
            if let path = matches.gl_pathv[index] { paths.append(String(cString: path)) }
        }
        return paths.sorted()
    }
}


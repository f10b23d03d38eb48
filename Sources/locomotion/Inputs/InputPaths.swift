#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LocomotionIO

/// Expands command-line inputs into a list of files, in a deterministic order.
///
/// Each argument is `-` (standard input, at most once), a file, a directory
/// (its files with one of `extensions`, recursively, sorted by path, leaving out
/// hidden files and names ending in one of `excluding`) or a glob pattern (`*`,
/// `?`, `[…]`, expanded by `glob(3)` and sorted; the shell usually expands it
/// first, but a quoted pattern reaches us). Arguments keep their order; a file
/// named twice is kept once (first place).
enum InputPaths {
    /// Companion files that sit next to traces but are not traces: what `convert`
    /// writes beside a trace (`NAME.steps.csv` true step times, `NAME.fixes.csv`)
    /// and what the commands write into `--output-dir`. A directory argument skips
    /// them; naming them explicitly (or by a pattern) still reads them.
    static let traceCompanionSuffixes: Set<String> = [
        ".steps.csv", ".fixes.csv", ".label.csv", ".step-times.csv", ".replay.csv", ".distance.csv",
        ".epochs.csv", ".daily.csv", ".segments.csv",
    ]

    /// The files named by `arguments`.
    ///
    /// - Throws: ``InputError`` for a path that does not exist, a pattern or a
    ///   directory that matches nothing, or `-` given twice.
    static func expand(_ arguments: [String], extensions: Set<String> = ["csv"],
                       excluding: Set<String> = []) throws(InputError) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        func add(_ path: String) {
            if seen.insert(path).inserted { result.append(path) }
        }
        for argument in arguments {
            if argument == "-" {
                guard !seen.contains("-") else {
                    throw InputError(file: "-", problem: "standard input named twice")
                }
                add("-")
            } else if isDirectory(argument) {
                let files = filesUnder(argument, extensions: extensions, excluding: excluding)
                guard !files.isEmpty else {
                    throw InputError(file: argument, problem: "directory holds no \(describe(extensions)) files")
                }
                files.forEach(add)
            } else if exists(argument) {
                add(argument)
            } else if argument.contains(where: { "*?[".contains($0) }) {
                let matches = glob(argument)
                guard !matches.isEmpty else { throw InputError(file: argument, problem: "no file matches this pattern") }
                matches.forEach(add)
            } else {
                throw InputError(file: argument, problem: "cannot open: \(String(cString: strerror(ENOENT)))")
            }
        }
        return result
    }

    private static func describe(_ extensions: Set<String>) -> String {
        extensions.sorted().map { "." + $0 }.joined(separator: "/")
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Like ``expand(_:extensions:excluding:)``, for commands that read one
    /// input at a time: `-` must then stand alone (standard input cannot be one
    /// of several inputs), and nothing at all is bad usage.
    ///
    /// - Throws: ``CommandFailure`` (bad usage) for `-` among other inputs or no
    ///   input; ``InputError`` as `expand` does.
    static func expandInputs(_ arguments: [String], extensions: Set<String> = ["csv"],
                             excluding: Set<String> = traceCompanionSuffixes) throws -> [String] {
        guard !arguments.isEmpty else { throw CommandFailure.badUsage("give at least one input (a file, a directory, a pattern, or - for standard input)") }
        if arguments.contains("-") && arguments.count > 1 {
            throw CommandFailure.badUsage("'-' (standard input) must be the only input")
        }
        return try expand(arguments, extensions: extensions, excluding: excluding)
    }

    /// Regular files under `directory` with a matching extension, recursively, sorted.
    private static func filesUnder(_ directory: String, extensions: Set<String>, excluding: Set<String>) -> [String] {
        var found: [String] = []
        var pending = [directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory]
        while let folder = pending.popLast() {
            guard let handle = opendir(folder) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." || name.hasPrefix(".") { continue }
                let path = folder + "/" + name
                if isDirectory(path) {
                    pending.append(path)
                } else if let dot = name.lastIndex(of: "."), extensions.contains(String(name[name.index(after: dot)...]).lowercased()),
                          !excluding.contains(where: { name.lowercased().hasSuffix($0) }) {
                    found.append(path)
                }
            }
        }
        return found.sorted()
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

#if canImport(Glibc)
private let systemGlob = Glibc.glob
#elseif canImport(Darwin)
private let systemGlob = Darwin.glob
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LocomotionIO

/// Expands command-line inputs into a list of files, in a deterministic order.
///
/// Each argument is `-` (standard input, at most once), a file, a directory
/// (its files with one of `extensions`, recursively, sorted by path) or a glob
/// pattern (`*`, `?`, `[…]`, expanded by `glob(3)` and sorted). Arguments keep
/// their order; a file named twice is kept once (first place).
enum InputPaths {
    /// The files named by `arguments`.
    ///
    /// - Throws: ``InputError`` for a path that does not exist, a pattern or a
    ///   directory that matches nothing, or `-` given twice.
    static func expand(_ arguments: [String], extensions: Set<String> = ["csv"]) throws(InputError) -> [String] {
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
                let files = filesUnder(argument, extensions: extensions)
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
                throw InputError(file: argument, problem: "no such file or directory")
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

    /// Regular files under `directory` with a matching extension, recursively, sorted.
    private static func filesUnder(_ directory: String, extensions: Set<String>) -> [String] {
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
                } else if let dot = name.lastIndex(of: "."), extensions.contains(String(name[name.index(after: dot)...]).lowercased()) {
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

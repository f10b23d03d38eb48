#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the results of one or many inputs go, in input order.
///
/// - One input: its output as is, to `--output` or standard output (the same
///   bytes as a command that reads one file).
/// - Several inputs: one combined output to `--output` or standard output. A
///   CSV table gets a leading `file` column (the header once, then every row
///   prefixed with its input's path); JSON Lines get a leading `"file"` key in
///   every object; text reports follow one another, a blank line apart.
/// - `--output-dir DIR`: one file per input, `DIR/NAME<suffix>`, where NAME is
///   the input's file name without its extension (`stdin` for `-`), each as it
///   would be for that input alone. Two inputs with the same NAME are refused
///   before anything is read, and so is an output that would overwrite an input
///   (also a combined `--output` that is one of several inputs).
///
/// A file is opened only when its first result arrives, so an input that fails
/// leaves an existing `--output` file as it was.
final class ResultWriter {
    /// How an output is laid out, which decides how several combine.
    enum Shape {
        /// CSV with a header line, one row per line.
        case csvTable
        /// One JSON object per line.
        case jsonLines
        /// Anything else (a report): concatenated.
        case text
    }

    private let shape: Shape
    private let output: String?
    private let combined: Bool
    private let directoryPaths: [String: String]?
    private var sink: OutputSink?
    private var wroteHeader = false
    private var wroteAny = false

    /// Plans the outputs for `inputs`; creates `outputDirectory` when given.
    ///
    /// - Throws: ``CommandFailure`` (bad usage) for `--output` together with
    ///   `--output-dir`, two inputs that would write the same file, or a folder
    ///   that cannot be created.
    init(inputs: [String], output: String?, outputDirectory: String?, suffix: String, shape: Shape) throws {
        self.shape = shape
        self.output = output
        combined = inputs.count > 1
        guard let directory = outputDirectory else {
            directoryPaths = nil
            // Inputs are still being read while the combined output is written.
            if combined, let output, let identity = Self.fileIdentity(output),
               Set(inputs.compactMap(Self.fileIdentity)).contains(identity) {
                throw CommandFailure.badUsage("--output \(output) is one of the inputs; write the combined output elsewhere")
            }
            return
        }
        if output != nil { throw CommandFailure.badUsage("give --output or --output-dir, not both") }
        var paths: [String: String] = [:]
        var owners: [String: String] = [:]
        let folder = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        let inputFiles = Set(inputs.compactMap(Self.fileIdentity))
        for input in inputs {
            let path = folder + "/" + Self.baseName(of: input) + suffix
            if let other = owners[path] {
                throw CommandFailure.badUsage("\(other) and \(input) would both be written to \(path); rename one, or process them separately")
            }
            if inputs.contains(path) || Self.fileIdentity(path).map(inputFiles.contains) == true {
                throw CommandFailure.badUsage("the output \(path) would overwrite an input; choose another --output-dir")
            }
            owners[path] = input
            paths[input] = path
        }
        directoryPaths = paths
        try FileSystem.makeDirectory(folder)
    }

    /// The input's file name without its last extension; `stdin` for `-`.
    static func baseName(of input: String) -> String {
        if input == "-" { return "stdin" }
        let name = input.split(separator: "/").last.map(String.init) ?? input
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The device and inode of an existing file (one file under two spellings has one identity), or nil.
    private static func fileIdentity(_ path: String) -> [UInt64]? {
        var status = stat()
        guard path != "-", stat(path, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }

    /// Writes the output of `input` (in the layout of that input alone).
    func write(_ text: String, for input: String) throws {
        if let directoryPaths {
            let file = try OutputSink(path: directoryPaths[input])
            file.write(text)
            file.close()
            return
        }
        if sink == nil { sink = try OutputSink(path: output) }
        guard let sink else { return }
        guard combined else {
            sink.write(text)
            return
        }
        switch shape {
        case .text:
            if wroteAny { sink.write("\n") }
            sink.write(text)
        case .csvTable:
            let field = csvField(input)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last == "" { lines.removeLast() }
            for (index, line) in lines.enumerated() {
                if index == 0 {
                    if !wroteHeader { sink.write("file," + line + "\n") }
                    wroteHeader = true
                } else {
                    sink.write(field + "," + line + "\n")
                }
            }
        case .jsonLines:
            let key = "{\"file\":" + jsonString(input)
            for line in text.split(separator: "\n") where line.first == "{" {
                let rest = line.dropFirst()
                sink.write(key + (rest.first == "}" ? "" : ",") + rest + "\n")
            }
        }
        wroteAny = true
    }

    /// Flushes and closes the combined output (per-input files are closed as written).
    func close() {
        sink?.close()
    }
}

/// The few file-system operations the commands need.
enum FileSystem {
    /// Creates `path` and any missing parents (like `mkdir -p`).
    ///
    /// - Throws: ``CommandFailure`` (bad usage) when a folder cannot be created.
    static func makeDirectory(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component + "/"
            if !InputPaths.isDirectory(prefix) && mkdir(prefix, 0o755) != 0 && !InputPaths.isDirectory(prefix) {
                throw CommandFailure.badUsage("cannot create the folder \(prefix): \(String(cString: strerror(errno)))")
            }
        }
    }
}

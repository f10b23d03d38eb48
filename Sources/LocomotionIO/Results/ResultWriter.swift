import Foundation

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
///   would be for that input alone, and each complete on disk (renamed into
///   place) as soon as its input is done; ``outputPath(for:)`` names it.
///
/// Made by ``OutputPlan/resultWriter(inputs:output:outputDirectory:suffix:shape:option:)``, which refuses
/// clashing outputs before anything is read. Files are written through ``OutputFile``: a file under its final
/// name is always complete. A combined output file is opened when the first result arrives and appears when
/// ``finish()`` succeeds, so a run whose inputs all fail leaves an existing `--output` file as it was; a write
/// that fails throws ``OutputError`` (exit 2) and leaves nothing partial under the final name.
package final class ResultWriter {
    /// How an output is laid out, which decides how several combine.
    package enum Shape {
        /// CSV with a header line, one row per line.
        case csvTable
        /// One JSON object per line.
        case jsonLines
        /// Anything else (a report): concatenated.
        case text
        /// CSV rows that name their input themselves (`epochs`, `daily`): combined, the header once and the rows
        /// as they are.
        case keyedCSVTable
        /// JSON Lines that name their input themselves: combined, as they are.
        case keyedJSONLines
    }

    private let shape: Shape
    private let output: String?
    private let combined: Bool
    private let directoryPaths: [String: String]?
    private var sink: OutputFile?
    private var wroteHeader = false
    private var wroteAny = false

    /// One combined output (or one input's output as is) to `output`, standard output when nil.
    package init(inputs: [String], output: String?, shape: Shape) {
        self.shape = shape
        self.output = output
        combined = inputs.count > 1
        directoryPaths = nil
    }

    /// One file per input, at `directoryPaths[input]`.
    package init(inputs: [String], directoryPaths: [String: String], shape: Shape) {
        self.shape = shape
        output = nil
        combined = false
        self.directoryPaths = directoryPaths
    }

    /// The file `--output-dir` gives `input`'s results (nil without `--output-dir`). It exists only once
    /// complete, so a batch that is run again can skip inputs whose file is there.
    package func outputPath(for input: String) -> String? { directoryPaths?[input] }

    /// The input's file name without its last extension; `stdin` for `-`.
    package static func baseName(of input: String) -> String {
        if input == "-" { return "stdin" }
        // By code point, as the participant rules (Tests/Shared/participant-rules.json).
        let scalars = input.unicodeScalars
        let name = scalars.split(separator: "/").last ?? scalars[...]
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return String(String.UnicodeScalarView(name)) }
        return String(String.UnicodeScalarView(name[..<dot]))
    }

    /// Writes the output of `input` (in the layout of that input alone).
    ///
    /// - Throws: ``OutputError`` when writing fails.
    package func write(_ text: String, for input: String) throws {
        if let directoryPaths, let path = directoryPaths[input] {
            let file = try OutputFile(path: path)
            try file.write(text)
            try file.commit()
            return
        }
        if sink == nil { sink = try OutputFile(path: output ?? "-") }
        guard let sink else { return }
        guard combined else {
            try sink.write(text)
            return
        }
        switch shape {
        case .text:
            if wroteAny { try sink.write("\n") }
            try sink.write(text)
        case .csvTable:
            let field = csvField(input)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last == "" { lines.removeLast() }
            for (index, line) in lines.enumerated() {
                if index == 0 {
                    if !wroteHeader { try sink.write("file," + line + "\n") }
                    wroteHeader = true
                } else {
                    try sink.write(field + "," + line + "\n")
                }
            }
        case .keyedCSVTable:
            let body = wroteHeader ? text.drop { $0 != "\n" }.dropFirst() : Substring(text)
            try sink.write(String(body))
            wroteHeader = true
        case .keyedJSONLines:
            try sink.write(text)
        case .jsonLines:
            let key = "{\"file\":" + JSONObject.string(input)
            for line in text.split(separator: "\n") where line.first == "{" {
                let rest = line.dropFirst()
                try sink.write(key + (rest.first == "}" ? "" : ",") + rest + "\n")
            }
        }
        wroteAny = true
    }

    /// Appends more of the output of the input last given to ``write(_:for:)`` (a long output handed over in
    /// pieces that end at line ends), as it is: for the shapes whose rows name their input themselves
    /// (`keyedCSVTable`, `keyedJSONLines`) and for one input's output.
    ///
    /// - Throws: ``OutputError`` when writing fails.
    package func continueWriting(_ text: String) throws {
        precondition(directoryPaths == nil && (!combined || shape == .keyedCSVTable || shape == .keyedJSONLines),
                     "continueWriting(_:) is for a combined output whose rows name their input")
        try sink?.write(text)
    }

    /// Completes the combined output (per-input files are completed as written): writes it out and, for a
    /// file, renames it into place. Call once after the last ``write(_:for:)``; an output never written to is
    /// not created.
    ///
    /// - Throws: ``OutputError`` when writing, closing or renaming fails.
    package func finish() throws {
        try sink?.commit()
    }
}

/// The few file-system operations the commands need.
package enum FileSystem {
    /// Creates `path` and any missing parents (like `mkdir -p`).
    ///
    /// - Throws: ``CommandFailure`` (bad usage) when a folder cannot be created.
    package static func makeDirectory(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component + "/"
            if !InputPaths.isDirectory(prefix) && mkdir(prefix, 0o755) != 0 && !InputPaths.isDirectory(prefix) {
                throw CommandFailure.badUsage("\(prefix): cannot create the folder: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// True when `path` names a regular file (following links).
    package static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}

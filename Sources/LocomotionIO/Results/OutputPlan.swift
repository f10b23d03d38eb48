
/// The outputs of one run of a command, checked before anything is read.
///
/// Every command makes one plan from everything it will read (traces, fixes, configuration files) and gets
/// every output through it — ``resultWriter(inputs:output:outputDirectory:suffix:shape:)`` for tables and
/// reports of one or many inputs, ``file(_:as:)`` for a single file, ``claim(_:as:)`` for a path it opens
/// later. Each refuses, as bad usage (exit 2), an output that is
///
/// - one of the inputs (by ``FileIdentity``: `./t.csv`, a symbolic link and a hard link to `t.csv` are
///   `t.csv`), which would destroy the recording or read what is being written;
/// - another output of the same run (two options naming one file, or an `--output-dir` file that another
///   option also names), where one would silently replace the other;
/// - standard output a second time (two CSVs interleaved), or standard output when the shell redirected it
///   into one of the inputs (`locomotion label t.csv >> t.csv`);
/// - an empty path (`--output-dir "$UNSET"`), which would otherwise name the root folder;
/// - a named FIFO, a socket or a block device (``PipeRule``): opening a FIFO waits for a reader, and an output
///   is a temporary file renamed when complete.
///
/// An output is known by its absolute path as well as by its ``FileIdentity``, so a file this run has just
/// created is still the output it claimed (`convert` claims each output as it reaches it).
///
/// Files are then written through ``OutputFile`` (a temporary file beside the target, renamed when complete),
/// so nothing is written before the plan is complete and nothing partial ever has the final name.
package struct OutputPlan {
    private var inputs: [FileIdentity: String] = [:]
    private var outputs: [FileIdentity: String] = [:]
    /// The outputs by absolute path: an output that did not exist when it was claimed has another identity once
    /// written.
    private var outputPaths: [String: String] = [:]
    private var standardOutput: String?

    /// A plan for a run that reads `inputs` (paths, `-` for standard input, nil entries ignored: pass optional
    /// options such as `--fixes` as they are).
    package init(reading inputs: [String?]) {
        for case let input? in inputs {
            let identity = input == "-" ? FileIdentity(descriptor: 0) : FileIdentity(path: input)
            if let identity, self.inputs[identity] == nil { self.inputs[identity] = input }
        }
    }

    /// Reserves `path` (nil or `-`: standard output) as the output named `option` (`--output`, `--summary`,
    /// `standard output`…), for the caller to open later with ``OutputFile``.
    ///
    /// - Throws: ``CommandFailure`` (bad usage) when the path is empty, an input or already an output of this run.
    package mutating func claim(_ path: String?, as option: String) throws(CommandFailure) {
        if path == "" { throw Self.emptyPath(option) }
        guard let path, path != "-" else {
            let name = option == "standard output" ? option : "\(option) -"
            if let other = standardOutput {
                throw .badUsage("\(other) and \(name) both write to standard output; give one of them a file")
            }
            if let identity = FileIdentity(descriptor: 1), let input = inputs[identity] {
                throw .badUsage("standard output is redirected into the input \(input); redirect it elsewhere")
            }
            standardOutput = name
            return
        }
        // A named FIFO would wait for a reader and cannot take a renamed file (PipeRule): said now, not after computing.
        if let problem = PipeRule.outputProblem(path) { throw .badUsage("\(option) \(path) \(problem)") }
        guard let identity = FileIdentity(path: path) else { return }
        if let input = inputs[identity] {
            throw .badUsage("\(option) \(path) is the input \(input) (the same file); write the output elsewhere")
        }
        let absolute = FileIdentity.absolutePath(of: path)
        // Keys compare by canonical equivalence: names that differ only in normalisation are refused as one
        // (one file on a normalising file system, and they look alike), but said so (FileNameRule).
        if let index = outputPaths.index(forKey: absolute), FileNameRule.relation(outputPaths[index].key, absolute) == .equivalent {
            throw .badUsage("\(outputPaths[index].value) and \(option) \(path) differ only in Unicode normalisation (NFC and NFD): one file on some file systems, and alike to read; rename one input")
        }
        if let other = outputs[identity] ?? outputPaths[absolute] {
            throw .badUsage("\(other) and \(option) \(path) are the same file; give each output its own")
        }
        outputs[identity] = "\(option) \(path)"
        outputPaths[absolute] = "\(option) \(path)"
    }

    /// Refuses an empty folder path for `option` (an unset shell variable), which would put the outputs in the
    /// root folder; returns the path without a trailing slash.
    ///
    /// - Throws: ``CommandFailure`` (bad usage).
    package static func folder(_ path: String, option: String = "--output-dir") throws(CommandFailure) -> String {
        if path.isEmpty { throw emptyPath(option) }
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    private static func emptyPath(_ option: String) -> CommandFailure {
        .badUsage("\(option) is empty (an unset shell variable?); give a path (. for the current folder)")
    }

    /// Claims `path` as ``claim(_:as:)`` does and opens it.
    ///
    /// - Throws: ``CommandFailure`` (bad usage) as `claim` does; ``OutputError`` when it cannot be opened.
    package mutating func file(_ path: String?, as option: String) throws -> OutputFile {
        try claim(path, as: option)
        return try OutputFile(path: path ?? "-")
    }

    /// Plans the outputs of a command that reads one or many `inputs` (see ``ResultWriter``): `output` (nil:
    /// standard output) or one file per input in `outputDirectory`, each claimed here. `names` gives the NAME of
    /// an input's `--output-dir` file when it is not the input's file name without its extension (`epochs` and
    /// `daily` name them after participants).
    ///
    /// - Throws: ``CommandFailure`` (bad usage) for `--output` with `--output-dir`, two inputs that would write
    ///   the same file, an output that is an input or another output, or a folder that cannot be created.
    package mutating func resultWriter(inputs: [String], output: String?, outputDirectory: String?, suffix: String,
                               shape: ResultWriter.Shape, option: String = "--output",
                               names: [String: String] = [:]) throws -> ResultWriter {
        guard let outputDirectory else {
            try claim(output, as: output == nil ? "standard output" : option)
            return ResultWriter(inputs: inputs, output: output, shape: shape)
        }
        if output != nil { throw CommandFailure.badUsage("give \(option) or --output-dir, not both") }
        let folder = try Self.folder(outputDirectory)
        var paths: [String: String] = [:]
        var owners: [String: String] = [:]
        for input in inputs {
            let path = folder + "/" + (names[input] ?? ResultWriter.baseName(of: input)) + suffix
            if let other = owners[path] {
                throw CommandFailure.badUsage(
                    "\(other) and \(input) would both be written to \(path); rename one, or process them separately")
            }
            try claim(path, as: "--output-dir")
            owners[path] = input
            paths[input] = path
        }
        try FileSystem.makeDirectory(folder)
        return ResultWriter(inputs: inputs, directoryPaths: paths, shape: shape)
    }
}

import Foundation

/// What a key's `--output-dir` outputs were computed from: each input's absolute path, size and modification time,
/// kept beside the outputs in a hidden file (`.NAME.SUFFIX.inputs`, passed by folder walks) so that a resumed run
/// tells outputs that are complete for these inputs from outputs of other inputs (a file added to a participant, a
/// trace appended to, a file replaced), which it computes again instead of saying they are complete.
///
/// Sizes and times rather than a hash: a resume must not read a cohort's gigabytes to decide what to skip; a file
/// rewritten with the same size inside one timestamp tick (nanoseconds on Linux and APFS) goes unnoticed.
package struct InputRecord: Equatable, Sendable {
    /// One input as it was.
    package struct Entry: Equatable, Sendable {
        package var path: String
        package var size: Int64
        /// Seconds and nanoseconds of the last modification.
        package var modified: String
    }

    package var entries: [Entry]

    /// The inputs as they are now (a path that cannot be read by `stat` is recorded with size −1).
    package init(inputs: [String]) {
        entries = inputs.map { input in
            var status = stat()
            let path = FileIdentity.absolutePath(of: input)
            guard stat(input, &status) == 0 else { return Entry(path: path, size: -1, modified: "-") }
            return Entry(path: path, size: Int64(status.st_size),
                         modified: "\(status.st_mtim.tv_sec).\(String(status.st_mtim.tv_nsec).leftPadded(to: 9))")
        }
    }

    private init(entries: [Entry]) { self.entries = entries }

    /// The record kept for the output `outputPath`: `.NAME.inputs` in its folder.
    package static func path(beside outputPath: String) -> String {
        let folder = OutputFile.directory(of: outputPath)
        let name = outputPath.split(separator: "/").last.map(String.init) ?? outputPath
        return (folder == "/" ? "/" : folder + "/") + "." + name + ".inputs"
    }

    private static let header = "locomotion inputs 1"

    /// The text written: a header, then `size<TAB>modified<TAB>path` per input (a path holds no newline: one
    /// that does is escaped as `\n`, and `\` as `\\`).
    package var text: String {
        ([Self.header] + entries.map { "\($0.size)\t\($0.modified)\t\(Self.escape($0.path))" }).joined(separator: "\n") + "\n"
    }

    /// The record in `path`; nil when there is none or it cannot be read as one (then the outputs are computed again).
    package static func read(_ path: String) -> InputRecord? {
        guard FileSystem.isRegularFile(path), let data = FileManager.default.contents(atPath: path),
              data.count <= 1 << 24, let text = String(validating: data, as: UTF8.self) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(header), lines.last == "" else { return nil }
        lines = Array(lines.dropFirst().dropLast())
        var entries: [Entry] = []
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let size = Int64(fields[0]) else { return nil }
            entries.append(Entry(path: unescape(fields[2]), size: size, modified: String(fields[1])))
        }
        return InputRecord(entries: entries)
    }

    /// What differs from `earlier`, in words (`2024-03-02.csv added`, `day.csv changed`), for the message.
    package func changes(since earlier: InputRecord) -> String {
        let before = Dictionary(earlier.entries.map { (FileNameRule.Exact($0.path), $0) }, uniquingKeysWith: { first, _ in first })
        let now = Set(entries.map { FileNameRule.Exact($0.path) })
        var words: [String] = []
        for entry in entries {
            guard let old = before[FileNameRule.Exact(entry.path)] else { words.append("\(entry.path) added"); continue }
            if old != entry { words.append("\(entry.path) changed") }
        }
        for entry in earlier.entries where !now.contains(FileNameRule.Exact(entry.path)) { words.append("\(entry.path) gone") }
        if words.isEmpty { words.append("the inputs' order changed") }
        return words.count > 3 ? words.prefix(3).joined(separator: ", ") + " and \(words.count - 3) more" : words.joined(separator: ", ")
    }

    private static func escape(_ path: String) -> String {
        path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    private static func unescape(_ field: Substring) -> String {
        var text = ""
        var escaped = false
        for character in field {
            if escaped {
                text.append(character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        return text
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

import Foundation

/// The one rule by which the tool tells file names and participant names apart: folder walks, the inputs of a
/// command, output claims and participants (and the Spark job, `participants.py`; the cases of
/// `Tests/Shared/participant-rules.json` are run on both sides).
///
/// - **Byte-exact for what is read**: two paths are one input only when their UTF-8 bytes are equal (or they are
///   one file by device and inode). Swift's `String` equality is canonical equivalence, under which `é` written
///   precomposed (U+00E9, NFC) and decomposed (`e` + U+0301, NFD) are equal: a `Set<String>` of paths collapsed two
///   different files into one input.
/// - **Normalised for what is made**: two names that differ only in Unicode normalisation look the same and are one
///   file on a normalising file system (APFS, HFS+, SMB shares), so two participants or two outputs whose names are
///   canonically equivalent but not byte-equal are refused, naming both, never merged.
/// - **Never skipped**: a name that is not valid UTF-8, or a path of `PATH_MAX` bytes or more, cannot be named to
///   the readers; a folder walk that meets one stops with an error naming it (the bytes escaped as `\xNN`), never
///   leaves it out with exit 0.
package enum FileNameRule {
    /// How two names relate.
    package enum Relation: String, Sendable {
        /// The same bytes: one name.
        case same
        /// Different bytes, canonically equivalent (NFC against NFD): refused where the name is made into a file.
        case equivalent
        /// Different names.
        case different
    }

    /// How `first` and `second` relate. O(length).
    package static func relation(_ first: String, _ second: String) -> Relation {
        if first.utf8.elementsEqual(second.utf8) { return .same }
        return first == second ? .equivalent : .different
    }

    /// A name compared and hashed by its UTF-8 bytes (a `Set<String>` compares by canonical equivalence).
    package struct Exact: Hashable, Sendable {
        package var text: String
        package init(_ text: String) { self.text = text }
        package static func == (left: Exact, right: Exact) -> Bool { left.text.utf8.elementsEqual(right.text.utf8) }
        package func hash(into hasher: inout Hasher) {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }

    /// The longest path, in bytes with its terminating NUL, that the system calls take (`PATH_MAX`).
    package static let maximumPathBytes = Int(PATH_MAX)

    /// Whether `path` is short enough to be opened by name.
    package static func fitsPathMax(_ path: String) -> Bool { path.utf8.count < maximumPathBytes }

    /// `bytes` as a name when they are valid UTF-8, else nil.
    package static func name(fromBytes bytes: some Collection<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// `bytes` for a message: valid UTF-8 as it is, every byte of an invalid sequence as `\xNN`.
    package static func escaped(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        var rest = Array(bytes)[...]
        while !rest.isEmpty {
            // The longest valid prefix, then one escaped byte.
            var end = rest.endIndex
            while end > rest.startIndex, String(validating: rest[rest.startIndex..<end], as: UTF8.self) == nil { end -= 1 }
            if end > rest.startIndex {
                text += String(decoding: rest[rest.startIndex..<end], as: UTF8.self)
                rest = rest[end...]
            } else {
                text += "\\x" + String(rest[rest.startIndex], radix: 16, uppercase: true).leftPadded(to: 2)
                rest = rest.dropFirst()
            }
        }
        return text
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// Calls `body` with each line of `bytes` (1-based number, content without the
/// line break or a trailing carriage return). A line longer than
/// ``LineSource/maximumLineLength`` is an error naming `file` and the line, before
/// the line is split (a 20 MB header would cost 600 MB as fields), as in the trace
/// readers. O(bytes).
package func forEachLine(
    of bytes: [UInt8], file: String,
    _ body: (_ number: Int, _ line: ArraySlice<UInt8>) throws(InputError) -> Void
) throws(InputError) {
    var start = bytes.startIndex
    var number = 1
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }  // UTF-8 byte-order mark
    while start < bytes.endIndex {
        var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
        let next = end == bytes.endIndex ? end : end + 1
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        guard end - start <= LineSource.maximumLineLength else {
            throw InputError(file: file, line: number, problem: "line longer than \(LineSource.maximumLineLength) bytes",
                             hint: "is this a binary file?")
        }
        try body(number, bytes[start..<end])
        start = next
        number += 1
    }
}

extension ArraySlice<UInt8> {
    /// The bytes as text with surrounding spaces and tabs removed.
    package var trimmedText: String {
        var lower = startIndex, upper = endIndex
        while lower < upper, self[lower] == 0x20 || self[lower] == 0x09 { lower += 1 }
        while upper > lower, self[upper - 1] == 0x20 || self[upper - 1] == 0x09 { upper -= 1 }
        return String(decoding: self[lower..<upper], as: UTF8.self)
    }

    /// True when the line holds only spaces and tabs.
    package var isBlank: Bool { allSatisfy { $0 == 0x20 || $0 == 0x09 } }
}

extension InputWarning {
    /// The warning for a row that lenient reading skips instead of throwing `error`.
    package init(_ error: InputError) {
        self.init(file: error.file, line: error.line ?? 0, column: error.column, problem: error.problem)
    }
}

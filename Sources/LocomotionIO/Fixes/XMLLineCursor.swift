/// Line and column of byte offsets, counted forward from the last offset asked
/// (amortised O(n) over a document when asked in increasing order, as errors
/// and warnings are). A line ends at LF, or at a CR not followed by LF; the
/// column counts characters (UTF-8 lead bytes), 1-based.
struct XMLLineCursor {
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    mutating func location(of target: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        if target < offset { self = XMLLineCursor() }
        let end = min(target, bytes.count)
        while offset < end {
            let byte = bytes[offset]
            offset += 1
            if byte == 0x0A || (byte == 0x0D && (offset == bytes.count || bytes[offset] != 0x0A)) {
                line += 1
                lineStart = offset
            }
        }
        let column = 1 + bytes[lineStart..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return (line, column)
    }
}

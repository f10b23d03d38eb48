#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines of a file or of standard input, read with `read(2)` into one large
/// reusable buffer: no allocation per line, no text decoding.
///
/// A class only because it owns a file descriptor and a buffer that must be
/// released exactly once.
final class LineSource {
    /// Why a line could not be produced.
    enum Failure: Error {
        case readFailed(String)
        case lineTooLong(Int)
    }

    /// The longest line accepted; a longer one is garbage, not a CSV row.
    static let maximumLineLength = 1 << 20

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var storage: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var atEndOfFile = false
    /// Lines handed out so far; the number of the last one returned.
    private(set) var lineNumber = 0
    /// True when the last line returned had no line terminator (end of file).
    private(set) var lastLineWasUnterminated = false
    /// Buffer offset of the last line returned, for ``rewindLastLine()``.
    private var lastLineStart = 0

    /// Opens `path` for reading, or standard input for `"-"`.
    init(path: String, bufferSize: Int = 1 << 20) throws(InputError) {
        if path == "-" {
            descriptor = 0
            ownsDescriptor = false
        } else {
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else {
                let reason = String(cString: strerror(errno))
                throw InputError(file: path, problem: "cannot open: \(reason)")
            }
            var status = stat()
            if fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
                close(fd)
                throw InputError(file: path, problem: "is a directory, not a trace file")
            }
            descriptor = fd
            ownsDescriptor = true
        }
        storage = .allocate(byteCount: max(bufferSize, 64), alignment: 16)
    }

    deinit {
        storage.deallocate()
        if ownsDescriptor { close(descriptor) }
    }

    /// Calls `body` with the next line's bytes (without `\n` or `\r\n`), or
    /// returns nil at end of input. The bytes are valid only inside `body`.
    @inline(__always)
    func withNextLine<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) throws(Failure) -> Result? {
        var searchFrom = start
        while true {
            let base = storage.baseAddress!.assumingMemoryBound(to: UInt8.self)
            if end > searchFrom, let hit = memchr(base + searchFrom, 0x0A, end - searchFrom) {
                let newline = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - UnsafePointer(base)
                var lineEnd = newline
                if lineEnd > start && base[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                lastLineStart = start
                let line = UnsafeBufferPointer(start: base + start + skippedByteOrderMark(base, lineEnd),
                                               count: lineEnd - start - skippedByteOrderMark(base, lineEnd))
                start = newline + 1
                lineNumber += 1
                lastLineWasUnterminated = false
                return body(line)
            }
            if atEndOfFile {
                guard end > start else { return nil }
                var lineEnd = end
                if base[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                lastLineStart = start
                let line = UnsafeBufferPointer(start: base + start + skippedByteOrderMark(base, lineEnd),
                                               count: lineEnd - start - skippedByteOrderMark(base, lineEnd))
                start = end
                lineNumber += 1
                lastLineWasUnterminated = true
                return body(line)
            }
            searchFrom = end - start
            try refill()
        }
    }

    /// Makes the last line returned the next one again. Valid right after
    /// ``withNextLine(_:)`` returned a line.
    func rewindLastLine() {
        precondition(lineNumber > 0, "no line to rewind")
        start = lastLineStart
        lineNumber -= 1
    }

    /// 3 when the line about to be returned is the first and starts with a
    /// UTF-8 byte order mark (written by some spreadsheet programs), else 0.
    @inline(__always)
    private func skippedByteOrderMark(_ base: UnsafeMutablePointer<UInt8>, _ lineEnd: Int) -> Int {
        guard lineNumber == 0, lineEnd - start >= 3 else { return 0 }
        return base[start] == 0xEF && base[start + 1] == 0xBB && base[start + 2] == 0xBF ? 3 : 0
    }

    /// Moves the unread tail to the front, grows the buffer if a line fills it,
    /// and reads more.
    private func refill() throws(Failure) {
        if start > 0 {
            let remaining = end - start
            if remaining > 0 {
                storage.baseAddress!.copyMemory(from: storage.baseAddress! + start, byteCount: remaining)
            }
            start = 0
            end = remaining
        }
        if end == storage.count {
            guard storage.count < LineSource.maximumLineLength else {
                throw .lineTooLong(LineSource.maximumLineLength)
            }
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: storage.count * 2, alignment: 16)
            larger.baseAddress!.copyMemory(from: storage.baseAddress!, byteCount: end)
            storage.deallocate()
            storage = larger
        }
        while true {
            let count = read(descriptor, storage.baseAddress! + end, storage.count - end)
            if count > 0 {
                end += count
                return
            }
            if count == 0 {
                atEndOfFile = true
                return
            }
            if errno == EINTR { continue }
            throw .readFailed(String(cString: strerror(errno)))
        }
    }
}

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
/// released exactly once. Its mutable state sits behind an unsafe pointer:
/// stored `var`s of a class would pay a dynamic exclusivity check on every
/// access, which in this loop costs more than the parsing.
final class LineSource {
    /// Why a line could not be produced.
    enum Failure: Error {
        case readFailed(String)
        case lineTooLong(Int)
    }

    /// The longest line accepted; a longer one is garbage, not a CSV row.
    static let maximumLineLength = 1 << 20

    private struct State {
        var storage: UnsafeMutableRawBufferPointer
        var start = 0
        var end = 0
        var atEndOfFile = false
        var lineNumber = 0
        var lastLineWasUnterminated = false
        var lastLineStart = 0
    }

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let state: UnsafeMutablePointer<State>

    /// Lines handed out so far; the number of the last one returned.
    var lineNumber: Int { state.pointee.lineNumber }
    /// True when the last line returned had no line terminator (end of file).
    var lastLineWasUnterminated: Bool { state.pointee.lastLineWasUnterminated }

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
        state = .allocate(capacity: 1)
        state.initialize(to: State(storage: .allocate(byteCount: max(bufferSize, 64), alignment: 16)))
    }

    deinit {
        state.pointee.storage.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
        if ownsDescriptor { close(descriptor) }
    }

    /// Calls `body` with the next line's bytes (without `\n` or `\r\n`, and
    /// without a UTF-8 byte order mark on the first line), or returns nil at
    /// end of input. The bytes are valid only inside `body`.
    @inline(__always)
    func withNextLine<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) throws(Failure) -> Result? {
        let state = self.state
        var start = state.pointee.start
        var searchFrom = start
        while true {
            let end = state.pointee.end
            let base = state.pointee.storage.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var lineEnd: Int
            var next: Int
            if end > searchFrom, let hit = memchr(base + searchFrom, 0x0A, end - searchFrom) {
                lineEnd = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - UnsafePointer(base)
                next = lineEnd + 1
                state.pointee.lastLineWasUnterminated = false
            } else if state.pointee.atEndOfFile {
                guard end > start else { return nil }
                lineEnd = end
                next = end
                state.pointee.lastLineWasUnterminated = true
            } else {
                searchFrom = end - start
                try refill()
                start = state.pointee.start
                continue
            }
            if lineEnd > start && base[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            var lineStart = start
            if state.pointee.lineNumber == 0 && lineEnd - start >= 3
                && base[start] == 0xEF && base[start + 1] == 0xBB && base[start + 2] == 0xBF {
                lineStart += 3   // a byte order mark, written by some spreadsheet programs
            }
            state.pointee.lastLineStart = start
            state.pointee.start = next
            state.pointee.lineNumber += 1
            return body(UnsafeBufferPointer(start: base + lineStart, count: lineEnd - lineStart))
        }
    }

    /// Makes the last line returned the next one again. Valid right after
    /// ``withNextLine(_:)`` returned a line.
    func rewindLastLine() {
        precondition(state.pointee.lineNumber > 0, "no line to rewind")
        state.pointee.start = state.pointee.lastLineStart
        state.pointee.lineNumber -= 1
    }

    /// Moves the unread tail to the front, grows the buffer if a line fills it
    /// (up to ``maximumLineLength``), and reads more.
    private func refill() throws(Failure) {
        let state = self.state
        if state.pointee.start > 0 {
            let remaining = state.pointee.end - state.pointee.start
            let base = state.pointee.storage.baseAddress!
            if remaining > 0 { base.copyMemory(from: base + state.pointee.start, byteCount: remaining) }
            state.pointee.start = 0
            state.pointee.end = remaining
        }
        if state.pointee.end == state.pointee.storage.count {
            guard state.pointee.storage.count < LineSource.maximumLineLength else {
                throw .lineTooLong(LineSource.maximumLineLength)
            }
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: state.pointee.storage.count * 2, alignment: 16)
            larger.baseAddress!.copyMemory(from: state.pointee.storage.baseAddress!, byteCount: state.pointee.end)
            state.pointee.storage.deallocate()
            state.pointee.storage = larger
        }
        while true {
            let end = state.pointee.end
            let count = read(descriptor, state.pointee.storage.baseAddress! + end, state.pointee.storage.count - end)
            if count > 0 {
                state.pointee.end = end + count
                return
            }
            if count == 0 {
                state.pointee.atEndOfFile = true
                return
            }
            if errno == EINTR { continue }
            throw .readFailed(String(cString: strerror(errno)))
        }
    }
}

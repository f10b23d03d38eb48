import Foundation

/// Lines of a file or of standard input, read with `read(2)` into one large
/// reusable buffer: no allocation per line, no text decoding. A path ending in `.gz` is decompressed as it is
/// read (``GzipStream``).
///
/// Lines come one at a time (``withNextLine(_:)``) or, for a parser that
/// splits lines itself, as the whole run of complete lines in the buffer
/// (``withCompleteLines(_:)``).
///
/// A class only because it owns a file descriptor and a buffer that must be
/// released exactly once. Its mutable state sits behind an unsafe pointer:
/// stored `var`s of a class would pay a dynamic exclusivity check on every
/// access, which in this loop costs more than the parsing.
package final class LineSource {
    /// Why a line could not be produced.
    package enum Failure: Error {
        case readFailed(String)
        case lineTooLong(Int)
    }

    /// The longest line accepted; a longer one is garbage, not a CSV row.
    package static let maximumLineLength = 1 << 20

    /// Initialised bytes that follow the buffered data, so that a parser may
    /// load 64 bytes (``ByteMasks``) at any position up to the end of the data.
    package static let readPadding = 64

    private struct State {
        /// `capacity` bytes for data, then ``readPadding`` bytes, all initialised.
        package var storage: UnsafeMutableRawBufferPointer
        package var capacity: Int
        package var start = 0
        package var end = 0
        /// One past the last `\n` in `start..<end`; no complete line is buffered when `completeEnd <= start`.
        package var completeEnd = 0
        package var atEndOfFile = false
        package var lineNumber = 0
        package var lastLineWasUnterminated = false
        package var lastLineStart = 0
        /// Bytes read from the input so far (buffered or handed out).
        package var bytesRead = 0
    }

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// The decompressor of a gzip input (a path ending in `.gz`), nil for plain text.
    private let gzip: GzipStream?
    /// The size of a regular file when opened; nil for standard input, pipes and devices.
    package private(set) var fileSize: Int?
    private let state: UnsafeMutablePointer<State>

    /// Lines handed out so far; the number of the last one returned.
    package var lineNumber: Int { state.pointee.lineNumber }
    /// True when the last line returned had no line terminator (end of file).
    package var lastLineWasUnterminated: Bool { state.pointee.lastLineWasUnterminated }
    /// For a regular file, the bytes not handed out yet (buffered or still in the file), as far as its
    /// size when opened tells; nil for other inputs.
    package var remainingBytes: Int? {
        fileSize.map { max($0 - state.pointee.bytesRead, 0) + state.pointee.end - state.pointee.start }
    }

    /// Opens `path` for reading, or standard input for `"-"`.
    package init(path: String, bufferSize: Int = 1 << 20) throws(InputError) {
        if path == "-" {
            descriptor = 0
            ownsDescriptor = false
        } else {
            // A named FIFO gets a bounded wait for its writer, not open(2)'s endless one (PipeRule).
            let fd = try PipeRule.openForReading(path)
            var status = stat()
            if fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
                close(fd)
                throw InputError(file: path, problem: "is a directory, not a trace file")
            }
            descriptor = fd
            ownsDescriptor = true
            if (status.st_mode & S_IFMT) == S_IFREG { fileSize = Int(status.st_size) }
        }
        // A `.gz` file is read decompressed; its compressed size says nothing of the bytes still to come.
        if path.lowercased().hasSuffix(".gz") {
            gzip = GzipStream(descriptor: descriptor)
            fileSize = nil
        } else {
            gzip = nil
        }
        let capacity = max(bufferSize, 64)
        state = .allocate(capacity: 1)
        state.initialize(to: State(storage: LineSource.allocateStorage(capacity), capacity: capacity))
    }

    /// A zero-filled buffer of `capacity` bytes plus the read padding.
    private static func allocateStorage(_ capacity: Int) -> UnsafeMutableRawBufferPointer {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity + readPadding, alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0)
        return storage
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
    package func withNextLine<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) throws(Failure) -> Result? {
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

    /// Calls `body` with the buffered run of complete lines: from the start of
    /// the next line through the last `\n` in the buffer, reading more input
    /// first when no complete line is buffered. At least ``readPadding``
    /// initialised bytes follow the run, so `body` may load 8-byte words at any
    /// position inside it. `body` returns how many bytes (whole lines, each
    /// with its `\n`) and lines it consumed, and its result.
    ///
    /// Returns nil when no complete line is left: at the end of input, where
    /// an unterminated last line (if any) is still returned by
    /// ``withNextLine(_:)``. Lines given out here are plain bytes: the caller
    /// handles `\r` and must leave line 1 (which may start with a byte order
    /// mark) to ``withNextLine(_:)``.
    @inline(__always)
    package func withCompleteLines<Result>(
        _ body: (UnsafePointer<UInt8>, _ count: Int) -> (bytes: Int, lines: Int, result: Result)
    ) throws(Failure) -> Result? {
        let state = self.state
        while state.pointee.completeEnd <= state.pointee.start {
            if state.pointee.atEndOfFile { return nil }
            try refill()
        }
        let start = state.pointee.start
        let base = UnsafePointer(state.pointee.storage.baseAddress!.assumingMemoryBound(to: UInt8.self))
        let (bytes, lines, result) = body(base + start, state.pointee.completeEnd - start)
        if lines > 0 {
            state.pointee.start = start + bytes
            state.pointee.lineNumber += lines
            state.pointee.lastLineWasUnterminated = false
        }
        return result
    }

    /// Moves up to `count` bytes that follow the lines handed out so far into `destination`: the
    /// buffered bytes first, then bytes read from the input. Returns how many, 0 only at the end of
    /// input. For a reader that takes the rest of the input over in chunks of its own (lines it
    /// takes this way are not counted in ``lineNumber``).
    package func readBytes(into destination: UnsafeMutablePointer<UInt8>, count: Int) throws(Failure) -> Int {
        let state = self.state
        let buffered = min(state.pointee.end - state.pointee.start, count)
        if buffered > 0 {
            destination.update(from: state.pointee.storage.baseAddress!.assumingMemoryBound(to: UInt8.self)
                + state.pointee.start, count: buffered)
            state.pointee.start += buffered
            return buffered
        }
        if state.pointee.atEndOfFile { return 0 }
        let read = try readInput(into: destination, count: count)
        state.pointee.bytesRead += read
        if read == 0 { state.pointee.atEndOfFile = true }
        return read
    }

    /// Reads up to `count` bytes of the input (decompressed, for a gzip file); 0 only at its end.
    private func readInput(into destination: UnsafeMutablePointer<UInt8>, count: Int) throws(Failure) -> Int {
        if let gzip { return try gzip.read(into: destination, count: count) }
        while true {
            let read = read(descriptor, destination, count)
            if read >= 0 { return read }
            if errno == EINTR { continue }
            throw .readFailed(String(cString: strerror(errno)))
        }
    }

    /// Makes the last line returned the next one again. Valid right after
    /// ``withNextLine(_:)`` returned a line.
    package func rewindLastLine() {
        precondition(state.pointee.lineNumber > 0, "no line to rewind")
        state.pointee.start = state.pointee.lastLineStart
        state.pointee.lineNumber -= 1
    }

    /// Moves the unread tail to the front, grows the buffer if a line fills it
    /// (up to ``maximumLineLength``), and reads more.
    private func refill() throws(Failure) {
        let state = self.state
        if state.pointee.start > 0 {
            let shift = state.pointee.start
            let remaining = state.pointee.end - shift
            let base = state.pointee.storage.baseAddress!
            if remaining > 0 { base.copyMemory(from: base + shift, byteCount: remaining) }
            state.pointee.start = 0
            state.pointee.end = remaining
            state.pointee.completeEnd = max(state.pointee.completeEnd - shift, 0)
        }
        if state.pointee.end == state.pointee.capacity {
            guard state.pointee.capacity < LineSource.maximumLineLength else {
                throw .lineTooLong(LineSource.maximumLineLength)
            }
            let larger = LineSource.allocateStorage(state.pointee.capacity * 2)
            larger.baseAddress!.copyMemory(from: state.pointee.storage.baseAddress!, byteCount: state.pointee.end)
            state.pointee.storage.deallocate()
            state.pointee.storage = larger
            state.pointee.capacity *= 2
        }
        do {
            let end = state.pointee.end
            let count = try readInput(into: state.pointee.storage.baseAddress!.assumingMemoryBound(to: UInt8.self) + end,
                                      count: state.pointee.capacity - end)
            if count > 0 {
                state.pointee.bytesRead += count
                state.pointee.end = end + count
                // The last line break among the new bytes ends the run of complete lines.
                let bytes = state.pointee.storage.baseAddress!.assumingMemoryBound(to: UInt8.self)
                var index = end + count
                while index > end && bytes[index - 1] != 0x0A { index -= 1 }
                if index > end { state.pointee.completeEnd = index }
                return
            }
            state.pointee.atEndOfFile = true
        }
    }
}

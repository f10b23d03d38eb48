import CZlib
import Foundation

/// The decompressed bytes of a gzip file (RFC 1952) read from a file descriptor, a buffer at a time, with the
/// system's zlib: a `.gz` trace is read in the memory of a plain one, never decompressed to disk or to memory whole.
///
/// Concatenated members (what `cat a.gz b.gz` and some exporters write) are read one after the other. A file that
/// ends inside a member (a cut-short download or export) is an error, as are damaged data and a bad checksum:
/// never a silent end of the trace.
///
/// A class because it owns zlib's state, which must not move once initialised and is released exactly once.
/// - Complexity: O(n) in the decompressed size; O(1) memory (a 256 KiB input buffer and zlib's 32 KiB window).
final class GzipStream {
    private let descriptor: Int32
    private let stream: UnsafeMutablePointer<z_stream>
    private let input: UnsafeMutablePointer<UInt8>
    private static let inputCapacity = 1 << 18
    private var inputEnded = false
    /// True between the end of a member and the start of the next (or the end of the file).
    private var betweenMembers = false
    private var initialised = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        input = .allocate(capacity: GzipStream.inputCapacity)
    }

    deinit {
        if initialised { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        input.deallocate()
    }

    /// Decompresses up to `count` bytes into `destination`; 0 only at the end of the last member.
    ///
    /// - Throws: ``LineSource/Failure/readFailed(_:)`` naming the problem (cut short, damaged, not gzip).
    func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) throws(LineSource.Failure) -> Int {
        if !initialised {
            // 15 + 16: a window of 32 KiB, gzip wrapping only (a zlib or raw stream is not a `.gz` file).
            guard inflateInit2_(stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                throw .readFailed("cannot start gzip decompression")
            }
            initialised = true
        }
        stream.pointee.next_out = destination
        stream.pointee.avail_out = UInt32(min(count, Int(UInt32.max)))
        while true {
            if stream.pointee.avail_in == 0 && !inputEnded {
                let read = try readInput()
                if read == 0 { inputEnded = true }
            }
            if stream.pointee.avail_in == 0 && inputEnded {
                if betweenMembers || !hasStarted {
                    return count - Int(stream.pointee.avail_out)
                }
                let produced = count - Int(stream.pointee.avail_out)
                if produced > 0 { return produced }
                throw .readFailed("the gzip data ends before its end (the file is cut short)")
            }
            if betweenMembers {
                guard inflateReset(stream) == Z_OK else { throw .readFailed("cannot restart gzip decompression") }
                betweenMembers = false
            }
            hasStarted = true
            let status = inflate(stream, Z_NO_FLUSH)
            let produced = count - Int(stream.pointee.avail_out)
            switch status {
            case Z_STREAM_END:
                betweenMembers = true
                if produced > 0 { return produced }
            case Z_OK, Z_BUF_ERROR:
                if produced > 0 { return produced }
            case Z_DATA_ERROR:
                let reason = stream.pointee.msg.map { String(cString: $0) } ?? "damaged data"
                throw .readFailed("not valid gzip data (\(reason))")
            case Z_MEM_ERROR:
                throw .readFailed("out of memory decompressing gzip data")
            default:
                throw .readFailed("gzip decompression failed (zlib status \(status))")
            }
        }
    }

    /// True once the first byte of input has been given to zlib (an empty `.gz` file is an empty input).
    private var hasStarted = false

    /// Refills the input buffer from the file; the number of bytes read, 0 at its end.
    private func readInput() throws(LineSource.Failure) -> Int {
        while true {
            let count = Foundation.read(descriptor, input, GzipStream.inputCapacity)
            if count >= 0 {
                stream.pointee.next_in = input
                stream.pointee.avail_in = UInt32(count)
                return count
            }
            if errno == EINTR { continue }
            throw .readFailed(String(cString: strerror(errno)))
        }
    }
}

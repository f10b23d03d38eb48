import CZlib

/// ``GzipInflater`` on the system's zlib (`inflate`, gzip wrapping only): every platform has it.
///
/// A class because it owns zlib's state, which must not move once initialised and is released exactly once.
final class ZlibGzipInflater: GzipInflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private var initialised = false
    private var initialisationFailed = false

    init() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // 15 + 16: a window of 32 KiB, gzip wrapping only (a zlib or raw stream is not a `.gz` file).
        initialised = inflateInit2_(stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        initialisationFailed = !initialised
    }

    deinit {
        if initialised { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    var availableInput: Int { Int(stream.pointee.avail_in) }

    func supply(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        stream.pointee.next_in = bytes
        stream.pointee.avail_in = UInt32(count)
    }

    func inflate(into destination: UnsafeMutablePointer<UInt8>, capacity: Int) -> (produced: Int, step: GzipInflaterStep) {
        guard !initialisationFailed else { return (0, .failed("cannot start gzip decompression")) }
        let room = UInt32(min(capacity, Int(UInt32.max)))
        stream.pointee.next_out = destination
        stream.pointee.avail_out = room
        let status = CZlib.inflate(stream, Z_NO_FLUSH)
        let produced = Int(room - stream.pointee.avail_out)
        switch status {
        case Z_STREAM_END: return (produced, .memberEnded)
        case Z_OK, Z_BUF_ERROR: return (produced, .inProgress)
        case Z_DATA_ERROR:
            let reason = stream.pointee.msg.map { String(cString: $0) } ?? "damaged data"
            return (produced, .failed("not valid gzip data (\(reason))"))
        case Z_MEM_ERROR: return (produced, .failed("out of memory decompressing gzip data"))
        default: return (produced, .failed("gzip decompression failed (zlib status \(status))"))
        }
    }

    func startNextMember() -> Bool {
        inflateReset(stream) == Z_OK
    }
}

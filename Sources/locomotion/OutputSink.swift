#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered writer to standard output or to a file, flushed in 64 KiB blocks
/// so large outputs cost few system calls.
final class OutputSink {
    private let descriptor: Int32
    private let path: String?
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16

    /// Opens `path` for writing (created or truncated), or standard output when nil or "-".
    init(path: String?) throws {
        if let path, path != "-" {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else {
                throw CommandFailure.badUsage("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            descriptor = fd
            self.path = path
        } else {
            descriptor = 1
            self.path = nil
        }
        buffer.reserveCapacity(capacity)
    }

    /// Appends text; writes through once the buffer is full.
    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= capacity { flush() }
    }

    /// Writes out everything buffered.
    func flush() {
        buffer.withUnsafeBytes { writeAll(descriptor, $0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes a file (standard output stays open).
    func close() {
        flush()
        if path != nil { _ = systemClose(descriptor) }
    }

    deinit { flush() }
}

#if canImport(Glibc)
private let systemClose = Glibc.close
#elseif canImport(Darwin)
private let systemClose = Darwin.close
#endif

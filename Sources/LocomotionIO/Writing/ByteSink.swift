#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file (or standard output) written through a large buffer with `write(2)`.
///
/// A class only because it owns a file descriptor that must be closed once.
final class ByteSink {
    let path: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    var buffer: [UInt8] = []
    private let capacity = 1 << 18
    private var failure: OutputError?

    /// Creates or truncates `path`; `"-"` is standard output.
    init(path: String) throws(OutputError) {
        self.path = path
        if path == "-" {
            descriptor = 1
            ownsDescriptor = false
        } else {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else {
                throw OutputError(file: path, problem: "cannot create: \(String(cString: strerror(errno)))")
            }
            descriptor = fd
            ownsDescriptor = true
        }
        buffer.reserveCapacity(capacity + 4096)
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Writes the buffer out once it is full.
    @inline(__always)
    func flushIfFull() throws(OutputError) {
        if buffer.count >= capacity { try flush() }
    }

    /// Writes out everything buffered.
    func flush() throws(OutputError) {
        if let failure { throw failure }
        let descriptor = self.descriptor
        let result: OutputError? = buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return OutputError(file: path, problem: "write failed: \(String(cString: strerror(errno)))")
                }
                offset += written
            }
            return nil
        }
        buffer.removeAll(keepingCapacity: true)
        if let result {
            failure = result
            throw result
        }
    }
}

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// A file on a memory file system that each fuzz input is written to, because
/// the readers take a path. One per process (named after the process id), so
/// parallel fuzzing jobs do not share it; rewritten for every input.
public struct ScratchFile: Sendable {
    /// The file's path.
    public let path: String

    /// A scratch file named `locomotion-fuzz-<pid>-<name>` in `/dev/shm` (or `/tmp`).
    public init(name: String) {
        let directory = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        path = "\(directory)/locomotion-fuzz-\(getpid())-\(name)"
    }

    /// Replaces the file's contents with `size` bytes at `data`.
    public func write(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(descriptor >= 0, "cannot create the scratch file \(path)")
        var written = 0
        while let data, written < size {
            let count = systemWrite(descriptor, data + written, size - written)
            precondition(count > 0 || errno == EINTR, "cannot write the scratch file \(path)")
            if count > 0 { written += count }
        }
        close(descriptor)
    }

    /// Deletes the file.
    public func remove() {
        unlink(path)
    }
}

/// Stops the fuzzer with a message: a broken invariant is a finding, just like a trap.
public func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        let text = Array("invariant broken: \(message())\n".utf8)
        _ = text.withUnsafeBufferPointer { systemWrite(2, $0.baseAddress, $0.count) }
        abort()
    }
}

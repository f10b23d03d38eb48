import Foundation

/// Reads an input whole — a file, a pipe (`<(…)`, a FIFO: ``PipeRule``) or standard input (`-`) — for the readers that
/// need all of it at once (location fixes, configuration files). A path ending in `.gz` is decompressed.
package enum WholeInput {
    /// The bytes of `path`; `what` names the expected content in messages (`a file of fixes`).
    ///
    /// - Parameter limit: the most bytes accepted (a configuration file is small; `/dev/zero` is not).
    /// - Throws: ``InputError``: the file cannot be opened or read (with the system's reason), is a folder or a
    ///   device, or holds more than `limit` bytes.
    package static func read(path: String, what: String, limit: Int = .max) throws(InputError) -> [UInt8] {
        let descriptor: Int32
        if path == "-" {
            descriptor = 0
        } else {
            descriptor = try PipeRule.openForReading(path)
        }
        defer { if path != "-" { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFDIR: throw InputError(file: path, problem: "is a folder, not \(what)")
            case S_IFCHR where path != "-", S_IFBLK where path != "-":
                throw InputError(file: path, problem: "is a device, not \(what)")
            default: break
            }
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        // A `.gz` file is read decompressed.
        let gzip = path.lowercased().hasSuffix(".gz") ? GzipStream(descriptor: descriptor) : nil
        while true {
            var count: Int
            if let gzip {
                do throws(LineSource.Failure) {
                    count = try chunk.withUnsafeMutableBufferPointer { buffer throws(LineSource.Failure) in
                        try gzip.read(into: buffer.baseAddress!, count: buffer.count)
                    }
                } catch {
                    guard case .readFailed(let reason) = error else { throw InputError(file: path, problem: "cannot read") }
                    throw InputError(file: path, problem: reason)
                }
            } else {
                count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(file: path, problem: "cannot read: \(reason(errno))")
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > limit {
                throw InputError(file: path, problem: "larger than \(limit) bytes, too large for \(what)")
            }
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}


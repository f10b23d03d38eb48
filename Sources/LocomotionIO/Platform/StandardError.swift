import Foundation

/// Writes all of `bytes` to a file descriptor, retrying short writes and EINTR;
/// gives up silently on any other error. For diagnostics only (standard error
/// has nobody left to tell); data goes through `OutputFile`, which checks.
package func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count {
        let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return
        }
        offset += written
    }
}

private func writeAll(_ fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
}

/// Unbuffered writes to standard error: diagnostics, warnings and progress.
package enum StandardError {
    package static func write(_ text: String) { writeAll(2, text) }

    /// True when standard error is a terminal, the only case that gets progress output.
    package static var isTerminal: Bool { isatty(2) != 0 }
}

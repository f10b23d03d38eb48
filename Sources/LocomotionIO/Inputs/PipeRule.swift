import Foundation

/// The one rule for pipes, FIFOs and other files that are not regular files, as inputs and as outputs.
///
/// - A descriptor this process inherited — standard input `-`, `/dev/stdin`, `/dev/fd/N` (what the shell's
///   `<(…)` and `>(…)` give), `/proc/self/fd/N` — is a **stream**: opening it never waits (the shell holds the
///   other end); it is read once from start to end and never reopened or sought.
/// - A **named FIFO** (made by `mkfifo`) as an input is a stream too, but `open(2)` would wait without end for a
///   writer that may never come. It is opened without waiting and given ``writerWait`` seconds for its first
///   bytes (or for its writer to close it); none: refused naming it — never a hang.
/// - A named FIFO, a socket or a block device as an **output** is refused before anything is read: an output is
///   a temporary file renamed when complete, which a FIFO cannot take, and opening one waits for a reader.
///   Character devices (`/dev/null`, `/dev/full`, a terminal) are written in place (``OutputFile``).
package enum PipeRule {
    /// True when `path` names a descriptor this process inherited (`-`, `/dev/stdin`, `/dev/stdout`,
    /// `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`): a stream that is open already.
    /// - Complexity: O(length of `path`).
    package static func namesInheritedDescriptor(_ path: String) -> Bool {
        if ["-", "/dev/stdin", "/dev/stdout", "/dev/stderr"].contains(path) { return true }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            let number = path.dropFirst(prefix.count)
            return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
        }
        return false
    }

    /// True when `path` is read as a stream: standard input, or anything that is not a regular file (a pipe,
    /// a device). A stream can be read only once: never opened twice.
    /// - Complexity: one `stat` call.
    package static func isStream(_ path: String) -> Bool {
        if path == "-" { return true }
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG && (status.st_mode & S_IFMT) != S_IFDIR
    }

    /// How long a named FIFO given as an input may stay silent before it is refused: its writer's first bytes, or
    /// its writer closing it, must come within this many seconds of opening.
    package static let writerWait = 10

    /// Opens `path` (not `-`) for reading. A named FIFO is opened without waiting and given ``writerWait`` seconds
    /// for its first bytes (then read with ordinary blocking reads); a socket is refused.
    ///
    /// - Throws: ``InputError`` naming the path: it cannot be opened (the system's reason), is a socket, or is a
    ///   FIFO that nothing wrote to in time.
    /// - Complexity: one `stat` and one `open`; for a FIFO, one `poll` of at most ``writerWait`` seconds.
    package static func openForReading(_ path: String) throws(InputError) -> Int32 {
        var status = stat()
        let kind = stat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
        if kind == S_IFSOCK { throw InputError(file: path, problem: "is a socket, not a file") }
        guard kind == S_IFIFO && !namesInheritedDescriptor(path) else {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw InputError(file: path, problem: "cannot open: \(String(cString: strerror(errno)))") }
            return fd
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw InputError(file: path, problem: "cannot open: \(String(cString: strerror(errno)))") }
        // Opened without a writer, a FIFO reports neither data nor a hang-up until a writer has come: poll waits for
        // the writer's first bytes, or for a writer that came and went (then the input is empty, said as such).
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat { ready = poll(&request, 1, Int32(writerWait * 1000)) } while ready < 0 && errno == EINTR
        guard ready > 0 else {
            close(fd)
            throw InputError(file: path, problem: "is a named pipe (FIFO) that nothing wrote to within \(writerWait) s",
                             hint: "start its writer first, or read it as standard input (- < \(path)), where the shell waits")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Why `path` cannot be an output (a named FIFO, a socket, a block device), nil when it can be written;
    /// said before anything is computed.
    /// - Complexity: one `stat` call.
    package static func outputProblem(_ path: String) -> String? {
        guard !namesInheritedDescriptor(path) else { return nil }
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFIFO:
            return "is a named pipe (FIFO): outputs are written to a temporary file and renamed when complete, and "
                + "opening a FIFO waits until something reads it; give a file name, or write to - and redirect"
        case S_IFSOCK:
            return "is a socket, not a file"
        case S_IFBLK:
            return "is a block device, not a file"
        default:
            return nil
        }
    }
}

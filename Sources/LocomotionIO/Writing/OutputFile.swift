import Foundation

/// One output of a program — a file, standard output or a device — written through a buffer, that appears
/// under its name only when complete.
///
/// The one way this package writes anything that is not a diagnostic (every writer in `LocomotionIO` and every
/// output of the `locomotion` tool):
///
/// - A **file** (a regular file, or a path that does not exist yet) is written to a hidden temporary file
///   beside it, `.NAME.PID-N.partial` in the same folder, so that the final `rename(2)` is atomic. ``commit()``
///   writes out the buffer, `fsync`s, closes and renames — each step checked — and only then does `NAME`
///   change. Until then `NAME` keeps its old content (or does not exist): a failed write, a full disk, a
///   killed process or ``discard()`` never leaves a partial file under the final name. A symbolic link is
///   followed (the file it names is replaced, the link stays); a replaced file keeps its permissions (other
///   hard links to it keep the old content, as with any atomic replace).
/// - **Standard output** (`-`) and an existing path that is not a regular file (`/dev/null`, `/dev/full`, a
///   terminal, a pipe the shell opened: `/dev/stdout`, `>(…)`) are streams: written in place, nothing can be
///   taken back, but every write is checked just the same. A named FIFO, a socket and a block device are
///   refused before opening (``PipeRule``).
///
/// Every failure is an ``OutputError`` naming the path and the system's reason (`cannot write: No space left
/// on device`); after a failure every later call throws the same error. ``OutputError/isBrokenPipe`` tells a
/// reader that went away (`EPIPE`) from a real failure.
///
/// Use: append bytes to ``buffer`` (or call ``write(_:)``), call ``flushIfFull()`` now and then, and
/// ``commit()`` once at the end. Dropping the value without committing removes the temporary file (a stream's
/// buffered bytes are still written, best effort). A class because it owns a file descriptor.
package final class OutputFile {
    /// The path as given (`-` for standard output), used in messages.
    package let path: String
    /// Bytes not yet written. Encoders append to it directly; call ``flushIfFull()`` after.
    package var buffer: [UInt8] = []
    /// True for standard output and devices (written in place), false for files (temporary file, then rename).
    package let isStream: Bool

    private var descriptor: Int32
    private let ownsDescriptor: Bool
    private let capacity: Int
    /// The temporary file and the file it will replace (files only).
    private let temporaryPath: String?
    private let targetPath: String?
    private var failure: OutputError?
    private var isDone = false

    /// Opens `path` for writing: `-` is standard output; an existing device or FIFO is opened in place;
    /// anything else gets a temporary file beside it. `bufferSize` bytes are gathered before a `write(2)`.
    ///
    /// - Throws: ``OutputError`` when the temporary file (or the device) cannot be opened.
    package init(path: String, bufferSize: Int = 1 << 16) throws(OutputError) {
        self.path = path
        capacity = max(bufferSize, 1)
        buffer.reserveCapacity(capacity + 4096)
        if path == "-" {
            (descriptor, ownsDescriptor, isStream, temporaryPath, targetPath) = (1, false, true, nil, nil)
            return
        }
        if let problem = PipeRule.outputProblem(path) { throw OutputError(file: path, problem: "cannot write: \(problem)") }
        // `/dev/stdout` or `>(…)` on a pipe: the link's target (`pipe:[N]`) is no path, but opening the link works.
        var direct = stat()
        if PipeRule.namesInheritedDescriptor(path), stat(path, &direct) == 0,
           (direct.st_mode & S_IFMT) == S_IFIFO || (direct.st_mode & S_IFMT) == S_IFCHR {
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw OutputError(file: path, problem: "cannot write: \(Self.reason(errno))") }
            (descriptor, ownsDescriptor, isStream, temporaryPath, targetPath) = (fd, true, true, nil, nil)
            return
        }
        let target = Self.resolvedTarget(of: path)
        var status = stat()
        let exists = stat(target, &status) == 0
        if exists && (status.st_mode & S_IFMT) == S_IFDIR {
            throw OutputError(file: path, problem: "cannot write: it is a folder")
        }
        if exists && (status.st_mode & S_IFMT) != S_IFREG {
            let fd = open(target, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw OutputError(file: path, problem: "cannot write: \(Self.reason(errno))") }
            (descriptor, ownsDescriptor, isStream, temporaryPath, targetPath) = (fd, true, true, nil, nil)
            return
        }
        // Renaming over a file needs only the folder's permission; a file its owner made read-only stays so.
        if exists && access(target, W_OK) != 0 {
            throw OutputError(file: path, problem: "cannot write: \(Self.reason(errno))")
        }
        let (fd, temporary) = try Self.createTemporaryFile(beside: target, for: path)
        if exists { _ = fchmod(fd, status.st_mode & 0o7777) }
        (descriptor, ownsDescriptor, isStream, temporaryPath, targetPath) = (fd, true, false, temporary, target)
    }

    deinit {
        if !isDone {
            if isStream { try? flush() } else { discard() }
        }
        if ownsDescriptor && descriptor >= 0 { _ = systemClose(descriptor) }
    }

    /// Appends `text` as UTF-8; writes the buffer out once it is full.
    package func write(_ text: String) throws(OutputError) {
        buffer.append(contentsOf: text.utf8)
        try flushIfFull()
    }

    /// Writes the buffer out once it holds `bufferSize` bytes or more.
    @inline(__always)
    package func flushIfFull() throws(OutputError) {
        if buffer.count >= capacity { try flush() }
    }

    /// Writes out everything buffered, retrying short writes and `EINTR`.
    package func flush() throws(OutputError) {
        if let failure { throw failure }
        guard !buffer.isEmpty else { return }
        let descriptor = self.descriptor
        let error: Int32? = buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        buffer.removeAll(keepingCapacity: true)
        if let error { try fail(error, "cannot write") }
    }

    /// Finishes the output: writes out the buffer, and for a file `fsync`s, closes and renames the temporary
    /// file over the target. Call once, at the end; later calls do nothing.
    ///
    /// - Throws: ``OutputError`` when any step fails; the temporary file is then removed and the target is as
    ///   it was.
    package func commit() throws(OutputError) {
        guard !isDone else { return }
        do {
            try flush()
            if let temporaryPath, let targetPath {
                if fsync(descriptor) != 0 && errno != EINVAL { try fail(errno, "cannot write") }
                let fd = descriptor
                descriptor = -1
                if systemClose(fd) != 0 && errno != EINTR { try fail(errno, "cannot write") }
                if rename(temporaryPath, targetPath) != 0 { try fail(errno, "cannot write") }
                PartialFiles.forget(temporaryPath)
            } else if ownsDescriptor {
                let fd = descriptor
                descriptor = -1
                if systemClose(fd) != 0 && errno != EINTR { try fail(errno, "cannot write") }
            }
            isDone = true
        } catch {
            discard()
            throw error
        }
    }

    /// Gives the output up: a file's temporary file is removed and its target left as it was (a stream's bytes
    /// already written stay written). Later writes fail.
    package func discard() {
        guard !isDone else { return }
        isDone = true
        buffer.removeAll()
        if failure == nil { failure = OutputError(file: path, problem: "cannot write: the output was discarded") }
        if let temporaryPath {
            if ownsDescriptor && descriptor >= 0 {
                _ = systemClose(descriptor)
                descriptor = -1
            }
            _ = unlink(temporaryPath)
            PartialFiles.forget(temporaryPath)
        }
    }

    /// Records a failure (every later call throws it) and throws it.
    private func fail(_ code: Int32, _ what: String) throws(OutputError) {
        let error = OutputError(file: path, problem: "\(what): \(Self.reason(code))", isBrokenPipe: code == EPIPE)
        failure = error
        throw error
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// `path` with its symbolic links followed (also a dangling one: the file it names is created), at most 32.
    package static func resolvedTarget(of path: String) -> String {
        var current = path
        for _ in 0..<32 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            var bytes = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &bytes, bytes.count - 1)
            guard count > 0 else { return current }
            let link = String(decoding: bytes[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : directory(of: current) + "/" + link
        }
        return current
    }

    /// The folder part of `path` (`.` when there is none).
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Creates `.NAME.PID-N.partial` beside `target` (mode 0666 less the umask), registered for removal on a
    /// signal.
    private static func createTemporaryFile(beside target: String, for path: String) throws(OutputError) -> (Int32, String) {
        let folder = directory(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        // Keep the temporary name within NAME_MAX (255 bytes) whatever the target's length.
        let stem = String(decoding: name.utf8.prefix(200), as: UTF8.self)
        for _ in 0..<100 {
            let serial = PartialFiles.nextSerial()
            let temporary = folder + "/." + stem + ".\(getpid())-\(serial).partial"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 {
                PartialFiles.remember(temporary)
                return (fd, temporary)
            }
            if errno != EEXIST {
                let code = errno
                var status = stat()
                let problem = stat(target, &status) == 0
                    ? "cannot create a temporary file beside it in \(folder): \(reason(code))" : "cannot write: \(reason(code))"
                throw OutputError(file: path, problem: problem)
            }
        }
        throw OutputError(file: path, problem: "cannot write: no free temporary name beside it")
    }
}


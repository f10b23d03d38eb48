import Foundation

/// A temporary file without a name, for data a command sets aside on disk and reads back once (`plot`'s samples,
/// the rows of a combined table): made with `mkstemp` and unlinked at once, so that nothing is left behind however
/// the process ends and the space is freed when the value is dropped. Failures come back as the C library's reason
/// (`strerror`), for the caller to put in its own message.
package final class UnlinkedTemporaryFile {
    /// Why a call failed: the C library's reason, and the file's path while it had one.
    package struct Failure: Error {
        package var path: String
        package var reason: String
    }

    private let descriptor: Int32

    /// A new, empty file in `directory`, its name starting with `prefix`.
    /// - Throws: ``Failure`` when no file can be made there.
    package init(directory: String, prefix: String) throws(Failure) {
        var template = Array((directory + "/" + prefix + "-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        unlink(path)
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Appends every byte of `bytes` (a write cut short by a signal is resumed).
    /// - Throws: ``Failure`` when the disk refuses the data (full, quota).
    /// - Complexity: O(`bytes.count`).
    package func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(path: "", reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }

    /// Appends the bytes of `elements`.
    /// - Throws: ``Failure`` when the disk refuses the data (full, quota).
    /// - Complexity: O(size of `elements` in bytes).
    package func write<Element: BitwiseCopyable>(contentsOf elements: [Element]) throws(Failure) {
        let failure: Failure? = elements.withUnsafeBytes { raw -> Failure? in
            do throws(Failure) { try write(raw) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// Reads up to `bytes.count` bytes from `offset` into the start of `bytes`: fewer only at the end of the file.
    /// - Returns: the bytes read; 0 at the end.
    /// - Throws: ``Failure`` when the file cannot be read.
    /// - Complexity: O(`count`).
    package func read(into bytes: inout [UInt8], count: Int, at offset: Int) throws(Failure) -> Int {
        let result: Result<Int, Failure> = bytes.withUnsafeMutableBytes { raw -> Result<Int, Failure> in
            do throws(Failure) { return .success(try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[..<count]), at: offset)) }
            catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Reads up to `bytes.count` bytes from `offset` (bytes from the start) into `bytes`: fewer only at the end of
    /// the file.
    /// - Returns: the bytes read; 0 at the end.
    /// - Throws: ``Failure`` when the file cannot be read.
    /// - Complexity: O(`bytes.count`).
    package func read(into bytes: UnsafeMutableRawBufferPointer, at offset: Int) throws(Failure) -> Int {
        var got = 0
        while got < bytes.count {
            let read = pread(descriptor, bytes.baseAddress! + got, bytes.count - got, off_t(offset + got))
            if read < 0 {
                if errno == EINTR { continue }
                throw Failure(path: "", reason: String(cString: strerror(errno)))
            }
            if read == 0 { break }
            got += read
        }
        return got
    }
}

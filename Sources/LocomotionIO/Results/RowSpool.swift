import Foundation

/// One participant's rows of a combined table, kept on disk until its turn in the output comes: the rows of a
/// long recording (60-s epochs: ~190 bytes per epoch, 2 MB a participant-week; 1-s epochs 60 times that), and
/// of up to `2 × --jobs` participants waiting for a slower one, would otherwise be held in memory.
///
/// The file is created in the temporary folder (`TMPDIR`) and unlinked at once: nothing is left behind however
/// the process ends, and the disk space is freed when the spool is dropped. Rows are gathered in a 64 kB buffer
/// before each write.
///
/// `@unchecked Sendable`: a spool is filled by the one job that computes its participant, then handed, once
/// finished, to the task that delivers results in order; it is never used by two at once.
package final class RowSpool: @unchecked Sendable {
    private let file: UnlinkedTemporaryFile
    private var buffer: [UInt8] = []
    private var written = 0
    private var failure: CommandFailure?
    private static let bufferSize = 1 << 16
    private static var directory: String { FileManager.default.temporaryDirectory.path }

    /// - Throws: ``CommandFailure`` when no temporary file can be made.
    package init() throws {
        do {
            file = try UnlinkedTemporaryFile(directory: Self.directory, prefix: "locomotion-rows")
        } catch {
            throw CommandFailure(message: "\(error.path): cannot create a temporary file for rows (TMPDIR): \(error.reason)", exitStatus: 2)
        }
        buffer.reserveCapacity(Self.bufferSize + 4096)
    }

    /// Appends `text`. A failed write is remembered and thrown by ``finish()``.
    package func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferSize { flush() }
    }

    /// Writes out what is buffered.
    /// - Throws: ``CommandFailure`` when any write failed (a full temporary folder).
    package func finish() throws {
        flush()
        if let failure { throw failure }
    }

    /// Hands the rows back in pieces of about `pieceSize` bytes, each ending at a line's end (a header line is
    /// never cut), in order.
    /// - Throws: ``CommandFailure`` when the file cannot be read; whatever `body` throws.
    package func forEachPiece(pieceSize: Int = 1 << 20, _ body: (String) throws -> Void) throws {
        try finish()
        var pending = Data()
        var chunk = [UInt8](repeating: 0, count: max(1, pieceSize))
        var offset = 0
        while offset < written {
            let got: Int
            do {
                got = try file.read(into: &chunk, count: chunk.count, at: offset)
            } catch {
                throw CommandFailure(message: "cannot read back a temporary file of rows (TMPDIR): \(error.reason)", exitStatus: 2)
            }
            guard got > 0 else {
                throw CommandFailure(message: "cannot read back a temporary file of rows (TMPDIR): it is shorter than written", exitStatus: 2)
            }
            offset += got
            pending.append(contentsOf: chunk[..<got])
            guard let lastNewline = pending.lastIndex(of: UInt8(ascii: "\n")) else { continue }
            let end = pending.index(after: lastNewline)
            try body(String(decoding: pending[..<end], as: UTF8.self))
            pending.removeSubrange(..<end)
        }
        if !pending.isEmpty { try body(String(decoding: pending, as: UTF8.self)) }
    }

    private func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        do {
            try file.write(contentsOf: buffer)
            written += buffer.count
        } catch {
            failure = CommandFailure(message: "cannot hold rows in a temporary file in \(Self.directory) (TMPDIR): \(error.reason)", exitStatus: 2)
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

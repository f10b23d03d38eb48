import Foundation

/// The decompressed bytes of a gzip file (RFC 1952) read from a file descriptor, a buffer at a time: a `.gz` trace
/// is read in the memory of a plain one, never decompressed to disk or to memory whole.
///
/// Concatenated members (what `cat a.gz b.gz` and some exporters write) are read one after the other. A file that
/// ends inside a member (a cut-short download or export) is an error, as are damaged data and a bad checksum:
/// never a silent end of the trace. The decompressor is a ``GzipInflater``: Intel ISA-L's where the build has it
/// (Linux, `ISAL` trait), else the system's zlib; both give the same bytes and the same errors.
///
/// A class because it owns the input buffer and the decompressor, which are released exactly once.
/// - Complexity: O(n) in the decompressed size; O(1) memory (a 256 KiB input buffer and the decompressor's 32 KiB
///   window).
final class GzipStream {
    private let descriptor: Int32
    private let inflater: any GzipInflater
    private let input: UnsafeMutablePointer<UInt8>
    private let inputCapacity: Int
    private var inputEnded = false
    /// True between the end of a member and the start of the next (or the end of the file).
    private var betweenMembers = false
    /// True once the first byte of input has been given to the decompressor (an empty `.gz` file is an empty input).
    private var hasStarted = false

    /// Reads `descriptor` (not closed here) through `inflater`, `inputCapacity` compressed bytes at a time.
    init(descriptor: Int32, inflater: any GzipInflater = makeGzipInflater(), inputCapacity: Int = 1 << 18) {
        self.descriptor = descriptor
        self.inflater = inflater
        self.inputCapacity = max(inputCapacity, 1)
        input = .allocate(capacity: self.inputCapacity)
    }

    deinit {
        input.deallocate()
    }

    /// Decompresses up to `count` bytes into `destination`; 0 only at the end of the last member.
    ///
    /// - Throws: ``LineSource/Failure/readFailed(_:)`` naming the problem (cut short, damaged, not gzip).
    func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) throws(LineSource.Failure) -> Int {
        while true {
            if inflater.availableInput == 0 && !inputEnded {
                if try readInput() == 0 { inputEnded = true }
            }
            let noInputLeft = inflater.availableInput == 0 && inputEnded
            if noInputLeft && (betweenMembers || !hasStarted) { return 0 }
            if betweenMembers {
                guard inflater.startNextMember() else { throw .readFailed("cannot restart gzip decompression") }
                betweenMembers = false
            }
            hasStarted = true
            let (produced, step) = inflater.inflate(into: destination, capacity: count)
            switch step {
            case .memberEnded:
                betweenMembers = true
                if produced > 0 { return produced }
            case .inProgress:
                if produced > 0 { return produced }
                // The decompressor may hold bits and output of its own after the last input byte, so the end of
                // the file is a cut only once a call with no input left brings nothing.
                if noInputLeft { throw .readFailed("the gzip data ends before its end (the file is cut short)") }
            case .failed(let reason):
                throw .readFailed(reason)
            }
        }
    }

    /// Refills the input buffer from the file; the number of bytes read, 0 at its end.
    private func readInput() throws(LineSource.Failure) -> Int {
        while true {
            let count = Foundation.read(descriptor, input, inputCapacity)
            if count >= 0 {
                inflater.supply(input, count: count)
                return count
            }
            if errno == EINTR { continue }
            throw .readFailed(String(cString: strerror(errno)))
        }
    }
}

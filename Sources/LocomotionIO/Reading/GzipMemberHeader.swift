import CZlib

/// The header of one gzip member (RFC 1952, section 2.3), read a byte at a time, however the input is cut.
///
/// ``IsalGzipInflater`` reads headers itself: ISA-L 2.30 (Debian 12) keeps the flags of a header that arrives over
/// several `isal_inflate` calls in a stack variable, so a header cut by a short read (a pipe, a small buffer) was
/// parsed with whatever that stack held (found by `GzipInflaterTests`; a file name in the header was then followed
/// by a comment that is not there).
/// - Complexity: O(1) per byte; O(1) memory (the name and comment are skipped, not kept).
struct GzipMemberHeader {
    private enum Phase {
        case fixed(read: Int)
        case extraLength(read: Int)
        case extra(remaining: Int)
        case name
        case comment
        case headerChecksum(read: Int)
        case complete
    }

    private static let headerChecksumFlag: UInt8 = 2, extraFlag: UInt8 = 4
    private static let nameFlag: UInt8 = 8, commentFlag: UInt8 = 16

    private var phase = Phase.fixed(read: 0)
    private var flags: UInt8 = 0
    private var extraLength = 0
    private var storedChecksum: UInt16 = 0
    /// CRC-32 of the header bytes so far: its low 16 bits are FHCRC's value.
    private var checksum: uLong = crc32(0, nil, 0)

    /// True once the whole header has been read; the next byte is the member's deflate data.
    var isComplete: Bool {
        if case .complete = phase { return true }
        return false
    }

    /// Takes the next byte of the header; the reason when the bytes are not a gzip header.
    mutating func consume(_ byte: UInt8) -> String? {
        switch phase {
        case .fixed(let read):
            switch read {
            case 0 where byte != 0x1F, 1 where byte != 0x8B: return "not valid gzip data (incorrect header check)"
            case 2 where byte != 8: return "not valid gzip data (unknown compression method)"
            case 3 where byte & 0xE0 != 0: return "not valid gzip data (unknown header flags set)"
            case 3: flags = byte
            default: break
            }
            phase = read == 9 ? afterFixed() : .fixed(read: read + 1)
        case .extraLength(let read):
            extraLength |= Int(byte) << (8 * read)
            phase = read == 0 ? .extraLength(read: 1) : (extraLength > 0 ? .extra(remaining: extraLength) : after(Self.extraFlag))
        case .extra(let remaining):
            phase = remaining > 1 ? .extra(remaining: remaining - 1) : after(Self.extraFlag)
        case .name:
            if byte == 0 { phase = after(Self.nameFlag) }
        case .comment:
            if byte == 0 { phase = after(Self.commentFlag) }
        case .headerChecksum(let read):
            storedChecksum |= UInt16(byte) << (8 * read)
            if read == 0 {
                phase = .headerChecksum(read: 1)
            } else {
                guard storedChecksum == UInt16(truncatingIfNeeded: checksum) else {
                    return "not valid gzip data (header crc mismatch)"
                }
                phase = .complete
            }
            return nil
        case .complete:
            return nil
        }
        var copy = byte
        checksum = crc32(checksum, &copy, 1)
        return nil
    }

    private func afterFixed() -> Phase {
        flags & Self.extraFlag != 0 ? .extraLength(read: 0) : after(Self.extraFlag)
    }

    /// The phase after the optional field `field` (in RFC 1952's order: extra, name, comment, header CRC).
    private func after(_ field: UInt8) -> Phase {
        if field < Self.nameFlag && flags & Self.nameFlag != 0 { return .name }
        if field < Self.commentFlag && flags & Self.commentFlag != 0 { return .comment }
        if flags & Self.headerChecksumFlag != 0 { return .headerChecksum(read: 0) }
        return .complete
    }
}

#if LOCOMOTION_ISAL
import CIsal

/// ``GzipInflater`` on Intel ISA-L's `isal_inflate`: about 2.4 times zlib 1.2.13's speed on CSV
/// (`Benchmarks/trace-io-collectors.sh`). Linux with the `ISAL` trait (default): the system's `libisal`
/// (`libisal-dev`).
///
/// Each member's header is read here (``GzipMemberHeader``: see there why), its deflate data and trailer (CRC-32
/// and length, both checked) by ISA-L. A class because it owns ISA-L's state (87 KB), which must not move once
/// initialised; the state is reached only through the C accessors of `CIsal`'s shim (see there why).
final class IsalGzipInflater: GzipInflater {
    private let state: UnsafeMutablePointer<inflate_state>?
    private var header = GzipMemberHeader()
    /// Input not given to ISA-L yet: the member's header, and what follows it until the header is complete.
    private var pending: UnsafeMutablePointer<UInt8>?
    private var pendingCount = 0

    init() {
        state = locomotion_isal_make()
    }

    deinit {
        free(state)
    }

    var availableInput: Int { pendingCount + (state.map { Int(locomotion_isal_available_input($0)) } ?? 0) }

    func supply(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        pending = bytes
        pendingCount = count
    }

    func inflate(into destination: UnsafeMutablePointer<UInt8>, capacity: Int) -> (produced: Int, step: GzipInflaterStep) {
        guard let state else { return (0, .failed("out of memory decompressing gzip data")) }
        while !header.isComplete, pendingCount > 0, let byte = pending?.pointee {
            if let problem = header.consume(byte) { return (0, .failed(problem)) }
            pending = pending.map { $0 + 1 }
            pendingCount -= 1
        }
        guard header.isComplete else { return (0, .inProgress) }
        if pendingCount > 0, let pending {
            locomotion_isal_supply(state, pending, UInt32(pendingCount))
            pendingCount = 0
        }
        var produced: UInt32 = 0
        let status = locomotion_isal_inflate(state, destination, UInt32(min(capacity, Int(UInt32.max))), &produced)
        switch status {
        case ISAL_DECOMP_OK, ISAL_END_INPUT, ISAL_OUT_OVERFLOW:
            return (Int(produced), locomotion_isal_member_ended(state) != 0 ? .memberEnded : .inProgress)
        case ISAL_INCORRECT_CHECKSUM: return (Int(produced), .failed("not valid gzip data (incorrect data check)"))
        case ISAL_INVALID_BLOCK, ISAL_INVALID_SYMBOL, ISAL_INVALID_LOOKBACK:
            return (Int(produced), .failed("not valid gzip data (damaged deflate data)"))
        default: return (Int(produced), .failed("gzip decompression failed (ISA-L status \(status))"))
        }
    }

    func startNextMember() -> Bool {
        guard let state else { return false }
        var count: UInt32 = 0
        let rest = locomotion_isal_next_member(state, &count)
        // What ISA-L had not consumed comes first; when it had consumed everything, input supplied since the end of
        // the member (already in `pending`) is the next member's.
        if count > 0, let rest {
            pending = rest
            pendingCount = Int(count)
        }
        header = GzipMemberHeader()
        return true
    }
}
#endif

/// One gzip decompressor behind ``GzipStream``: it inflates the member under way from the input it was given and
/// checks each member's CRC-32 and length. ``GzipStream`` owns the file, the input buffer and the member loop.
///
/// Two implementations: ``IsalGzipInflater`` (Intel ISA-L, about 2.4 times zlib's speed; Linux with the `ISAL`
/// trait, on by default) and ``ZlibGzipInflater`` (the system's zlib; every other build).
protocol GzipInflater: AnyObject {
    /// Input bytes given and not consumed yet.
    var availableInput: Int { get }
    /// Gives `count` bytes at `bytes` as the next input; valid until they are consumed (``availableInput`` is 0).
    func supply(_ bytes: UnsafeMutablePointer<UInt8>, count: Int)
    /// Inflates input into `destination` (at most `capacity` bytes); the bytes written and what happened.
    func inflate(into destination: UnsafeMutablePointer<UInt8>, capacity: Int) -> (produced: Int, step: GzipInflaterStep)
    /// Prepares for a next member after ``GzipInflaterStep/memberEnded``, keeping the input not consumed yet;
    /// false when the decompressor cannot restart.
    func startNextMember() -> Bool
}

/// What one ``GzipInflater/inflate(into:capacity:)`` call reached.
enum GzipInflaterStep: Equatable {
    /// More output may follow from more input or more room.
    case inProgress
    /// The member's data and trailer (checksum verified) are complete.
    case memberEnded
    /// The data are not valid gzip: the reason, for the message naming the file.
    case failed(String)
}

/// The inflater every `.gz` input gets: ISA-L's where the build has it, else zlib's.
func makeGzipInflater() -> any GzipInflater {
    #if LOCOMOTION_ISAL
    IsalGzipInflater()
    #else
    ZlibGzipInflater()
    #endif
}

/// A fixed number of flags (at most 64) held as the bits of one word: the step detector's memory of which recent
/// sampling intervals were sparse. Reading or writing a flag is a shift and a mask, with no array to check for
/// uniqueness or bounds on every sample.
///
/// `Codable` as an array of `Bool` (`[true, false, …]`, one per flag): the form the detector's snapshot had when
/// this memory was a `[Bool]`, so snapshots written before and after decode in either build.
struct IntervalFlags: Sendable, Hashable, Codable {
    /// The number of flags.
    let count: Int
    /// Flag `i` is bit `i`; bits at `count` and above are zero.
    private var bits: UInt64 = 0

    /// `count` flags, all false. `count` must lie in 0...64.
    init(count: Int) {
        precondition((0...64).contains(count), "IntervalFlags holds at most 64 flags")
        self.count = count
    }

    /// Flag `index` (0 ≤ index < count). O(1).
    subscript(index: Int) -> Bool {
        @inline(__always) get { bits &>> UInt64(truncatingIfNeeded: index) & 1 != 0 }
        @inline(__always) set {
            let mask: UInt64 = 1 &<< UInt64(truncatingIfNeeded: index)
            bits = newValue ? bits | mask : bits & ~mask
        }
    }

    /// Whether `index` is a valid flag position. O(1).
    func contains(_ index: Int) -> Bool { (0..<count).contains(index) }

    /// Decodes the array-of-`Bool` form. O(count).
    /// - Throws: `DecodingError.dataCorrupted` for more than 64 flags.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let flags = try container.decode([Bool].self)
        guard flags.count <= 64 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "more than 64 interval flags")
        }
        count = flags.count
        for (index, flag) in flags.enumerated() where flag { self[index] = true }
    }

    /// Encodes the array-of-`Bool` form. O(count).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode((0..<count).map { self[$0] })
    }
}

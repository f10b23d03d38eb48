/// Decides, sample by sample, where a stream of timestamps breaks.
///
/// A break ("gap") is a step from the previous time that is longer than ``maximumGap``, not positive
/// (a duplicate or backwards timestamp), or not finite. The first time seen is never a gap.
/// Phones pause sensors when apps are suspended and clocks jump; anything computed across such a
/// break (interpolation, filter state, step timing) would be invented, so stages reset there.
/// - Complexity: O(1) per call, no allocation.
public struct GapDetector: Sendable, Hashable, Codable {
    /// The longest step between consecutive samples (s) still considered continuous.
    public let maximumGap: Double
    /// The time of the previous call, if any.
    public var previousTime: Double? { previous }
    /// Stored under another name so that the inlinable `isGap(before:)` can set it.
    @usableFromInline internal var previous: Double?

    /// Creates a detector that reports steps longer than `maximumGap` seconds (default 1 s).
    public init(maximumGap: Double = 1.0) {
        self.maximumGap = maximumGap
    }

    /// Records `time` (s) and returns whether the stream breaks between the previous time and it.
    /// A non-finite `time` is a gap and is not recorded.
    @inlinable
    public mutating func isGap(before time: Double) -> Bool {
        guard time.isFinite else { return previous != nil }
        defer { previous = time }
        guard let previous else { return false }
        let step = time - previous
        return !(step > 0 && step <= maximumGap)
    }

    /// Forgets the previous time.
    @inlinable
    public mutating func reset() {
        previous = nil
    }
}

/// The median sampling interval of a stream of sample times, exactly, without keeping the times: the streaming form
/// of ``medianSamplingInterval(_:)``, which it gives bit for bit.
///
/// It counts each distinct positive, finite step between consecutive finite times; duplicate and backwards times
/// are skipped (and break nothing). Phone timestamps are quantised (a clock tick, a float's resolution) and jitter
/// within a few milliseconds, so the distinct steps are few — tens to a few thousand — whatever the length of the
/// trace; only a clock with random, unquantised times would keep one entry per sample.
///
/// - Complexity: O(1) amortised per time; ``median`` O(d log d); memory O(d) for d distinct steps.
public struct SamplingIntervalMedian: Sendable, Hashable {
    private var counts: [Double: Int] = [:]
    private var previous: Double?
    /// The number of positive steps counted.
    public private(set) var intervalCount = 0

    /// An empty tally.
    public init() {}

    /// Takes the next sample time (s). Non-finite times are ignored.
    /// - Complexity: O(1) amortised.
    public mutating func push(_ time: Double) {
        guard time.isFinite else { return }
        if let previous, time - previous > 0 {
            counts[time - previous, default: 0] += 1
            intervalCount += 1
        }
        previous = time
    }

    /// The median of the steps counted (the mean of the two middle ones for an even count), or nil before the first.
    /// - Complexity: O(d log d) for d distinct steps.
    public var median: Double? {
        guard intervalCount > 0 else { return nil }
        let sorted = counts.sorted { $0.key < $1.key }
        // The 0-based ranks of the middle step(s) of the sorted multiset.
        let upper = intervalCount / 2
        let lower = intervalCount % 2 == 1 ? upper : upper - 1
        var seen = 0
        var lowerValue: Double?
        for (step, count) in sorted {
            seen += count
            if lowerValue == nil && lower < seen { lowerValue = step }
            if upper < seen { return lower == upper ? step : (lowerValue! + step) / 2 }
        }
        return nil
    }
}

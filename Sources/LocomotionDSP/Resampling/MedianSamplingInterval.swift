/// The median of the positive, finite differences between consecutive `times` (s), or `nil` when
/// there is no such difference.
///
/// Phones deliver samples with jitter, dropped samples and occasional pauses; the median step is
/// insensitive to all three, unlike the mean (`1 / median` is the nominal rate in Hz).
/// Duplicate and backwards timestamps are skipped.
///
/// ``SamplingIntervalMedian`` over the times.
/// - Complexity: O(n + d log d) time and O(d) memory for d distinct steps.
public func medianSamplingInterval(_ times: some Collection<Double>) -> Double? {
    var tally = SamplingIntervalMedian()
    for time in times { tally.push(time) }
    return tally.median
}

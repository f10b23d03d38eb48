/// The median of the positive, finite differences between consecutive `times` (s), or `nil` when
/// there is no such difference.
///
/// Phones deliver samples with jitter, dropped samples and occasional pauses; the median step is
/// insensitive to all three, unlike the mean (`1 / median` is the nominal rate in Hz).
/// Duplicate and backwards timestamps are skipped.
/// - Complexity: O(n log n) time, O(n) memory.
public func medianSamplingInterval(_ times: some Collection<Double>) -> Double? {
    var steps: [Double] = []
    steps.reserveCapacity(max(times.count - 1, 0))
    var previous: Double?
    for time in times where time.isFinite {
        if let previous, time - previous > 0 {
            steps.append(time - previous)
        }
        previous = time
    }
    guard !steps.isEmpty else { return nil }
    steps.sort()
    let middle = steps.count / 2
    return steps.count % 2 == 1 ? steps[middle] : (steps[middle - 1] + steps[middle]) / 2
}

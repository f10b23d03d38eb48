/// The cadence of every counted minute of a day, kept as a histogram of steps per minute: the day's cadence peaks,
/// percentile and cadence bands come from it exactly, in memory that does not grow with the day.
///
/// The metrics follow stepmetrics (`get_cadence_peaks`, `get_cadence_bands`; Tudor-Locke et al. 2018,
/// doi:10.1136/bjsports-2017-097628): a minute's cadence is its step count; the peak N-minute cadence is the mean of
/// the N highest minutes of the day, consecutive or not; the bands are 0, 1–19, 20–39, 40–59, 60–79, 80–99, 100–119
/// and ≥ 120 steps/min.
package struct MinuteCadences: Sendable, Hashable, Codable {
    /// Minutes by step count, `0 ... maximumCounted`; a minute with more steps counts as `maximumCounted` (255 steps a
    /// minute is beyond sprinting; the detector's shortest step interval allows about 240).
    private var minutesBySteps: [Int] = []

    /// The highest step count told apart.
    package static let maximumCounted = 255

    /// The lower bounds (steps/min) of the cadence bands, each band up to the next bound (the last one open).
    package static let bandLowerBounds = [0, 1, 20, 40, 60, 80, 100, 120]

    /// No minute yet.
    package init() {}

    /// Minutes counted.
    package private(set) var minuteCount = 0

    /// Counts one minute with `steps` steps.
    /// - Complexity: O(1) (the first call allocates the histogram).
    package mutating func add(steps: Int) {
        if minutesBySteps.isEmpty { minutesBySteps = Array(repeating: 0, count: Self.maximumCounted + 1) }
        minutesBySteps[min(max(steps, 0), Self.maximumCounted)] += 1
        minuteCount += 1
    }

    /// Minutes in each band of ``bandLowerBounds``, in order.
    /// - Complexity: O(256).
    package var bandMinutes: [Int] {
        let bounds = Self.bandLowerBounds
        return bounds.indices.map { band in
            let upper = band + 1 < bounds.count ? bounds[band + 1] : Self.maximumCounted + 1
            return minutesBySteps.isEmpty ? 0 : minutesBySteps[bounds[band]..<upper].reduce(0, +)
        }
    }

    /// Mean steps per minute of the `minutes` highest minutes; nil when fewer minutes were counted.
    /// - Complexity: O(256).
    package func peak(minutes: Int) -> Double? {
        guard minutes > 0, minuteCount >= minutes else { return nil }
        var left = minutes, sum = 0
        for steps in stride(from: Self.maximumCounted, through: 0, by: -1) where left > 0 {
            let taken = min(left, minutesBySteps[steps])
            sum += taken * steps
            left -= taken
        }
        return Double(sum) / Double(minutes)
    }

    /// The `fraction` quantile (0…1) of the minutes' cadence, interpolated between the two nearest ranks as R's
    /// default `quantile` (type 7) does; nil without minutes.
    /// - Complexity: O(256).
    package func quantile(_ fraction: Double) -> Double? {
        guard minuteCount > 0 else { return nil }
        let position = fraction * Double(minuteCount - 1)
        let lower = Int(position.rounded(.down))
        let low = Double(steps(atRank: lower)), high = Double(steps(atRank: min(lower + 1, minuteCount - 1)))
        return low + (position - Double(lower)) * (high - low)
    }

    /// The step count of the minute at `rank` (0-based) in increasing order.
    private func steps(atRank rank: Int) -> Int {
        var seen = 0
        for (steps, minutes) in minutesBySteps.enumerated() {
            seen += minutes
            if seen > rank { return steps }
        }
        return Self.maximumCounted
    }
}

/// The range of a signal per pixel column: the smallest and largest value of
/// the samples falling in each of `columnCount` equal slices of a time range.
///
/// Drawing min and max per column (instead of every sample, or every n-th
/// sample) keeps a 24-hour, 50 Hz trace to a few thousand points and still
/// shows every peak. Streaming: push samples in any order; O(1) per sample,
/// memory O(columnCount).
package struct MagnitudeEnvelope: Sendable, Hashable {
    /// The time range covered, in seconds.
    package let start: Double
    package let end: Double
    /// Smallest value per column; `+infinity` where no sample fell.
    package private(set) var minimum: [Double]
    /// Largest value per column; `-infinity` where no sample fell.
    package private(set) var maximum: [Double]
    /// Samples per column.
    package private(set) var counts: [Int]

    /// An empty envelope of `columnCount` (≥ 1) columns over `start...end` (seconds, `end > start`).
    package init(start: Double, end: Double, columnCount: Int) {
        precondition(columnCount >= 1 && end > start, "an envelope needs a non-empty range and a column")
        self.start = start
        self.end = end
        minimum = Array(repeating: .infinity, count: columnCount)
        maximum = Array(repeating: -.infinity, count: columnCount)
        counts = Array(repeating: 0, count: columnCount)
    }

    package var columnCount: Int { counts.count }

    /// Seconds covered by one column.
    package var columnDuration: Double { (end - start) / Double(columnCount) }

    /// The column of `time`, or nil outside `start...end` (the end belongs to the last column).
    package func column(of time: Double) -> Int? {
        guard time >= start, time <= end else { return nil }
        return min(Int((time - start) / columnDuration), columnCount - 1)
    }

    /// Adds one value at `time`; values outside the range or not finite are ignored.
    package mutating func add(_ value: Double, at time: Double) {
        guard value.isFinite, let index = column(of: time) else { return }
        if value < minimum[index] { minimum[index] = value }
        if value > maximum[index] { maximum[index] = value }
        counts[index] += 1
    }

    /// The largest value seen, or nil when empty.
    package var largestValue: Double? {
        let value = maximum.max() ?? -.infinity
        return value.isFinite ? value : nil
    }

    /// Maximal runs of columns with samples, where a run continues across empty
    /// columns spanning at most `maximumGap` seconds (when zoomed in beyond the
    /// sampling interval, empty columns are not gaps in the recording).
    package func runs(maximumGap: Double) -> [ClosedRange<Int>] {
        let bridgeable = Int((maximumGap / columnDuration).rounded(.down))
        var runs: [ClosedRange<Int>] = []
        var runStart: Int?
        var last = -1
        for index in 0..<columnCount where counts[index] > 0 {
            if let first = runStart, index - last - 1 > bridgeable {
                runs.append(first...last)
                runStart = index
            } else if runStart == nil {
                runStart = index
            }
            last = index
        }
        if let first = runStart { runs.append(first...last) }
        return runs
    }
}

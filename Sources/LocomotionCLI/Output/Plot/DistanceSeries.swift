import LocomotionIO
/// Distance travelled over time, for the chart's distance panel.
struct DistanceSeries: Sendable, Hashable {
    /// A point of the cumulative distance curve.
    struct Point: Sendable, Hashable {
        /// Seconds (the trace's clock).
        var time: Double
        /// Metres since the start of the local day.
        var meters: Double
    }

    /// One local day: where it starts on the chart and its total.
    struct Day: Sendable, Hashable {
        /// `YYYY-MM-DD`.
        var label: String
        /// Time of the day's first fix, seconds.
        var start: Double
        /// The day's total distance, metres.
        var meters: Double
    }

    /// Cumulative distance within each day (it restarts at 0 on each new day), time-ordered.
    var points: [Point]
    /// The days, time-ordered.
    var days: [Day]
}

/// Distance travelled over time, for the chart's distance panel.
package struct DistanceSeries: Sendable, Hashable {
    /// A point of the cumulative distance curve.
    package struct Point: Sendable, Hashable {
        /// Seconds (the trace's clock).
        package var time: Double
        /// Metres since the start of the local day.
        package var meters: Double

        package init(time: Double, meters: Double) {
            self.time = time
            self.meters = meters
        }
    }

    /// One local day: where it starts on the chart and its total.
    package struct Day: Sendable, Hashable {
        /// `YYYY-MM-DD`.
        package var label: String
        /// Time of the day's first fix, seconds.
        package var start: Double
        /// The day's total distance, metres.
        package var meters: Double

        package init(label: String, start: Double, meters: Double) {
            self.label = label
            self.start = start
            self.meters = meters
        }
    }

    /// Cumulative distance within each day (it restarts at 0 on each new day), time-ordered.
    package var points: [Point]
    /// The days, time-ordered.
    package var days: [Day]

    package init(points: [Point], days: [Day]) {
        self.points = points
        self.days = days
    }
}

import LocomotionIO

/// A ground speed a dataset logged beside its accelerometer rows, without a position (us-tm2017's `speed` rows).
package struct LoggedSpeed: Sendable, Hashable {
    /// Time in seconds, in the trace's clock.
    package var time: Double
    /// Ground speed in metres per second.
    package var metersPerSecond: Double
    /// The value the dataset logs after the speed, undocumented upstream: most likely the horizontal accuracy of
    /// the location the speed came from, in metres; nil when the row has none.
    package var accuracy: Double?

    /// Creates a logged speed. Time in s, speed in m/s, accuracy in m.
    package init(time: Double, metersPerSecond: Double, accuracy: Double? = nil) {
        self.time = time
        self.metersPerSecond = metersPerSecond
        self.accuracy = accuracy
    }
}

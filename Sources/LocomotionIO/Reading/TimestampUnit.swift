/// The unit of a trace's timestamp column: seconds, milliseconds, microseconds or nanoseconds since 1970.
///
/// Collectors write milliseconds (AWARE, Beiwe, Android's `System.currentTimeMillis()`); Locomotion's own
/// traces and RADAR-base write seconds. `TraceReadingOptions.timestampUnit` left nil detects the unit from
/// the first rows (see `Docs/formats.md`, "Timestamp units"); set, it is used as given. Package access for now (the
/// command line's `--time-unit`, the Python binding's options): public would add 6 declarations to the API.
package enum TimestampUnit: String, Sendable, Hashable, CaseIterable {
    case seconds = "s"
    case milliseconds = "ms"
    case microseconds = "us"
    case nanoseconds = "ns"

    /// What a time in this unit is divided by to give seconds.
    package var divisor: Double {
        switch self {
        case .seconds: 1
        case .milliseconds: 1e3
        case .microseconds: 1e6
        case .nanoseconds: 1e9
        }
    }

    /// The unit's name in messages.
    package var name: String {
        switch self {
        case .seconds: "seconds"
        case .milliseconds: "milliseconds"
        case .microseconds: "microseconds"
        case .nanoseconds: "nanoseconds"
        }
    }
}

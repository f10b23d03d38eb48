/// Seconds spent in each ``MotionActivity``: a fixed-size tally (six numbers, nothing on the heap).
package struct ActivityDurations: Sendable, Hashable, Codable {
    /// Seconds stationary.
    package var stationary = 0.0
    /// Seconds walking.
    package var walking = 0.0
    /// Seconds running.
    package var running = 0.0
    /// Seconds cycling.
    package var cycling = 0.0
    /// Seconds in a vehicle.
    package var automotive = 0.0
    /// Seconds unknown (gaps in the data included: the classifier reports them as unknown).
    package var unknown = 0.0

    /// All zero.
    package init() {}

    /// Seconds of `activity`.
    package subscript(activity: MotionActivity) -> Double {
        get {
            switch activity {
            case .stationary: stationary
            case .walking: walking
            case .running: running
            case .cycling: cycling
            case .automotive: automotive
            case .unknown: unknown
            }
        }
        set {
            switch activity {
            case .stationary: stationary = newValue
            case .walking: walking = newValue
            case .running: running = newValue
            case .cycling: cycling = newValue
            case .automotive: automotive = newValue
            case .unknown: unknown = newValue
            }
        }
    }

    /// Seconds of every activity together.
    package var total: Double { MotionActivity.allCases.reduce(0) { $0 + self[$1] } }

    /// The activity with the most seconds (a tie goes to the one listed first in `MotionActivity.allCases`),
    /// or nil when every tally is zero.
    package var majority: MotionActivity? {
        var best: MotionActivity?
        var most = 0.0
        for activity in MotionActivity.allCases where self[activity] > most {
            best = activity
            most = self[activity]
        }
        return best
    }

    /// Adds every tally of `other`, activity by activity.
    /// - Complexity: O(1).
    package mutating func add(_ other: ActivityDurations) {
        for activity in MotionActivity.allCases { self[activity] += other[activity] }
    }
}

import Locomotion

/// The distance of a replay: what the engine's odometer measured over the whole trace (every local day summed),
/// and what it did with the fixes it was given.
package struct ReplayDistance: Sendable, Hashable, Codable {
    /// Metres, over every day (and the undated tally).
    public var distance: Double
    /// Fixes the odometer was given, and of them those whose step was added.
    public var fixes: Int
    public var acceptedFixes: Int
    /// Fixes dropped by each reason (`FixRejection` raw values: `jump`, `spike`, `still`, `not-moving`, …), only
    /// the reasons that occurred.
    public var rejected: [String: Int]

    /// Sums `tallies` (one per day).
    /// - Complexity: O(days).
    public init(tallies: [DailyDistance]) {
        distance = tallies.reduce(0) { $0 + $1.distance }
        fixes = tallies.reduce(0) { $0 + $1.totalFixes }
        acceptedFixes = tallies.reduce(0) { $0 + $1.acceptedFixes }
        var rejected: [String: Int] = [:]
        for reason in FixRejection.allCases {
            let count = tallies.reduce(0) { $0 + $1.rejected(reason) }
            if count > 0 { rejected[reason.rawValue] = count }
        }
        self.rejected = rejected
    }
}

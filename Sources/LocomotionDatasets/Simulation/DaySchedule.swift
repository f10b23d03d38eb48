import LocomotionIO

/// The scripted day `locomotion simulate` plays: a night's sleep, a commute by
/// bus, desk work with walks, a gap where the app was suspended, a car ride
/// home, an evening run and a bike ride.
///
/// Movement parts keep their natural length (a 24 h day: 151 minutes of them);
/// the still parts (sleep, home, desk) absorb the rest. A shorter duration
/// first shrinks the still parts; below 151/0.6 minutes the movement parts are
/// shrunk too, to 60 % of the duration, so a 40-minute "day" still holds every
/// activity for a minute or more.
package enum DaySchedule {
    /// (activity, natural minutes, weight): weight > 0 marks a still part that
    /// stretches; weight 0 a movement part of fixed natural length.
    static let script: [(SimulatedActivity, Double, Double)] = [
        (.sleep, 0, 7), (.still, 0, 0.75), (.walking, 8, 0), (.waiting, 3, 0), (.bus, 20, 0),
        (.walking, 6, 0), (.desk, 0, 3.5), (.walking, 5, 0), (.still, 0, 0.67), (.walking, 5, 0),
        (.gap, 20, 0), (.desk, 0, 3), (.walking, 6, 0), (.car, 25, 0), (.walking, 3, 0),
        (.still, 0, 1), (.running, 25, 0), (.walking, 5, 0), (.still, 0, 1), (.cycling, 20, 0),
        (.still, 0, 4.5),
    ]

    /// The day's segments, in order, lasting `duration` seconds in total.
    /// - Complexity: O(1) (a fixed script of 21 parts).
    package static func segments(duration: Double) -> [SimulatedSegment] {
        precondition(duration > 0 && duration.isFinite, "duration must be positive")
        let fixedSeconds = script.reduce(0) { $0 + $1.1 * 60 }
        let totalWeight = script.reduce(0) { $0 + $1.2 }
        let fixedScale = min(1, 0.6 * duration / fixedSeconds)
        let stretchSeconds = duration - fixedScale * fixedSeconds
        return script.map { activity, minutes, weight in
            SimulatedSegment(activity: activity,
                             duration: weight > 0 ? stretchSeconds * weight / totalWeight : minutes * 60 * fixedScale)
        }
    }
}

/// The physics of the implied-speed rule (``Odometer/Configuration/Rule/impliedSpeed``): what a step between two
/// fixes may be, given the activity in force and what the fixes report. Pure functions of the configuration; the
/// ``Odometer`` keeps the state.
struct ImpliedSpeedRule: Sendable {
    let configuration: Odometer.Configuration

    /// Sampling intervals longer than this (s), measured by the chord alone, are counted as sparse chord steps.
    static let sparseInterval = 10.0

    /// The noise allowance of a step (m): the sum of the two fixes' accuracy radii (assumed where not reported).
    func uncertainty(_ from: LocationFix, _ to: LocationFix) -> Double {
        (from.horizontalAccuracy ?? configuration.assumedAccuracy) + (to.horizontalAccuracy ?? configuration.assumedAccuracy)
    }

    /// The top speed (m/s) a step from `from` to `to` may imply: that of the class of `activity` (on foot, cycling,
    /// vehicle; a vehicle's when nothing narrower is known), raised to the class that the fixes' reported speed
    /// needs (a fix reporting 15 m/s is at least cycling, whatever the classifier says).
    func speedLimit(from: LocationFix, to: LocationFix, activity: MotionActivity?) -> Double {
        var limit: Double
        switch activity {
        case .walking, .running: limit = configuration.onFootMaximumSpeed
        case .cycling: limit = configuration.cyclingMaximumSpeed
        case .automotive, .stationary, .unknown, nil: limit = configuration.vehicleMaximumSpeed
        }
        if let reported = Self.fastest(from, to), reported > limit {
            limit = reported <= configuration.cyclingMaximumSpeed ? configuration.cyclingMaximumSpeed
                : configuration.vehicleMaximumSpeed
        }
        return limit
    }

    /// True when `to` can be reached from `from` (`distance` metres apart): within the step interval, at no more
    /// than the speed limit once the noise allowance is taken off.
    func isReachable(from: LocationFix, to: LocationFix, distance: Double, activity: MotionActivity?) -> Bool {
        let elapsed = to.time - from.time
        guard elapsed <= configuration.maximumStepInterval || distance <= uncertainty(from, to) else { return false }
        return distance - uncertainty(from, to) <= speedLimit(from: from, to: to, activity: activity) * elapsed
    }

    /// The speed (m/s) a step is expected to go at: the fastest speed the two fixes report, else the speed of the
    /// step that reached the anchor (`anchorSpeed`), else nil (nothing to judge a spike by).
    func referenceSpeed(from: LocationFix, to: LocationFix, anchorSpeed: Double?) -> Double? {
        Self.fastest(from, to) ?? anchorSpeed
    }

    /// True when reaching `to` from `from` (`distance` metres apart) needs more than the largest acceleration from
    /// the reference speed: the step is too long for the speeds around it (a suspected spike).
    func isSuspect(from: LocationFix, to: LocationFix, distance: Double, anchorSpeed: Double?) -> Bool {
        guard let speed = referenceSpeed(from: from, to: to, anchorSpeed: anchorSpeed) else { return false }
        let elapsed = to.time - from.time
        return distance - uncertainty(from, to) > (speed + 0.5 * configuration.maximumAcceleration * elapsed) * elapsed
    }

    /// True when `to`, within the noise of the anchor `from`, says the phone is still: its reported speed, or
    /// without one the speed from the fix before it (`previous`), is below the still speed.
    func isStill(from: LocationFix, to: LocationFix, distance: Double, previous: LocationFix) -> Bool {
        guard distance <= uncertainty(from, to) else { return false }
        if let reported = Self.reportedSpeed(of: to) { return reported < configuration.stillSpeed }
        let elapsed = to.time - previous.time
        return elapsed > 0 && Geodesic.distance(from: previous, to: to) < configuration.stillSpeed * elapsed
    }

    /// The integral of speed (m) from `from` to `to` by the trapezoid rule, nil when either reports no speed or the
    /// interval is longer than the step interval.
    func speedIntegral(from: LocationFix, to: LocationFix) -> Double? {
        guard let start = Self.reportedSpeed(of: from), let end = Self.reportedSpeed(of: to) else { return nil }
        let elapsed = to.time - from.time
        guard elapsed >= 0, elapsed <= configuration.maximumStepInterval else { return nil }
        return elapsed * (start + end) / 2
    }

    /// How a step was measured.
    enum Measure: Sendable, Hashable {
        /// The chord (the geodesic between the fixes); `sparse` when the fixes are more than ``sparseInterval``
        /// apart and no speed was there to check it.
        case chord(sparse: Bool)
        /// Lengthened by the reported speed: `extra` metres beyond the chord.
        case speed(extra: Double)
    }

    /// The length (m) of a step of `chord` metres from `from` to `to`, given the integral of the reported speed over
    /// it (nil: not known). When the integral exceeds the chord by more than the noise allowance, the path was
    /// longer than the chord (a curve between sparse fixes); the integral may also be too long (a stop between two
    /// moving fixes), so the step counts halfway between: chord + (integral − chord − noise) / 2.
    func length(from: LocationFix, to: LocationFix, chord: Double, integral: Double?) -> (Double, Measure) {
        guard configuration.usesReportedSpeed, let integral else {
            return (chord, .chord(sparse: to.time - from.time > Self.sparseInterval))
        }
        let excess = integral - chord - uncertainty(from, to)
        guard excess > 0 else { return (chord, .chord(sparse: false)) }
        return (chord + excess / 2, .speed(extra: excess / 2))
    }

    /// The speed `fix` reports (m/s), nil when it reports none or one that cannot be a speed (negative, as
    /// CoreLocation marks an invalid one, or not finite).
    static func reportedSpeed(of fix: LocationFix) -> Double? {
        guard let speed = fix.speed, speed >= 0, speed.isFinite else { return nil }
        return speed
    }

    /// The faster of the speeds two fixes report, nil when neither reports one.
    static func fastest(_ first: LocationFix, _ second: LocationFix) -> Double? {
        switch (reportedSpeed(of: first), reportedSpeed(of: second)) {
        case let (start?, end?): max(start, end)
        case let (start?, nil): start
        case let (nil, end): end
        }
    }
}

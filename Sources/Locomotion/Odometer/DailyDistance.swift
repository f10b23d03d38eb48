/// The odometer's tally for one local day: distance and what happened to each fix.
public struct DailyDistance: Sendable, Hashable, Codable {
    /// The local day (in the odometer's time zone when the day began), or nil for
    /// the tally of fixes without a time (a fix whose time is NaN, ``Odometer/undated``).
    public var day: LocalDay?
    /// Distance in metres accumulated over the day.
    public var distance: Double = 0
    /// Fixes whose segment was added (including a day's first anchor).
    public var acceptedFixes = 0
    /// Fixes rejected as jumps (and not later accepted by re-anchoring).
    public var rejectedJumps = 0
    /// Fixes rejected for poor horizontal accuracy.
    public var rejectedInaccurate = 0
    /// Fixes that arrived while the activity was not a moving one.
    public var rejectedNotMoving = 0
    /// Fixes with a duplicate or backwards time.
    public var rejectedOutOfOrder = 0
    /// Fixes with impossible values.
    public var rejectedInvalid = 0
    /// How many times the odometer re-anchored after a gap or a run of jumps.
    public var reanchors = 0

    /// An empty tally for `day`.
    package init(day: LocalDay?) {
        self.day = day
    }

    /// The number of fixes rejected for `reason`.
    public func rejected(_ reason: FixRejection) -> Int {
        switch reason {
        case .jump: rejectedJumps
        case .inaccurate: rejectedInaccurate
        case .notMoving: rejectedNotMoving
        case .outOfOrder: rejectedOutOfOrder
        case .invalid: rejectedInvalid
        }
    }

    /// Every fix counted in this tally, accepted or rejected.
    public var totalFixes: Int {
        acceptedFixes + FixRejection.allCases.reduce(0) { $0 + rejected($1) }
    }

    mutating func count(_ reason: FixRejection, by amount: Int = 1) {
        switch reason {
        case .jump: rejectedJumps += amount
        case .inaccurate: rejectedInaccurate += amount
        case .notMoving: rejectedNotMoving += amount
        case .outOfOrder: rejectedOutOfOrder += amount
        case .invalid: rejectedInvalid += amount
        }
    }
}

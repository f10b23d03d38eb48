/// The odometer's tally for one local day: distance and what happened to each fix.
///
/// The rejections are counted by reason: ``rejected(_:)``. The implied-speed rule's own counts (steps measured
/// with the fixes' speed, the metres they added, sparse chord steps) are package API, shown by
/// `locomotion distance --details`.
public struct DailyDistance: Sendable, Hashable, Codable {
    /// The local day (in the odometer's time zone when the day began), or nil for
    /// the tally of fixes without a time (a fix whose time is NaN, ``Odometer/undated``).
    public var day: LocalDay?
    /// Distance in metres accumulated over the day.
    public var distance: Double = 0
    /// Fixes whose segment was added (including a day's first anchor).
    public var acceptedFixes = 0
    /// Fixes rejected as jumps (and not later accepted by re-anchoring).
    package var rejectedJumps = 0
    /// Fixes rejected for poor horizontal accuracy.
    package var rejectedInaccurate = 0
    /// Fixes that arrived while the activity was not a moving one.
    package var rejectedNotMoving = 0
    /// Fixes with a duplicate or backwards time.
    package var rejectedOutOfOrder = 0
    /// Fixes with impossible values.
    package var rejectedInvalid = 0
    /// How many times the odometer re-anchored after a gap or a run of jumps.
    public var reanchors = 0
    /// Fixes dropped as spikes (implied-speed rule; not later credited).
    package var rejectedSpikes = 0
    /// Fixes of a still phone: within the anchor's noise and reported still (implied-speed rule).
    package var rejectedStill = 0
    /// Steps measured with the fixes' speed: the integral of speed over the interval exceeded the chord by more than
    /// the fixes' noise, and the step counted halfway between the two (implied-speed rule).
    package var speedSteps = 0
    /// Metres those steps added beyond their chords. The true length of each lies between its chord and its speed
    /// integral, so their share of ``distance`` is uncertain by at most this plus their noise allowances.
    package var speedAddedDistance: Double = 0
    /// Steps of more than 10 s measured by the chord alone (the fixes reported no speed): each is a lower bound,
    /// short by the curves in between (about 0.4 % at 15 s, 1–1.4 % at 30 s, 2–3 % at 60 s on the GSDC drives).
    package var sparseChordSteps = 0

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
        case .spike: rejectedSpikes
        case .still: rejectedStill
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
        case .spike: rejectedSpikes += amount
        case .still: rejectedStill += amount
        }
    }
}

extension DailyDistance {
    private enum CodingKeys: String, CodingKey {
        case day, distance, acceptedFixes, rejectedJumps, rejectedInaccurate, rejectedNotMoving, rejectedOutOfOrder
        case rejectedInvalid, reanchors, rejectedSpikes, rejectedStill, speedSteps, speedAddedDistance, sparseChordSteps
    }

    /// Decodes a tally; one written before the implied-speed rule existed lacks its counts, which read as 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        day = try container.decodeIfPresent(LocalDay.self, forKey: .day)
        distance = try container.decode(Double.self, forKey: .distance)
        acceptedFixes = try container.decode(Int.self, forKey: .acceptedFixes)
        rejectedJumps = try container.decode(Int.self, forKey: .rejectedJumps)
        rejectedInaccurate = try container.decode(Int.self, forKey: .rejectedInaccurate)
        rejectedNotMoving = try container.decode(Int.self, forKey: .rejectedNotMoving)
        rejectedOutOfOrder = try container.decode(Int.self, forKey: .rejectedOutOfOrder)
        rejectedInvalid = try container.decode(Int.self, forKey: .rejectedInvalid)
        reanchors = try container.decode(Int.self, forKey: .reanchors)
        rejectedSpikes = try container.decodeIfPresent(Int.self, forKey: .rejectedSpikes) ?? 0
        rejectedStill = try container.decodeIfPresent(Int.self, forKey: .rejectedStill) ?? 0
        speedSteps = try container.decodeIfPresent(Int.self, forKey: .speedSteps) ?? 0
        speedAddedDistance = try container.decodeIfPresent(Double.self, forKey: .speedAddedDistance) ?? 0
        sparseChordSteps = try container.decodeIfPresent(Int.self, forKey: .sparseChordSteps) ?? 0
    }
}

extension Odometer {
    /// The odometer's filters and its day boundary. Every field has a default chosen
    /// for a phone carried by a person; see Docs/odometer.md for the rationale.
    public struct Configuration: Sendable, Hashable, Codable {
        /// How jumps are judged: by the speed, spike, gap and accuracy a step implies (``Rule/impliedSpeed``, the
        /// default) or by a fixed distance (``Rule/fixedDistance``, the original apps' 50 m rule).
        public var rule: Rule

        /// Under ``Rule/fixedDistance`` (and for fixes without a time under either rule): a fix farther than this
        /// many metres from the last accepted fix is a jump and is not added. `.infinity` switches the jump filter off.
        ///
        /// Default 50 m: larger than a second of motorway driving (≈ 36 m at 130 km/h)
        /// and than the scatter of good GNSS fixes, smaller than typical Wi-Fi/cell
        /// position jumps. It must exceed (top speed × sampling interval).
        @_spi(Tuning) public var jumpLimit: Double

        /// Under ``Rule/impliedSpeed``: the top speed (m/s) of a person on foot, the limit while the activity is
        /// walking or running and the fixes report no faster speed. Default 12 m/s: above a sprinter's top speed
        /// (12.4 m/s is the record, held for a second or two; a runner's pace is 2.5–6 m/s).
        @_spi(Tuning) public var onFootMaximumSpeed: Double

        /// Under ``Rule/impliedSpeed``: the top speed (m/s) of a cyclist. Default 25 m/s (90 km/h): a fast descent;
        /// commuting is 4–8 m/s, racing sprints about 20 m/s.
        @_spi(Tuning) public var cyclingMaximumSpeed: Double

        /// Under ``Rule/impliedSpeed``: the top speed (m/s) of a vehicle, and the limit whenever nothing says the
        /// person is slower (no activity, stationary or unknown, no reported speed). Default 100 m/s (360 km/h): above
        /// the fastest scheduled high-speed trains (350 km/h); motorways are below 70 m/s.
        @_spi(Tuning) public var vehicleMaximumSpeed: Double

        /// Under ``Rule/impliedSpeed``: a step whose fixes are more than this many seconds apart was not observed
        /// (the app was suspended, the recording paused): a fix beyond the noise of the anchor is a jump, and only a
        /// consistent run re-anchors (the gap is never added). Default 600 s: twice the sparsest logging interval in
        /// common use (Android's fused location every 5 minutes; AWARE's default is one fix every 180 s).
        @_spi(Tuning) public var maximumStepInterval: Double

        /// Under ``Rule/impliedSpeed``: the accuracy (m, 68 % radius) assumed for a fix that reports none (NMEA, most
        /// GPX, CSV without the column), for the noise allowance of a step. Default 10 m: what phone GNSS reports
        /// outdoors (3–16 m).
        @_spi(Tuning) public var assumedAccuracy: Double

        /// Under ``Rule/impliedSpeed``: a fix that reports a speed below this (m/s), or, without a reported speed, was
        /// reached from the fix before at a speed below it, and lies within the noise of the anchor, is still: nothing
        /// is added and the anchor stays where it is. Default 0.8 m/s: above what a still phone's receiver reports once
        /// it has settled (≤ 0.6 m/s on the GSDC phones), below a walking pace (1.0–1.5 m/s); a slower walk is not
        /// lost, only measured by chords once it leaves the anchor's noise.
        @_spi(Tuning) public var stillSpeed: Double

        /// Under ``Rule/impliedSpeed``: the largest acceleration (m/s²) that a step may imply next to the speed the
        /// fixes report (or, without reported speed, the speed of the step before). A step beyond it is a suspected
        /// spike: counted as ``FixRejection/spike``, and credited after all when the next fix continues from it rather
        /// than coming back. Default 10 m/s² (1 g): above any car's braking or a sprinter's start. It matters only
        /// for dense fixes: over 10 s it allows 500 m beyond the reported speed.
        @_spi(Tuning) public var maximumAcceleration: Double

        /// Under ``Rule/impliedSpeed``: a fix whose accuracy is worse than ``maximumHorizontalAccuracy`` still counts
        /// when the step to it is at least this many times its accuracy radius (its circle makes the step at most that
        /// fraction uncertain): the Wi-Fi and cell positions of a sparse logger driving kilometres between fixes.
        /// Default 10 (a tenth); `.infinity` refuses every such fix, as the fixed-distance rule does.
        @_spi(Tuning) public var coarseFixStepRatio: Double

        /// Under ``Rule/impliedSpeed``: whether the fixes' reported speed lengthens the chord between sparse fixes.
        /// Default true: when the integral of speed over the interval exceeds the chord by more than the two fixes'
        /// noise, the step counts halfway between the chord (the shortest path: a lower bound) and the integral (which
        /// conditions of a curve or a stop in between make too long); Docs/odometer.md, *Between sparse fixes*.
        @_spi(Tuning) public var usesReportedSpeed: Bool

        /// A fix whose horizontal accuracy (68 % radius) is worse than this many
        /// metres is not trusted: it adds nothing and never anchors. `.infinity`
        /// switches the accuracy filter off.
        ///
        /// Default 20 m: GNSS fixes outdoors report 3–16 m; Wi-Fi and cell positions
        /// report 30 m to kilometres and move by tens of metres between reports. At
        /// 20 m two fixes of a still phone lie more than 50 m apart only ≈ 3 % of the
        /// time, so the jump filter can tell noise from a jump.
        @_spi(Tuning) public var maximumHorizontalAccuracy: Double

        /// Whether a fix that reports no accuracy (NMEA, most GPX, CSV without the
        /// column) is trusted. Default true: those formats never carry one, and the
        /// jump filter still guards them.
        @_spi(Tuning) public var trustsFixesWithoutAccuracy: Bool

        /// How many consecutive fixes, each within ``jumpLimit`` of the one before,
        /// re-anchor the odometer away from its last accepted fix (after a gap in
        /// recording or a real jump). Default 3: a single teleport, or a pair of
        /// multipath fixes, never moves the anchor. Values below 2 act as 2.
        @_spi(Tuning) public var consistentFixesToReanchor: Int

        /// The activities during which distance accrues, or nil for no moving gate
        /// (every accepted fix counts). With a gate, fixes before the first activity
        /// update count as not moving. `RecordingGate.Policy`'s `recordedActivities` are the
        /// usual choices (on foot; on foot and cycling; any movement).
        public var movingActivities: Set<MotionActivity>?

        /// Start of the odometer's day, in seconds after local midnight, 0 ..< 86 400.
        /// Default 0 (midnight); e.g. 10 800 for a night-shift day that starts at 03:00.
        public var dayStart: Int

        /// A configuration judging jumps by `rule`, whose distance accrues while the activity is one of
        /// `movingActivities` (nil: always) and whose days start `dayStart` seconds after local midnight; the filters
        /// have their documented defaults (set by name through ``ParameterizedConfiguration/setting(_:to:)``).
        public init(rule: Rule = .impliedSpeed, movingActivities: Set<MotionActivity>? = nil, dayStart: Int = 0) {
            self.init(rule: rule, jumpLimit: 50, movingActivities: movingActivities, dayStart: dayStart)
        }

        /// Creates a configuration; every argument defaults to the documented value.
        @_spi(Tuning) @_disfavoredOverload
        public init(
            rule: Rule = .impliedSpeed,
            jumpLimit: Double = 50,
            maximumHorizontalAccuracy: Double = 20,
            trustsFixesWithoutAccuracy: Bool = true,
            consistentFixesToReanchor: Int = 3,
            movingActivities: Set<MotionActivity>? = nil,
            dayStart: Int = 0,
            onFootMaximumSpeed: Double = 12,
            cyclingMaximumSpeed: Double = 25,
            vehicleMaximumSpeed: Double = 100,
            maximumStepInterval: Double = 600,
            assumedAccuracy: Double = 10,
            stillSpeed: Double = 0.8,
            maximumAcceleration: Double = 10,
            coarseFixStepRatio: Double = 10,
            usesReportedSpeed: Bool = true
        ) {
            self.rule = rule
            self.onFootMaximumSpeed = onFootMaximumSpeed
            self.cyclingMaximumSpeed = cyclingMaximumSpeed
            self.vehicleMaximumSpeed = vehicleMaximumSpeed
            self.maximumStepInterval = maximumStepInterval
            self.assumedAccuracy = assumedAccuracy
            self.stillSpeed = stillSpeed
            self.maximumAcceleration = maximumAcceleration
            self.coarseFixStepRatio = coarseFixStepRatio
            self.usesReportedSpeed = usesReportedSpeed
            self.jumpLimit = jumpLimit
            self.maximumHorizontalAccuracy = maximumHorizontalAccuracy
            self.trustsFixesWithoutAccuracy = trustsFixesWithoutAccuracy
            self.consistentFixesToReanchor = consistentFixesToReanchor
            self.movingActivities = movingActivities
            self.dayStart = dayStart
        }

        /// No jump filter, no accuracy filter, no gate: a plain geodesic sum of
        /// consecutive fixes (still split by day, still refusing out-of-order times).
        public static let unfiltered = Odometer.Configuration(rule: .fixedDistance, jumpLimit: .infinity,
                                                             maximumHorizontalAccuracy: .infinity)

        /// The original apps' rule, by name: a fixed 50 m jump limit, chords between fixes, nothing else judged —
        /// the odometer as it was before the implied-speed rule, to the millimetre. Right for dense on-foot fixes.
        public static let fixedJumpLimit = Odometer.Configuration(rule: .fixedDistance)
    }
}

extension Odometer.Configuration {
    private enum CodingKeys: String, CodingKey {
        case jumpLimit, maximumHorizontalAccuracy, trustsFixesWithoutAccuracy, consistentFixesToReanchor
        case movingActivities, dayStart
        case rule, onFootMaximumSpeed, cyclingMaximumSpeed, vehicleMaximumSpeed, maximumStepInterval, assumedAccuracy
        case stillSpeed, maximumAcceleration, coarseFixStepRatio, usesReportedSpeed
    }

    /// Decodes every field. A snapshot written before the implied-speed rule existed has none of its keys and reads
    /// as the rule it ran: ``Rule/fixedDistance``, with the other new settings at their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Odometer.Configuration()
        self.init(
            rule: try container.decodeIfPresent(Rule.self, forKey: .rule) ?? .fixedDistance,
            jumpLimit: try container.decode(Double.self, forKey: .jumpLimit),
            maximumHorizontalAccuracy: try container.decode(Double.self, forKey: .maximumHorizontalAccuracy),
            trustsFixesWithoutAccuracy: try container.decode(Bool.self, forKey: .trustsFixesWithoutAccuracy),
            consistentFixesToReanchor: try container.decode(Int.self, forKey: .consistentFixesToReanchor),
            movingActivities: try container.decodeIfPresent(Set<MotionActivity>.self, forKey: .movingActivities),
            dayStart: try container.decode(Int.self, forKey: .dayStart),
            onFootMaximumSpeed: try container.decodeIfPresent(Double.self, forKey: .onFootMaximumSpeed) ?? defaults.onFootMaximumSpeed,
            cyclingMaximumSpeed: try container.decodeIfPresent(Double.self, forKey: .cyclingMaximumSpeed) ?? defaults.cyclingMaximumSpeed,
            vehicleMaximumSpeed: try container.decodeIfPresent(Double.self, forKey: .vehicleMaximumSpeed) ?? defaults.vehicleMaximumSpeed,
            maximumStepInterval: try container.decodeIfPresent(Double.self, forKey: .maximumStepInterval) ?? defaults.maximumStepInterval,
            assumedAccuracy: try container.decodeIfPresent(Double.self, forKey: .assumedAccuracy) ?? defaults.assumedAccuracy,
            stillSpeed: try container.decodeIfPresent(Double.self, forKey: .stillSpeed) ?? defaults.stillSpeed,
            maximumAcceleration: try container.decodeIfPresent(Double.self, forKey: .maximumAcceleration) ?? defaults.maximumAcceleration,
            coarseFixStepRatio: try container.decodeIfPresent(Double.self, forKey: .coarseFixStepRatio) ?? defaults.coarseFixStepRatio,
            usesReportedSpeed: try container.decodeIfPresent(Bool.self, forKey: .usesReportedSpeed) ?? defaults.usesReportedSpeed)
    }

    /// Encodes every field, the moving activities in the order of `MotionActivity.allCases`, so that equal
    /// configurations encode to equal bytes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(jumpLimit, forKey: .jumpLimit)
        try container.encode(maximumHorizontalAccuracy, forKey: .maximumHorizontalAccuracy)
        try container.encode(trustsFixesWithoutAccuracy, forKey: .trustsFixesWithoutAccuracy)
        try container.encode(consistentFixesToReanchor, forKey: .consistentFixesToReanchor)
        try container.encodeIfPresent(movingActivities?.inCaseOrder, forKey: .movingActivities)
        try container.encode(dayStart, forKey: .dayStart)
        try container.encode(rule, forKey: .rule)
        try container.encode(onFootMaximumSpeed, forKey: .onFootMaximumSpeed)
        try container.encode(cyclingMaximumSpeed, forKey: .cyclingMaximumSpeed)
        try container.encode(vehicleMaximumSpeed, forKey: .vehicleMaximumSpeed)
        try container.encode(maximumStepInterval, forKey: .maximumStepInterval)
        try container.encode(assumedAccuracy, forKey: .assumedAccuracy)
        try container.encode(stillSpeed, forKey: .stillSpeed)
        try container.encode(maximumAcceleration, forKey: .maximumAcceleration)
        try container.encode(coarseFixStepRatio, forKey: .coarseFixStepRatio)
        try container.encode(usesReportedSpeed, forKey: .usesReportedSpeed)
    }
}

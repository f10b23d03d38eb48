extension Odometer {
    /// The odometer's filters and its day boundary. Every field has a default chosen
    /// for a phone carried by a person; see Docs/odometer.md for the rationale.
    public struct Configuration: Sendable, Hashable, Codable {
        /// A fix farther than this many metres from the last accepted fix is a jump
        /// and is not added. `.infinity` switches the jump filter off.
        ///
        /// Default 50 m: larger than a second of motorway driving (≈ 36 m at 130 km/h)
        /// and than the scatter of good GNSS fixes, smaller than typical Wi-Fi/cell
        /// position jumps. It must exceed (top speed × sampling interval).
        @_spi(Tuning) public var jumpLimit: Double

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

        /// How many consecutive fixes, each within `jumpLimit` of the one before,
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

        /// A configuration whose distance accrues while the activity is one of `movingActivities` (nil: always) and
        /// whose days start `dayStart` seconds after local midnight; the filters have their documented defaults (set
        /// by name through ``ParameterizedConfiguration/setting(_:to:)``).
        public init(movingActivities: Set<MotionActivity>? = nil, dayStart: Int = 0) {
            self.init(jumpLimit: 50, movingActivities: movingActivities, dayStart: dayStart)
        }

        /// Creates a configuration; every argument defaults to the documented value.
        @_spi(Tuning) @_disfavoredOverload
        public init(
            jumpLimit: Double = 50,
            maximumHorizontalAccuracy: Double = 20,
            trustsFixesWithoutAccuracy: Bool = true,
            consistentFixesToReanchor: Int = 3,
            movingActivities: Set<MotionActivity>? = nil,
            dayStart: Int = 0
        ) {
            self.jumpLimit = jumpLimit
            self.maximumHorizontalAccuracy = maximumHorizontalAccuracy
            self.trustsFixesWithoutAccuracy = trustsFixesWithoutAccuracy
            self.consistentFixesToReanchor = consistentFixesToReanchor
            self.movingActivities = movingActivities
            self.dayStart = dayStart
        }

        /// No jump filter, no accuracy filter, no gate: a plain geodesic sum of
        /// consecutive fixes (still split by day, still refusing out-of-order times).
        public static let unfiltered = Odometer.Configuration(jumpLimit: .infinity, maximumHorizontalAccuracy: .infinity)
    }
}

extension Odometer.Configuration {
    private enum CodingKeys: String, CodingKey {
        case jumpLimit, maximumHorizontalAccuracy, trustsFixesWithoutAccuracy, consistentFixesToReanchor
        case movingActivities, dayStart
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
    }
}

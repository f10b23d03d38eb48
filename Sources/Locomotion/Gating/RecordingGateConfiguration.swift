extension RecordingGate {
    /// The tunable constants of a ``RecordingGate``. Durations in seconds,
    /// distances in metres. Each default is explained in Docs/gating.md.
    public struct Configuration: Sendable, Hashable, Codable {
        /// Which activities are recorded.
        public var policy: RecordingGate.Policy
        /// Settings reported with ``RecordingMode/highAccuracy``.
        public var highAccuracyProfile: RecordingProfile
        /// Settings reported with ``RecordingMode/lowPower``.
        public var lowPowerProfile: RecordingProfile
        /// How long a recorded activity must be reported without interruption
        /// before recording starts. Default 15 s: longer than a walk to the
        /// printer or a phone pick-up, shorter than a GNSS warm start matters.
        public var entryDwell: Double
        /// An update of a recorded activity with at least this confidence starts
        /// recording at once; nil disables the shortcut. Default `.high`.
        @_spi(Tuning) public var immediateEntryConfidence: ActivityConfidence?
        /// How long stillness (or unknown activity) must last before recording
        /// stops. Default 300 s, as background-location tools use, so that a
        /// traffic light, a queue or a shop does not end a walk.
        public var stopTimeout: Double
        /// How long a moving activity that the policy does not record (a bus
        /// under on-foot) must last before recording stops. Default 60 s: boarding
        /// a vehicle ends the walk, but a minute guards against a classifier that
        /// briefly mistakes walking for a vehicle.
        @_spi(Tuning) public var switchTimeout: Double
        /// Movement needed, beyond the fixes' uncertainty, before a recorded
        /// activity interrupts a running stop timer when fixes are fresh, and
        /// within which recording counts as confined. Default 30 m: larger than a
        /// room, an office floor's corridor or a shop aisle; about 20 s of walking.
        @_spi(Tuning) public var minimumDisplacement: Double
        /// Wake up to high accuracy when a fix leaves ``stationaryRadius`` around
        /// the last still position (beyond the fixes' uncertainty). Default on.
        @_spi(Tuning) public var wakesOnDeparture: Bool
        /// Radius around the last still position. Default 100 m, the smallest
        /// region iOS monitors reliably; a building and its car park.
        @_spi(Tuning) public var stationaryRadius: Double
        /// How long after its time a fix counts as current position evidence.
        /// Default 60 s: a walker's fixes (10 m filter) come every ~7 s, so a fix
        /// older than a minute means positioning has stopped reporting.
        @_spi(Tuning) public var fixFreshness: Double
        /// How long a recorded activity must be reported without interruption
        /// before recording resumes after a confined stop (pacing), when no fix
        /// shows departure. Default 120 s: longer than pacing bouts in a room,
        /// the most a person leaving the room after pacing loses.
        @_spi(Tuning) public var confinedEntryDwell: Double
        /// Longest silence between inputs before the gate reports a gap and
        /// forgets what it knew. Default 60 s: a collector that delivered no
        /// sample, update or heartbeat for a minute was suspended by the OS.
        @_spi(Tuning) public var gapLimit: Double

        /// A configuration that records `policy`'s activities, reporting the two profiles with the modes; every other
        /// setting has its documented default. The tuning parameters are set by name through the parameter surface
        /// (``ParameterizedConfiguration/setting(_:to:)``, `Docs/parameters.md`).
        public init(policy: RecordingGate.Policy = .onFoot, highAccuracyProfile: RecordingProfile = .highAccuracy,
                    lowPowerProfile: RecordingProfile = .lowPower) {
            self.init(policy: policy, highAccuracyProfile: highAccuracyProfile, lowPowerProfile: lowPowerProfile, entryDwell: 15)
        }

        /// Creates a configuration; every parameter has the documented default.
        @_spi(Tuning) @_disfavoredOverload
        public init(
            policy: RecordingGate.Policy = .onFoot,
            highAccuracyProfile: RecordingProfile = .highAccuracy,
            lowPowerProfile: RecordingProfile = .lowPower,
            entryDwell: Double = 15,
            immediateEntryConfidence: ActivityConfidence? = .high,
            stopTimeout: Double = 300,
            switchTimeout: Double = 60,
            minimumDisplacement: Double = 30,
            wakesOnDeparture: Bool = true,
            stationaryRadius: Double = 100,
            fixFreshness: Double = 60,
            confinedEntryDwell: Double = 120,
            gapLimit: Double = 60
        ) {
            self.policy = policy
            self.highAccuracyProfile = highAccuracyProfile
            self.lowPowerProfile = lowPowerProfile
            self.entryDwell = entryDwell
            self.immediateEntryConfidence = immediateEntryConfidence
            self.stopTimeout = stopTimeout
            self.switchTimeout = switchTimeout
            self.minimumDisplacement = minimumDisplacement
            self.wakesOnDeparture = wakesOnDeparture
            self.stationaryRadius = stationaryRadius
            self.fixFreshness = fixFreshness
            self.confinedEntryDwell = confinedEntryDwell
            self.gapLimit = gapLimit
        }

        /// The profile reported with `mode`.
        package func profile(for mode: RecordingMode) -> RecordingProfile {
            mode == .highAccuracy ? highAccuracyProfile : lowPowerProfile
        }
    }
}

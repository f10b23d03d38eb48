extension CarryDetector {
    /// The thresholds of a ``CarryDetector``, each with its physical reason (measured figures: `Docs/activity.md`,
    /// *Carried or not*). `Codable`, so it is saved in a snapshot.
    public struct Configuration: Sendable, Hashable, Codable {
        /// Length (whole seconds) of the window one decision looks at: this many differences between consecutive
        /// one-second means (20). Long enough that the statistics of a still sensor's white noise vary by only
        /// ±22 % (1/√20) from window to window, short enough that a person's few quiet seconds between small
        /// movements do not dilute those movements. 10 or 15 s separated still phones from still people less well
        /// (the 99th percentile of still phones' excess over the 1st percentile of still people's: 1.5 and 1.8×,
        /// against 2.2× at 20 s).
        @_spi(Tuning) public var windowLength = 20
        /// Largest movement (g) of the one-second means beyond the sensor's noise that still counts as the noise
        /// floor (0.0015 g). Phones of 9 models lying still move by at most 0.001 g beyond their noise in 99 % of
        /// windows (the oldest sensor measured, an HTC Desire of 2010, reaches 0.0015 g with its flicker noise);
        /// people standing with the phone on the body move it by more than 0.0022 g in 99 % of windows: breathing,
        /// postural sway and fidgeting tilt the phone by tenths of a degree (1 mg ≈ 0.06°). The geometric midpoint
        /// of those two percentiles, rounded.
        @_spi(Tuning) public var maximumExcessDeviation = 0.0015
        /// How long (s) every window of a still stretch must stay within the noise floor before the phone is
        /// reported not carried (45). People standing with the phone on the body stayed within it for at most 23 s
        /// at a time (25 minutes of MobiFall standing, 10 of IPOL, recorded at 64–100 samples/s), about half of
        /// this; a phone put down stays put for minutes. It is the lag of a "not carried" decision, which is
        /// back-dated to the start of the stretch. At least `windowLength` + 1.
        @_spi(Tuning) public var minimumStillDuration = 45.0
        /// The largest per-sample noise (g, the length of the noise vector over the three axes) a phone's
        /// accelerometer has (0.016 g): the noisiest of the 9 models measured shows 0.015 g over a window. The
        /// noise estimated from consecutive samples is capped at it, so that the body's own fast movements, which
        /// add to that estimate, cannot pass for a noisy sensor.
        @_spi(Tuning) public var maximumSensorNoise = 0.016
        /// A pause between samples longer than this (s) is a gap (5): the evidence starts afresh after it, and the
        /// state is unknown until it does (``CarryReason/gap``), unless the phone resumes where it lay
        /// (`resumeTolerance`). Sparse loggers deliver a sample every 0.3–6 s while recording normally.
        @_spi(Tuning) public var maximumGap = 5.0
        /// After a gap, a phone that was not carried is not carried again at once when the mean of its first
        /// second is within this distance (g) of its mean before the gap (0.01 g, about 0.6° or 1 % of gravity;
        /// a phone lifted and set down elsewhere rarely lands within it, unless flat on a flat surface — where it
        /// is not carried either). 0 turns resuming off.
        @_spi(Tuning) public var resumeTolerance = 0.01

        /// The default configuration: every threshold has its documented value (set by name through
        /// ``ParameterizedConfiguration/setting(_:to:)``).
        public init() {}

        /// Creates a configuration; every argument defaults to the documented value.
        @_spi(Tuning) @_disfavoredOverload
        public init(
            windowLength: Int = 20,
            maximumExcessDeviation: Double = 0.0015,
            minimumStillDuration: Double = 45,
            maximumSensorNoise: Double = 0.016,
            maximumGap: Double = 5,
            resumeTolerance: Double = 0.01
        ) {
            self.windowLength = windowLength
            self.maximumExcessDeviation = maximumExcessDeviation
            self.minimumStillDuration = minimumStillDuration
            self.maximumSensorNoise = maximumSensorNoise
            self.maximumGap = maximumGap
            self.resumeTolerance = resumeTolerance
        }

        /// True when every parameter is in its range and `minimumStillDuration` covers a window
        /// (``ParameterizedConfiguration/validate()`` says what is wrong).
        package var isValid: Bool { (try? validate()) != nil }
    }
}

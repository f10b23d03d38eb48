extension ActivityClassifier {
    /// Every threshold of the activity classifier, in one value.
    ///
    /// The defaults were chosen from physical reasoning and checked on the *tuning* people of the public datasets
    /// (see `Docs/activity.md`); each property says what it means, its unit, and why its default is what it is.
    /// The value is `Codable` so a configuration can be stored next to the results it produced
    /// (`locomotion label --config FILE.json`).
    public struct Configuration: Sendable, Hashable, Codable {
        // MARK: Signal

        /// Internal sampling rate in Hz. Input at 20–100 Hz (and, with less to see, lower) is resampled to it by
        /// linear interpolation. 20 Hz keeps gait harmonics up to 10 Hz, above the 2–8 Hz of heel strikes.
        public var sampleRate: Double = 20
        /// Length of one analysis window in seconds: long enough for ≥ 5 steps at a slow 1.2 Hz cadence and for the
        /// autocorrelation to see two stride periods.
        public var windowDuration: Double = 5
        /// Time between the starts of consecutive windows in seconds (windows overlap by `windowDuration - hop`).
        /// One decision per second matches the per-second scoring and CoreMotion's update rate.
        public var hopDuration: Double = 1
        /// A gap between samples longer than this (seconds) ends the current run: nothing is interpolated across it,
        /// the current segment ends and `unknown` is reported until new evidence has built up.
        public var maximumGap: Double = 1

        // MARK: Stationary

        /// Standard deviation of |a| (g) below which a window is stationary. A phone at rest shows 0.001–0.006 g
        /// of sensor noise; a seated or standing person's sway in a pocket stays below ~0.01 g; vehicles on the
        /// road and any gait stay above it.
        public var stationaryMaximumDeviation: Double = 0.012

        // MARK: Gait (walking and running)

        /// Standard deviation of |a| (g) that gait must reach: heel strikes load the body with ±0.1–0.4 g when
        /// walking, 0.5–1 g when running.
        public var gaitMinimumDeviation: Double = 0.09
        /// Normalised autocorrelation peak (lag 0.25–2 s) that makes the motion periodic: steps repeat, road
        /// vibration and handling do not.
        public var gaitMinimumPeriodicity: Double = 0.25
        /// Step frequencies (Hz) accepted as gait: humans walk at 1.4–2.3 steps/s and run at 2.4–3.2; the band
        /// is widened a little for slow walkers, stairs and aliasing of low-rate phones.
        public var gaitCadence: ClosedRange<Double> = 1.2...3.4
        /// A dominant frequency below this (Hz) is taken as the stride (two steps) rather than the step
        /// frequency: with the phone in a pocket, the left–right asymmetry often makes the stride dominant.
        public var strideToStepBoundary: Double = 1.1
        /// Standard deviation of |a| (g) from which gait counts as running: the flight phase and harder impacts
        /// of running give 0.5–1 g, walking rarely exceeds 0.4 g.
        public var runningMinimumDeviation: Double = 0.45
        /// Step frequency (Hz) from which gait with running impacts counts as running. Running cadence is
        /// ≥ 2.4 steps/s for almost everyone; fast walking can reach 2.2.
        public var runningMinimumCadence: Double = 2.0

        // MARK: Vehicle

        /// Largest standard deviation of |a| (g) a vehicle ride shows without gait: road and engine vibration and
        /// the sway of curves and braking stay below ~0.25 g for a phone in a pocket, bag or holder.
        public var vehicleMaximumDeviation: Double = 0.3
        /// A change of the gravity direction (degrees) within one window above which aperiodic motion is the
        /// person handling the phone rather than a ride (phones in vehicles keep their attitude within ~20°).
        public var handlingMinimumTilt: Double = 45

        // MARK: Speed fusion (location fixes)

        /// A fix older than this (seconds) is no longer evidence about the current window.
        public var speedMaximumAge: Double = 10
        /// Ground speed (m/s) above which motion without gait is a vehicle: 8 m/s = 29 km/h is beyond
        /// sustained running and most everyday cycling.
        public var vehicleMinimumSpeed: Double = 8
        /// Ground speed (m/s) above which motion without gait can be cycling: 2.5 m/s = 9 km/h, faster than
        /// walking (≤ 2 m/s) and slower than any ride by car.
        public var cyclingMinimumSpeed: Double = 2.5
        /// Fixes with a worse horizontal accuracy (metres) are ignored for speed.
        public var speedMaximumAccuracy: Double = 50

        // MARK: Smoothing

        /// How long (seconds of consecutive window decisions) a new activity must persist before it is reported.
        /// The report is back-dated to where the new activity began, so persistence delays the answer but does
        /// not shift the segment.
        public var minimumDuration: MinimumDurations = .init()
        /// Seconds of other decisions a pending activity survives while it builds up its minimum duration:
        /// a car stopping for a second or a walker pausing at a kerb does not restart the count.
        public var interruptionTolerance: Double = 2

        /// Creates the default configuration.
        public init() {}
    }

    /// Per-activity persistence (seconds) before a change to that activity is reported.
    public struct MinimumDurations: Sendable, Hashable, Codable {
        /// Stillness: a few seconds, so brief pauses while walking are not reported as stops.
        public var stationary: Double = 4
        /// Walking: four steps' worth; shorter bursts are shuffles, not walks.
        public var walking: Double = 3
        /// Running: as walking.
        public var running: Double = 3
        /// Cycling: rides last minutes; 10 s rejects coasting and pushing the bike.
        public var cycling: Double = 10
        /// Vehicles: rides last minutes, while handling a phone gives vehicle-like windows for seconds; 15 s
        /// of sustained vehicle evidence separates the two.
        public var automotive: Double = 15
        /// Conflicting evidence must persist this long before the classifier admits it does not know.
        public var unknown: Double = 10

        /// Creates the default durations.
        public init() {}

        /// The duration for `activity`, in seconds.
        public subscript(activity: MotionActivity) -> Double {
            switch activity {
            case .stationary: stationary
            case .walking: walking
            case .running: running
            case .cycling: cycling
            case .automotive: automotive
            case .unknown: unknown
            }
        }
    }
}

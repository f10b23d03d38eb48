extension ActivityClassifier {
    /// Every threshold of the activity classifier, in one value.
    ///
    /// The defaults come from physical reasoning; three of them (and two of the temporal model's) were chosen
    /// among a few physically plausible values on all people of the public datasets, and their accuracy is
    /// reported leave-one-person-out (`Docs/activity.md`, `Scripts/evaluation/activity/louo.py`). Each property says what it means, its unit, and why its
    /// default is what it is.
    /// The value is `Codable` so a configuration can be stored next to the results it produced
    /// (`locomotion label --config FILE.json`).
    public struct Configuration: Sendable, Hashable, Codable {
        // MARK: Signal

        /// Internal sampling rate in Hz. Input at 20–100 Hz (and, with less to see, lower) is resampled to it by
        /// linear interpolation. 20 Hz keeps gait harmonics up to 10 Hz, above the 2–8 Hz of heel strikes.
        @_spi(Tuning) public var sampleRate: Double = 20
        /// Length of one analysis window in seconds: long enough for ≥ 5 steps at a slow 1.2 Hz cadence and for the
        /// autocorrelation to see two stride periods.
        @_spi(Tuning) public var windowDuration: Double = 5
        /// Time between the starts of consecutive windows in seconds (windows overlap by `windowDuration - hop`).
        /// One decision per second matches the per-second scoring and CoreMotion's update rate.
        @_spi(Tuning) public var hopDuration: Double = 1
        /// A gap between samples longer than this (seconds) ends the current run: nothing is interpolated across it,
        /// the current segment ends and `unknown` is reported until new evidence has built up.
        @_spi(Tuning) public var maximumGap: Double = 1
        /// The gap limit (seconds) for sparse loggers: phones whose usual sampling interval says they deliver
        /// fewer than `rhythmMinimumInputRate` samples/s drop out for 1–3 s every few seconds while recording
        /// normally (us-tm2017's andrea, 1.5–3.6 samples/s; Elena's 1.8 samples/s walk: 47 silences of 3–6 s in
        /// 7 minutes). Their silences up to this long are interpolated over (only the energy of the real input
        /// samples is used for them, see `lowRateGaitMinimumDeviation`); longer ones are gaps. Never shorter than
        /// `maximumGap`. Chosen among {3, 6} by `Scripts/evaluation/activity/louo.py` (6 in every held-out fold), then fixed.
        @_spi(Tuning) public var sparseInputMaximumGap: Double = 6
        /// Input samples per second (counted before resampling, over one window) below which a window is not
        /// decided at all (`unknown`, rule `sparse-input`): 8 samples in a 5 s window are too few for any
        /// energy or rhythm estimate.
        @_spi(Tuning) public var minimumInputRate: Double = 0.8
        /// Input samples per second below which the step rhythm (autocorrelation, dominant frequency) is not
        /// trusted and gait is decided on the energy of the input samples alone (`low-rate-energy-walking`).
        /// Resolving a 1.4–2.3 Hz step rhythm needs regular sampling above twice that; irregular phones
        /// delivering fewer than ~5 samples/s (twice a brisk 2.3 steps/s) cannot carry it.
        @_spi(Tuning) public var rhythmMinimumInputRate: Double = 5

        // MARK: Stationary

        /// Standard deviation of |a| (g) below which a window is stationary. A phone at rest shows 0.001–0.006 g
        /// of sensor noise; a seated or standing person's sway in a pocket, or a phone lying on a desk that is
        /// touched now and then, stays below ~0.012 g; most vehicle rides on the road and any gait stay above it
        /// (smooth rides and stops do not: they look still). Chosen among {0.008, 0.012} by
        /// `Scripts/evaluation/activity/louo.py` (as are the other searched defaults).
        @_spi(Tuning) public var stationaryMaximumDeviation: Double = 0.012
        /// Standard deviation of |a| over the **input** samples (g, `ActivityFeatures.inputDeviation`) below which a
        /// low-rate window (below `rhythmMinimumInputRate`) is stationary (`low-rate-still`). A separate threshold
        /// because it measures a different thing: the raw samples of a sparse phone keep their sensor noise and
        /// every jolt, while `stationaryMaximumDeviation` looks at the signal interpolated to 20 Hz, which averages
        /// neighbours. At 1.5–5 samples/s a phone at rest shows 0.001–0.007 g (us-tm2017 andrea's still windows:
        /// median 0.0013 g, 95th percentile 0.0066 g), smooth trains 0.008–0.02 g (his: median 0.012 g).
        /// Chosen among {0.008, 0.006, 0.012} by `Scripts/evaluation/activity/louo.py`.
        @_spi(Tuning) public var lowRateStationaryMaximumDeviation: Double = 0.006

        // MARK: Gait (walking and running)

        /// Standard deviation of |a| (g) that gait must reach: heel strikes load the body with ±0.1–0.4 g when
        /// walking, 0.5–1 g when running.
        @_spi(Tuning) public var gaitMinimumDeviation: Double = 0.09
        /// Normalised autocorrelation peak (lag 0.25–2 s) that makes the motion periodic: steps repeat, road
        /// vibration and handling do not.
        @_spi(Tuning) public var gaitMinimumPeriodicity: Double = 0.25
        /// The periodicity gait must reach while `automotive` is reported. Inside a vehicle, road joints, bumps
        /// and engine rhythm can repeat at a step cadence for a few seconds with a periodicity of 0.25–0.35;
        /// getting out and walking away gives a clearer rhythm (or a stop first, which is reported stationary).
        @_spi(Tuning) public var vehicleExitMinimumPeriodicity: Double = 0.45
        /// Seconds a reported ride stays the context across gaps: after a gap (which is reported `unknown` and
        /// ends the segment), windows are judged as if `automotive` were still reported until the next report,
        /// as long as the vehicle was in evidence (reported before the gap, or a window decided `automotive`
        /// since) within this time. Leaving a vehicle takes a stop, getting out and walking off — more than a
        /// minute of it hidden in a drop-out is unlikely, while phones in cars drop out for 1–3 s every few
        /// tens of seconds and road bumps must not become steps after each. 0 drops the context at every gap.
        @_spi(Tuning) public var vehicleContextMaximumGap: Double = 60
        /// Step frequencies (Hz) accepted as gait: humans walk at 1.4–2.3 steps/s and run at 2.4–3.2; the band
        /// is widened a little for slow walkers, stairs and aliasing of low-rate phones.
        @_spi(Tuning) public var gaitCadence: ClosedRange<Double> = 1.2...3.4
        /// A dominant frequency below this (Hz) is taken as the stride (two steps) rather than the step
        /// frequency: with the phone in a pocket, the left–right asymmetry often makes the stride dominant.
        @_spi(Tuning) public var strideToStepBoundary: Double = 1.1
        /// Standard deviation of |a| (g) from which gait counts as running: the flight phase and harder impacts
        /// of running give 0.5–1 g, walking rarely exceeds 0.4 g.
        @_spi(Tuning) public var runningMinimumDeviation: Double = 0.45
        /// Step frequency (Hz) from which gait with running impacts counts as running. Running cadence is
        /// ≥ 2.4 steps/s for almost everyone; fast walking can reach 2.2.
        @_spi(Tuning) public var runningMinimumCadence: Double = 2.0

        /// Standard deviation of |a| (g) from which motion at a step cadence counts as walking even when the
        /// rhythm is irregular (a phone swinging in a hand or a loose bag blurs the autocorrelation). Vehicles
        /// rarely shake a phone this hard, and never at 1.2–3.4 Hz for long.
        @_spi(Tuning) public var weakGaitMinimumDeviation: Double = 0.25
        /// Standard deviation of |a| over the input samples (g) from which a low-rate window (below
        /// `rhythmMinimumInputRate`) counts as walking: heel strikes give ±0.1–0.4 g whatever the sampling,
        /// while road vibration seen by a phone in a car, bus or train stays mostly below ~0.15 g.
        @_spi(Tuning) public var lowRateGaitMinimumDeviation: Double = 0.16
        /// Spread of the input samples' direction (degrees, `ActivityFeatures.inputWobble`) from which motion of
        /// gait energy (≥ `gaitMinimumDeviation`) without a usable rhythm counts as walking: a walker's phone sways
        /// with the thigh, hip or arm by 5–30° at any sampling rate, a phone riding in a vehicle keeps its attitude
        /// within a few degrees.
        @_spi(Tuning) public var gaitMinimumWobble: Double = 10

        // MARK: Cycling (pedalling)

        /// The period (s) of the |a| rhythm that can be a crank turn: one turn every 0.75–2 s is 30–80 turns a
        /// minute. Walkers step every 0.43–0.71 s (1.4–2.3 steps/s), so the rhythm of steps stays below this
        /// range; faster pedalling shares the walkers' rhythm and is not told apart by it (`Docs/activity.md`).
        @_spi(Tuning) public var pedallingPeriod: ClosedRange<Double> = 0.75...2.0
        /// Normalised autocorrelation peak that pedalling must reach: the legs turn the cranks steadily (qrowd's
        /// rides 0.3–0.7), while a vehicle's bounce and a walker's uneven stride reach 0.25–0.35 for seconds.
        @_spi(Tuning) public var pedallingMinimumPeriodicity: Double = 0.35
        /// Standard deviation of |a| (g) that pedalling must reach: a thigh moving the cranks swings a phone in a
        /// pocket by 0.08–0.3 g; less is vibration or a foot tapping.
        @_spi(Tuning) public var pedallingMinimumDeviation: Double = 0.05
        /// Spread of the input samples' direction (degrees, `ActivityFeatures.inputWobble`) that pedalling must
        /// reach: the thigh rises and falls by 30–40° each turn and turns a phone in a pocket with it (qrowd's
        /// rides 9–20°), while a phone riding in a vehicle keeps its attitude within a few degrees.
        @_spi(Tuning) public var pedallingMinimumWobble: Double = 8
        /// Largest skewness of |a| (`ActivityFeatures.skewness`) in pedalling: a leg turning the cranks swings
        /// |a| smoothly, its sharpest excursions dips (qrowd's rides −1…0.3), while each heel strike of a walk
        /// is a brief high peak (0.2–1 at hip and thigh).
        @_spi(Tuning) public var pedallingMaximumSkewness: Double = 0.3

        // MARK: Vehicle

        /// Largest standard deviation of |a| (g) a vehicle ride shows without gait: road and engine vibration and
        /// the sway of curves and braking stay below ~0.25 g for a phone in a pocket, bag or holder.
        @_spi(Tuning) public var vehicleMaximumDeviation: Double = 0.3
        /// A change of the gravity direction (degrees) within one window above which aperiodic motion is the
        /// person handling the phone rather than a ride (phones in vehicles keep their attitude within ~20°).
        @_spi(Tuning) public var handlingMinimumTilt: Double = 30
        /// Degrees of direction spread (`inputWobble`) per g of magnitude deviation (`inputDeviation`) from which
        /// aperiodic motion without speed is the phone turned in a hand (stationary, `handling-in-place`) rather
        /// than a ride: a jolt moves the phone's |a| and direction in proportion (a lateral 0.05 g turns it by
        /// ~3°, 60°/g), turning it in the hand changes its direction and hardly its |a|.
        @_spi(Tuning) public var handlingMinimumRotation: Double = 100

        // MARK: Speed fusion (location fixes)

        /// A fix older than this (seconds) is no longer evidence about the current window.
        @_spi(Tuning) public var speedMaximumAge: Double = 10
        /// Ground speed (m/s) above which motion without gait is a vehicle: 8 m/s = 29 km/h is beyond
        /// sustained running and most everyday cycling.
        @_spi(Tuning) public var vehicleMinimumSpeed: Double = 8
        /// Ground speed (m/s) above which motion without gait can be cycling: 2.5 m/s = 9 km/h, faster than
        /// walking (≤ 2 m/s) and slower than any ride by car.
        @_spi(Tuning) public var cyclingMinimumSpeed: Double = 2.5
        /// Ground speed (m/s) beyond which a pedalling rhythm is not taken for cycling but for a vehicle (a
        /// passenger's leg): 16 m/s = 58 km/h, which riders exceed only descending, where they freewheel. Between
        /// `vehicleMinimumSpeed` and this a pedalling rhythm is cycling with low confidence (a fast rider), and the
        /// speed is in the explanation.
        @_spi(Tuning) public var cyclingMaximumSpeed: Double = 16
        /// Fixes with a worse horizontal accuracy (metres) are ignored for speed.
        @_spi(Tuning) public var speedMaximumAccuracy: Double = 50

        // MARK: Smoothing

        /// What turns window decisions into updates: the temporal model (default) or the rule-only persistence
        /// smoothing kept for comparison (`locomotion label --model rules`).
        public var model: ActivityClassifier.Model = .temporal
        /// The temporal model's parameters.
        @_spi(Tuning) public var temporal: ActivityClassifier.TemporalParameters = .init()
        /// How long (seconds of consecutive window decisions) a new activity must persist before it is reported.
        /// The report is back-dated to where the new activity began, so persistence delays the answer but does
        /// not shift the segment.
        @_spi(Tuning) public var minimumDuration: MinimumDurations = .init()
        /// Seconds of other decisions a pending activity survives while it builds up its minimum duration:
        /// a car stopping for a second or a walker pausing at a kerb does not restart the count.
        @_spi(Tuning) public var interruptionTolerance: Double = 2

        /// Creates the default configuration.
        public init() {}
    }

    /// Per-activity persistence (seconds) before a change to that activity is reported.
    @_spi(Tuning) public struct MinimumDurations: Sendable, Hashable, Codable {
        /// Stillness: a few seconds, so brief pauses while walking are not reported as stops.
        @_spi(Tuning) public var stationary: Double = 4
        /// Walking: four steps' worth; shorter bursts are shuffles, not walks.
        @_spi(Tuning) public var walking: Double = 3
        /// Running: as walking.
        @_spi(Tuning) public var running: Double = 3
        /// Cycling: rides last minutes; 10 s rejects coasting and pushing the bike.
        @_spi(Tuning) public var cycling: Double = 10
        /// Vehicles: rides last minutes, while handling a phone gives vehicle-like windows for seconds; 15 s
        /// of sustained vehicle evidence separates the two.
        @_spi(Tuning) public var automotive: Double = 15
        /// Conflicting evidence must persist this long before the classifier admits it does not know.
        @_spi(Tuning) public var unknown: Double = 10

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

extension ActivityClassifier.Configuration {
    private enum CodingKeys: String, CodingKey {
        case sampleRate, windowDuration, hopDuration, maximumGap, sparseInputMaximumGap, minimumInputRate, rhythmMinimumInputRate
        case lowRateGaitMinimumDeviation, gaitMinimumWobble, stationaryMaximumDeviation, lowRateStationaryMaximumDeviation, gaitMinimumDeviation
        case gaitMinimumPeriodicity, vehicleExitMinimumPeriodicity, vehicleContextMaximumGap, gaitCadence, weakGaitMinimumDeviation, strideToStepBoundary, runningMinimumDeviation, runningMinimumCadence
        case pedallingPeriod, pedallingMinimumPeriodicity, pedallingMinimumDeviation, pedallingMinimumWobble, pedallingMaximumSkewness
        case vehicleMaximumDeviation, handlingMinimumTilt, handlingMinimumRotation, speedMaximumAge, vehicleMinimumSpeed, cyclingMinimumSpeed
        case cyclingMaximumSpeed, speedMaximumAccuracy, minimumDuration, interruptionTolerance, model, temporal
    }

    /// Decodes a configuration in which every key is optional: missing keys keep their defaults, so a file
    /// need only name the thresholds it changes.
    public init(from decoder: any Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func value<T: Decodable>(_ key: CodingKeys, _ current: T) throws -> T {
            try c.decodeIfPresent(T.self, forKey: key) ?? current
        }
        sampleRate = try value(.sampleRate, sampleRate)
        windowDuration = try value(.windowDuration, windowDuration)
        hopDuration = try value(.hopDuration, hopDuration)
        maximumGap = try value(.maximumGap, maximumGap)
        sparseInputMaximumGap = try value(.sparseInputMaximumGap, sparseInputMaximumGap)
        minimumInputRate = try value(.minimumInputRate, minimumInputRate)
        rhythmMinimumInputRate = try value(.rhythmMinimumInputRate, rhythmMinimumInputRate)
        lowRateGaitMinimumDeviation = try value(.lowRateGaitMinimumDeviation, lowRateGaitMinimumDeviation)
        gaitMinimumWobble = try value(.gaitMinimumWobble, gaitMinimumWobble)
        stationaryMaximumDeviation = try value(.stationaryMaximumDeviation, stationaryMaximumDeviation)
        lowRateStationaryMaximumDeviation = try value(.lowRateStationaryMaximumDeviation, lowRateStationaryMaximumDeviation)
        gaitMinimumDeviation = try value(.gaitMinimumDeviation, gaitMinimumDeviation)
        gaitMinimumPeriodicity = try value(.gaitMinimumPeriodicity, gaitMinimumPeriodicity)
        vehicleExitMinimumPeriodicity = try value(.vehicleExitMinimumPeriodicity, vehicleExitMinimumPeriodicity)
        vehicleContextMaximumGap = try value(.vehicleContextMaximumGap, vehicleContextMaximumGap)
        gaitCadence = try value(.gaitCadence, gaitCadence)
        weakGaitMinimumDeviation = try value(.weakGaitMinimumDeviation, weakGaitMinimumDeviation)
        strideToStepBoundary = try value(.strideToStepBoundary, strideToStepBoundary)
        runningMinimumDeviation = try value(.runningMinimumDeviation, runningMinimumDeviation)
        runningMinimumCadence = try value(.runningMinimumCadence, runningMinimumCadence)
        pedallingPeriod = try value(.pedallingPeriod, pedallingPeriod)
        pedallingMinimumPeriodicity = try value(.pedallingMinimumPeriodicity, pedallingMinimumPeriodicity)
        pedallingMinimumDeviation = try value(.pedallingMinimumDeviation, pedallingMinimumDeviation)
        pedallingMinimumWobble = try value(.pedallingMinimumWobble, pedallingMinimumWobble)
        pedallingMaximumSkewness = try value(.pedallingMaximumSkewness, pedallingMaximumSkewness)
        vehicleMaximumDeviation = try value(.vehicleMaximumDeviation, vehicleMaximumDeviation)
        handlingMinimumTilt = try value(.handlingMinimumTilt, handlingMinimumTilt)
        handlingMinimumRotation = try value(.handlingMinimumRotation, handlingMinimumRotation)
        speedMaximumAge = try value(.speedMaximumAge, speedMaximumAge)
        vehicleMinimumSpeed = try value(.vehicleMinimumSpeed, vehicleMinimumSpeed)
        cyclingMinimumSpeed = try value(.cyclingMinimumSpeed, cyclingMinimumSpeed)
        cyclingMaximumSpeed = try value(.cyclingMaximumSpeed, cyclingMaximumSpeed)
        speedMaximumAccuracy = try value(.speedMaximumAccuracy, speedMaximumAccuracy)
        minimumDuration = try value(.minimumDuration, minimumDuration)
        interruptionTolerance = try value(.interruptionTolerance, interruptionTolerance)
        model = try value(.model, model)
        temporal = try value(.temporal, temporal)
        guard sampleRate > 0, windowDuration * sampleRate >= 8, hopDuration > 0, maximumGap > 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription:
                "sampleRate, hopDuration and maximumGap must be positive and a window must hold at least 8 samples"))
        }
    }
}

extension ActivityClassifier.MinimumDurations {
    private enum CodingKeys: String, CodingKey { case stationary, walking, running, cycling, automotive, unknown }

    /// Decodes durations in which every key is optional (missing ones keep their defaults).
    public init(from decoder: any Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stationary = try c.decodeIfPresent(Double.self, forKey: .stationary) ?? stationary
        walking = try c.decodeIfPresent(Double.self, forKey: .walking) ?? walking
        running = try c.decodeIfPresent(Double.self, forKey: .running) ?? running
        cycling = try c.decodeIfPresent(Double.self, forKey: .cycling) ?? cycling
        automotive = try c.decodeIfPresent(Double.self, forKey: .automotive) ?? automotive
        unknown = try c.decodeIfPresent(Double.self, forKey: .unknown) ?? unknown
    }
}

extension StepDetector {
    /// Every parameter of ``StepDetector``, with its default and the physical reason for it.
    ///
    /// Times are in seconds, frequencies in hertz, accelerations in g. The parameters that say "chosen" were picked
    /// from small grids by leave-one-person-out runs (the peak threshold on the Oxford step-counter recordings, the
    /// daily-life rules on IPOL and Oxford together; `Docs/steps.md`, `Docs/accuracy.md`), the others set from the
    /// physics of walking and of phone sensors.
    public struct Configuration: Sendable, Hashable, Codable {
        /// Rate (Hz) of the fixed internal grid that every input is resampled to. Default 50 Hz:
        /// CoreMotion's usual delivery rate, and well above twice the 3.5 Hz top of the step band,
        /// so all time constants below mean the same thing at any input rate.
        @_spi(Tuning) public var internalRate: Double = 50

        /// Time constant (s) of the one-pole anti-aliasing low-pass applied per axis at the input
        /// rate before resampling. Default 0.02 s (−3 dB near 8 Hz): removes the impact ringing of
        /// 100–400 Hz sensors that would otherwise fold into the step band at 50 Hz, and passes the
        /// 0.5–3.5 Hz step band almost unchanged (−0.3 dB at 2 Hz).
        @_spi(Tuning) public var antiAliasingTimeConstant: Double = 0.02

        /// Longest interval (s) between two input samples that is bridged. Default 0.5 s: one step
        /// period at 120 steps/min; a longer hole can hide a step, so it ends the bout instead.
        @_spi(Tuning) public var maximumGap: Double = 0.5

        /// Lowest typical sampling rate (Hz) at which steps are counted. Default 8 Hz: the fastest
        /// walking/running step rate is about 3.5 Hz, so below ~8 Hz a step's peak spans at most two
        /// samples and counting becomes guessing. Slower input is refused (no steps are counted while
        /// the median of the recent sampling intervals exceeds 1 / this).
        @_spi(Tuning) public var minimumSamplingRate: Double = 8

        /// Low edge (Hz) of the band-pass on the acceleration magnitude. Default 0.5 Hz: the slowest
        /// deliberate walking (30 steps/min); removes gravity and posture changes.
        @_spi(Tuning) public var bandLow: Double = 0.5
        /// High edge (Hz) of the band-pass. Default 3.5 Hz: fast running (210 steps/min); removes
        /// heel-strike ringing and handling jitter.
        @_spi(Tuning) public var bandHigh: Double = 3.5
        /// Butterworth order of the band-pass. Default 2 (two biquads): gentle skirts keep the step
        /// waveform's shape, with a group delay of about 0.1 s at 2 Hz.
        @_spi(Tuning) public var bandOrder: Int = 2

        /// Time constant (s) of the running mean square of the filtered signal that scales the
        /// peak threshold. Default 2 s: about four steps, so the threshold follows a change of
        /// placement or pace within a few steps but not within one.
        @_spi(Tuning) public var levelTimeConstant: Double = 2
        /// Peak threshold as a fraction of the running RMS: a candidate step is a swing above
        /// `+threshold` followed by one below `−threshold`. Default 0.3 (tuned).
        @_spi(Tuning) public var thresholdFraction: Double = 0.3
        /// Smallest threshold (g), whatever the running RMS. Default 0.05 g (tuned): above the
        /// ~0.005–0.02 g band-limited noise of a phone at rest, below the 0.1–0.4 g RMS of walking.
        @_spi(Tuning) public var minimumAmplitude: Double = 0.05

        /// Shortest interval (s) between two steps. Default 0.25 s (240 steps/min): faster than any
        /// gait, so a closer peak is a second bump of the same step and is ignored.
        @_spi(Tuning) public var minimumStepInterval: Double = 0.25
        /// Longest interval (s) between two steps of one bout. Default 2 s (30 steps/min): a longer
        /// pause is a stop; the next step starts a new bout. Leave-one-person-out over {1.5, 2, 2.5} s (IPOL and Oxford,
        /// `Scripts/evaluation/steps/loso.py`): 13 of 15 folds chose 2 s, 2 chose 1.5 s.
        @_spi(Tuning) public var maximumStepInterval: Double = 2

        /// Regular steps needed before a bout counts. Default 4: a short walk (to the kitchen) counts
        /// in full, including these first steps; fewer, isolated bumps never count.
        @_spi(Tuning) public var boutStepCount: Int = 4
        /// Largest ratio between the longest and the shortest stride (two consecutive step intervals)
        /// among the steps waiting to form a bout. Default 1.5 (tuned). Strides rather than single
        /// steps because left and right steps are often unequal (phone in one back pocket, limp).
        @_spi(Tuning) public var strideRegularity: Double = 1.5
        /// Most steps kept waiting for a bout to be confirmed (older ones are dropped). Default 16,
        /// about 8 s of walking: longer than the periodicity window needs to fill.
        @_spi(Tuning) public var maximumPendingSteps: Int = 16

        /// Length (s) of the window whose normalised autocorrelation measures periodicity. Default
        /// 6 s: at least three strides, long enough that a car's irregular 1–2 Hz bouncing rarely
        /// looks periodic, short enough that a 4-step walk still dominates it.
        @_spi(Tuning) public var periodicityWindow: Double = 6
        /// How often (s) the periodicity is recomputed. Default 0.5 s (about one step).
        @_spi(Tuning) public var periodicityHop: Double = 0.5
        /// Lag range (s) searched for the autocorrelation peak. Default 0.3–2 s: one step to one
        /// slow stride.
        @_spi(Tuning) public var periodicityLags: ClosedRange<Double> = 0.3...2
        /// Normalised autocorrelation peak needed to confirm a bout. Default 0.7: walking scores
        /// 0.7–1.0 in every Oxford carry position; vehicles and handling mostly below 0.4.
        @_spi(Tuning) public var periodicityThreshold: Double = 0.7
        /// Shortest span (s) whose periodicity alone can confirm a bout. Default 2 s: four steps at 110 steps/min, the
        /// shortest walk the product rule counts. A bout is confirmed when the whole `periodicityWindow` reaches
        /// `periodicityThreshold`, or — after standing still (`standingQuietness`) — when the span of the waiting steps
        /// does (from half a step interval before the first of them to the latest periodicity update, at least this
        /// long): a short walk fills only part of the window, and the still part dilutes the window's autocorrelation
        /// (a 2 s walk in a 6 s window scores about 0.6 however regular it is). Lags up to half the span are searched.
        /// `periodicityWindow` or more turns the span test off.
        @_spi(Tuning) public var shortestPeriodicityWindow: Double = 2
        /// How still the signal must have been before a short walk for its own span to be scored
        /// (`shortestPeriodicityWindow`): the RMS of at least a second of measured signal before it, as a fraction of
        /// the walk's RMS. Default 0.25: a phone at rest shows 0.005–0.02 g in the step band, walking 0.08–0.4 g. In a
        /// vehicle or while the phone is handled nothing before the bumps is still, nothing dilutes the window's score,
        /// and only the whole window may confirm a bout; nor do the zeros before a gap count as stillness.
        @_spi(Tuning) public var standingQuietness: Double = 0.25
        /// Autocorrelation peak below which a confirmed bout ends. Default 0.42 (0.6 × the
        /// confirmation threshold): hysteresis, so a turn or a stumble does not end a walk.
        @_spi(Tuning) public var periodicityContinuation: Double = 0.42

        /// A bout's first waiting step is dropped when the interval after it is shorter than this fraction of the
        /// interval two steps later (the same foot's). Default 0.85 (chosen by leave-one-person-out, 15 of 15 folds, over
        /// {0, 0.85}; `Scripts/evaluation/steps/loso.py`): from standing, the body accelerates over the first steps, so the first
        /// step takes at least as long as the ones after it (IPOL: 1.0–1.4 times the same foot's next interval), while
        /// the push-off of gait initiation leaves a bump at the first toe-off, 0.35–0.45 s before the first foot strike
        /// (0.5–0.8 times that interval). Comparing the same foot's intervals keeps a limp or a phone in one back pocket
        /// (alternating short and long steps) out of it. 0 keeps every first step.
        @_spi(Tuning) public var firstStepIntervalRatio: Double = 0.85

        /// Most steps counted in one hole of a periodic bout: when a step comes n + 1 mean step intervals after the
        /// previous one, the n steps between are counted (`fillEvidence`). Default 1: in a 180° turn the trunk's vertical
        /// acceleration nearly vanishes for a pivot step while the feet keep the cadence; a longer hole is more often a
        /// hesitation than hidden steps. 0 counts only the steps seen. Chosen by leave-one-person-out over IPOL and
        /// Oxford (`Scripts/evaluation/steps/loso.py`, grid {1, 2}: 15 of 15 folds chose 1).
        @_spi(Tuning) public var maximumFilledSteps: Int = 1
        /// Largest distance, in mean step intervals, between a hole and a whole number of them for the hole to count as
        /// missed steps (see `maximumFilledSteps`). Default 0.5: a turn slows the steps around the pivot (IPOL: holes of
        /// 1.5–2.7 intervals where one step left no candidate), so with evidence asked for (`fillEvidence`) every hole of
        /// 1.5 intervals or more is looked at. Chosen by leave-one-person-out (grid {0.25, 0.35, 0.5}: 15 of 15 folds
        /// chose 0.5, with evidence). Without evidence 0.5 over-counts Oxford's phone walks, whose 1.5-interval holes are
        /// mostly a slower step or a surplus peak shortening the mean (Docs/accuracy.md).
        @_spi(Tuning) public var fillTolerance: Double = 0.5
        /// Evidence a hole must show before the steps it hides are counted: a local maximum of the band-passed signal
        /// within a quarter step interval of where the hidden step belongs, at least this fraction of the candidate
        /// threshold. Default 0.3 (leave-one-person-out over {0, 0.3}: 15 of 15 folds chose 0.3): a pivot step still
        /// lifts the trunk a little (IPOL turns: bumps of 0.3–0.8 thresholds where no candidate formed), while blind
        /// filling of 1.5-interval holes over-counts phone walks (Oxford median 0.63 % with evidence, 0.65–0.78 %
        /// without). 0 fills holes blind, evenly spaced. The filled step takes the bump's time.
        @_spi(Tuning) public var fillEvidence: Double = 0.3
        /// Whether a bout that ends in a pause counts the closing step, one mean step interval after its last step.
        /// Default true: standing still after walking means the trailing foot joined the leading one, a step that
        /// carries almost no load and barely moves the trunk (step references such as foot switches and foot-mounted
        /// IMUs count it).
        @_spi(Tuning) public var countsClosingStep: Bool = true

        /// Steps one bout needs, while the activity classifier says automotive, before its steps count
        /// (`StepActivityGate`, which `locomotion steps` and ``MotionEngine`` run after the detector). Default 10 (about
        /// 5 s of walking): vehicle vibration rarely keeps a walking rhythm that long (its bouts on the us-tm2017 car
        /// sessions last 4–8 steps), while walking along a train or a ferry does. Not used by the detector itself.
        @_spi(Tuning) public var strongBoutSteps: Int = 10

        /// Window (s) over which ``StepDetector/stepsPerMinute`` is measured. Default 10 s.
        @_spi(Tuning) public var cadenceWindow: Double = 10

        /// The default configuration.
        public init() {}

        /// The default configuration.
        public static let `default` = StepDetector.Configuration()
    }
}

extension StepDetector.Configuration {
    /// Returns a copy with the parameter `name` (one of ``parameterNames``) set to `value`,
    /// or nil when the name is unknown or the value is out of its range (``parameters``) or
    /// contradicts another parameter. ``ParameterizedConfiguration/setting(_:to:)`` says why.
    package func setting(_ name: String, to value: Double) -> StepDetector.Configuration? {
        guard let copy = try? setting(name, to: .number(value)), copy.isValid else { return nil }
        return copy
    }

    /// True when every parameter is in its range (``parameters``) and the relations between them hold;
    /// ``ParameterizedConfiguration/validate()`` says what is wrong.
    package var isValid: Bool { (try? validate()) != nil }
}

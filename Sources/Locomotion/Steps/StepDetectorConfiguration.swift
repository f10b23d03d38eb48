/// Every parameter of ``StepDetector``, with its default and the physical reason for it.
///
/// Times are in seconds, frequencies in hertz, accelerations in g. The defaults are the
/// consensus of leave-one-user-out tuning on the Oxford step-counter recordings (see
/// `Docs/steps.md` and `Docs/accuracy.md`); the parameters that were not tuned are set from
/// the physics of walking and of phone sensors.
public struct StepDetectorConfiguration: Sendable, Hashable, Codable {
    /// Rate (Hz) of the fixed internal grid that every input is resampled to. Default 50 Hz:
    /// CoreMotion's usual delivery rate, and well above twice the 3.5 Hz top of the step band,
    /// so all time constants below mean the same thing at any input rate.
    public var internalRate: Double = 50

    /// Time constant (s) of the one-pole anti-aliasing low-pass applied per axis at the input
    /// rate before resampling. Default 0.02 s (−3 dB near 8 Hz): removes the impact ringing of
    /// 100–400 Hz sensors that would otherwise fold into the step band at 50 Hz, and passes the
    /// 0.5–3.5 Hz step band almost unchanged (−0.3 dB at 2 Hz).
    public var antiAliasingTimeConstant: Double = 0.02

    /// Longest interval (s) between two input samples that is bridged. Default 0.5 s: one step
    /// period at 120 steps/min; a longer hole can hide a step, so it ends the bout instead.
    public var maximumGap: Double = 0.5

    /// Lowest typical sampling rate (Hz) at which steps are counted. Default 8 Hz: the fastest
    /// walking/running step rate is about 3.5 Hz, so below ~8 Hz a step's peak spans at most two
    /// samples and counting becomes guessing. Slower input is refused (no steps are counted while
    /// the median of the recent sampling intervals exceeds 1 / this).
    public var minimumSamplingRate: Double = 8

    /// Low edge (Hz) of the band-pass on the acceleration magnitude. Default 0.5 Hz: the slowest
    /// deliberate walking (30 steps/min); removes gravity and posture changes.
    public var bandLow: Double = 0.5
    /// High edge (Hz) of the band-pass. Default 3.5 Hz: fast running (210 steps/min); removes
    /// heel-strike ringing and handling jitter.
    public var bandHigh: Double = 3.5
    /// Butterworth order of the band-pass. Default 2 (two biquads): gentle skirts keep the step
    /// waveform's shape, with a group delay of about 0.1 s at 2 Hz.
    public var bandOrder: Int = 2

    /// Time constant (s) of the running mean square of the filtered signal that scales the
    /// peak threshold. Default 2 s: about four steps, so the threshold follows a change of
    /// placement or pace within a few steps but not within one.
    public var levelTimeConstant: Double = 2
    /// Peak threshold as a fraction of the running RMS: a candidate step is a swing above
    /// `+threshold` followed by one below `−threshold`. Default 0.3 (tuned).
    public var thresholdFraction: Double = 0.3
    /// Smallest threshold (g), whatever the running RMS. Default 0.05 g (tuned): above the
    /// ~0.005–0.02 g band-limited noise of a phone at rest, below the 0.1–0.4 g RMS of walking.
    public var minimumAmplitude: Double = 0.05

    /// Shortest interval (s) between two steps. Default 0.25 s (240 steps/min): faster than any
    /// gait, so a closer peak is a second bump of the same step and is ignored.
    public var minimumStepInterval: Double = 0.25
    /// Longest interval (s) between two steps of one bout. Default 2 s (30 steps/min): a longer
    /// pause is a stop; the next step starts a new bout.
    public var maximumStepInterval: Double = 2

    /// Regular steps needed before a bout counts. Default 4: a short walk (to the kitchen) counts
    /// in full, including these first steps; fewer, isolated bumps never count.
    public var boutStepCount: Int = 4
    /// Largest ratio between the longest and the shortest stride (two consecutive step intervals)
    /// among the steps waiting to form a bout. Default 1.5 (tuned). Strides rather than single
    /// steps because left and right steps are often unequal (phone in one back pocket, limp).
    public var strideRegularity: Double = 1.5
    /// Most steps kept waiting for a bout to be confirmed (older ones are dropped). Default 16,
    /// about 8 s of walking: longer than the periodicity window needs to fill.
    public var maximumPendingSteps: Int = 16

    /// Length (s) of the window whose normalised autocorrelation measures periodicity. Default
    /// 6 s: at least three strides, long enough that a car's irregular 1–2 Hz bouncing rarely
    /// looks periodic, short enough that a 4-step walk still dominates it.
    public var periodicityWindow: Double = 6
    /// How often (s) the periodicity is recomputed. Default 0.5 s (about one step).
    public var periodicityHop: Double = 0.5
    /// Lag range (s) searched for the autocorrelation peak. Default 0.3–2 s: one step to one
    /// slow stride.
    public var periodicityLags: ClosedRange<Double> = 0.3...2
    /// Normalised autocorrelation peak needed to confirm a bout. Default 0.7: walking scores
    /// 0.7–1.0 in every Oxford carry position; vehicles and handling mostly below 0.4.
    public var periodicityThreshold: Double = 0.7
    /// Autocorrelation peak below which a confirmed bout ends. Default 0.42 (0.6 × the
    /// confirmation threshold): hysteresis, so a turn or a stumble does not end a walk.
    public var periodicityContinuation: Double = 0.42

    /// Most steps counted in one hole of a periodic bout: when a step comes n + 1 mean step intervals after the
    /// previous one, the n steps between are counted, evenly spaced. Default 1: in a 180° turn the trunk's vertical
    /// acceleration nearly vanishes for a pivot step while the feet keep the cadence; a longer hole is more often a
    /// hesitation than hidden steps. 0 counts only the steps seen. Chosen with `fillTolerance` by leave-one-person-out
    /// over IPOL and Oxford (`Scripts/steps-loso.py`: 8 of 15 folds chose 1, 7 chose 2).
    public var maximumFilledSteps: Int = 1
    /// Largest distance, in mean step intervals, between a hole and a whole number of them for the hole to count as
    /// missed steps (see `maximumFilledSteps`). Default 0.25: a missed step leaves a hole of two step intervals give
    /// or take the walk's step-time variability (a few % on straight walking, up to about 15 % in a turn), while a
    /// hole of 1.5 intervals is a slower step, or a surplus peak shortening the mean, not a hidden one. 0.5 fills
    /// every hole of 1.5 intervals or more. Chosen by leave-one-person-out over IPOL and Oxford (Docs/accuracy.md):
    /// 0.5 counts more of IPOL's turn steps but over-counts Oxford's phone walks, whose peaks are less regular.
    public var fillTolerance: Double = 0.25
    /// Whether a bout that ends in a pause counts the closing step, one mean step interval after its last step.
    /// Default true: standing still after walking means the trailing foot joined the leading one, a step that
    /// carries almost no load and barely moves the trunk (step references such as foot switches and foot-mounted
    /// IMUs count it).
    public var countsClosingStep: Bool = true

    /// Window (s) over which ``StepDetector/stepsPerMinute`` is measured. Default 10 s.
    public var cadenceWindow: Double = 10

    /// The default configuration.
    public init() {}

    /// The default configuration.
    public static let `default` = StepDetectorConfiguration()
}

extension StepDetectorConfiguration {
    /// Returns a copy with the parameter `name` (one of ``parameterNames``) set to `value`,
    /// or nil when the name is unknown or the value is out of its range (``parameters``) or
    /// contradicts another parameter. ``ParameterizedConfiguration/setting(_:to:)`` says why.
    public func setting(_ name: String, to value: Double) -> StepDetectorConfiguration? {
        guard let copy = try? setting(name, to: .number(value)), copy.isValid else { return nil }
        return copy
    }

    /// True when every parameter is in its range (``parameters``) and the relations between them hold;
    /// ``ParameterizedConfiguration/validate()`` says what is wrong.
    public var isValid: Bool { (try? validate()) != nil }
}

extension MotionEngine {
    /// Everything a ``MotionEngine`` runs with, in one `Codable` value (saved in the engine's snapshot).
    public struct Configuration: Sendable, Hashable, Codable {
        /// The activity source: the built-in classifier (default thresholds) unless set otherwise; with
        /// ``Locomotion/ActivitySource/external`` the app pushes activity updates (``MotionEngine/push(_:emit:)-(ActivityUpdate,_)``).
        public var activitySource: Locomotion.ActivitySource = .classifier(.init())
        /// The step detector's parameters.
        public var steps: StepDetector.Configuration = .default
        /// Whether the engine counts steps (true by default). False leaves the step detector out — no
        /// ``MotionEvent/step(time:)`` or ``MotionEvent/boutEnded(_:)`` events, ``MotionEngine/stepCount`` stays 0 —
        /// and saves its cost (a quarter of `locomotion replay`'s CPU time at 50 Hz) where only activity,
        /// recording modes or distance are wanted; every other event is the same either way (the step detector
        /// feeds no other stage). Snapshots written before this setting existed read as `true`.
        public var countsSteps = true
        /// Whether the engine tells carried from put down (true by default): ``MotionEvent/carry(_:)`` events and
        /// ``MotionEngine/carry``. False leaves the ``CarryDetector`` out; every other event is the same either way
        /// (no other stage reads it). Snapshots written before this setting existed read as `true`.
        public var detectsCarry = true
        /// The carry detector's thresholds.
        public var carry = CarryDetector.Configuration()
        /// The recording gate's policy, profiles and timers.
        public var gate: RecordingGate.Configuration = .init()
        /// The odometer's filters and day start. By default distance accrues while any moving activity
        /// (walking, running, cycling, automotive) is reported, as `locomotion summarize` counts it.
        public var odometer = Odometer.Configuration(movingActivities: RecordingGate.Policy.anyMovement.recordedActivities)
        /// How far (s) an input may arrive behind the latest input of the other stream: samples and fixes are
        /// merged in time order, and an input is processed once nothing earlier can still come, i.e. once the
        /// latest input is this much later (or at ``MotionEngine/flush(emit:)``). 2 s covers the usual delivery
        /// delay of CoreLocation fixes relative to CoreMotion samples; it is also the delay of the events.
        /// An input older than that is still processed, out of order (``MotionEngine/lateInputCount``).
        public var maximumSkew: Double = 2
        /// A step between accelerometer samples longer than this (s) is reported as a ``MotionEvent/gap(from:to:)``
        /// (1 s, as trace files are split into runs).
        public var gapLimit: Double = 1

        /// The default configuration.
        public init() {}

        /// True when the values can run an engine: every parameter, its own and those of the configurations it
        /// holds, in its range (``parameters``, `Docs/parameters.md`) and the relations between them kept;
        /// ``ParameterizedConfiguration/validate()`` says what is wrong.
        package var isValid: Bool { (try? validate()) != nil }
    }
}

extension MotionEngine.Configuration {
    private enum CodingKeys: String, CodingKey {
        case activitySource, steps, gate, odometer, maximumSkew, gapLimit, countsSteps, detectsCarry, carry
    }

    /// Decodes a configuration; one without `countsSteps` or `detectsCarry` (written before they existed) counts
    /// steps and detects carrying, with the default ``carry`` thresholds when they are absent.
    /// - Complexity: O(size of the configuration).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        activitySource = try container.decode(Locomotion.ActivitySource.self, forKey: .activitySource)
        steps = try container.decode(StepDetector.Configuration.self, forKey: .steps)
        gate = try container.decode(RecordingGate.Configuration.self, forKey: .gate)
        odometer = try container.decode(Odometer.Configuration.self, forKey: .odometer)
        maximumSkew = try container.decode(Double.self, forKey: .maximumSkew)
        gapLimit = try container.decode(Double.self, forKey: .gapLimit)
        countsSteps = try container.decodeIfPresent(Bool.self, forKey: .countsSteps) ?? true
        detectsCarry = try container.decodeIfPresent(Bool.self, forKey: .detectsCarry) ?? true
        carry = try container.decodeIfPresent(CarryDetector.Configuration.self, forKey: .carry) ?? .init()
    }

    /// Encodes the configuration; `countsSteps` and `detectsCarry` only when false and ``carry`` only when it is
    /// not the default, so that a default configuration encodes as it did before those settings existed.
    /// - Complexity: O(size of the configuration).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(activitySource, forKey: .activitySource)
        try container.encode(steps, forKey: .steps)
        try container.encode(gate, forKey: .gate)
        try container.encode(odometer, forKey: .odometer)
        try container.encode(maximumSkew, forKey: .maximumSkew)
        try container.encode(gapLimit, forKey: .gapLimit)
        if !countsSteps { try container.encode(countsSteps, forKey: .countsSteps) }
        if !detectsCarry { try container.encode(detectsCarry, forKey: .detectsCarry) }
        if carry != CarryDetector.Configuration() { try container.encode(carry, forKey: .carry) }
    }
}

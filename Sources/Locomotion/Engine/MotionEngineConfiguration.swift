extension MotionEngine {
    /// Everything a ``MotionEngine`` runs with, in one `Codable` value (saved in the engine's snapshot).
    public struct Configuration: Sendable, Hashable, Codable {
        /// The activity source: the built-in classifier (default thresholds) unless set otherwise; with
        /// ``Locomotion/ActivitySource/external`` the app pushes activity updates (``MotionEngine/push(_:emit:)-(ActivityUpdate,_)``).
        public var activitySource: Locomotion.ActivitySource = .classifier(.init())
        /// The step detector's parameters.
        public var steps: StepDetectorConfiguration = .default
        /// The recording gate's policy, profiles and timers.
        public var gating: GatingConfiguration = .init()
        /// The odometer's filters and day start. By default distance accrues while any moving activity
        /// (walking, running, cycling, automotive) is reported, as `locomotion summarize` counts it.
        public var odometer = OdometerConfiguration(movingActivities: GatingPolicy.anyMovement.recordedActivities)
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
        public var isValid: Bool { (try? validate()) != nil }
    }
}

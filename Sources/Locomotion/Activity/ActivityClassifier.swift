import LocomotionDSP

/// A streaming motion-activity classifier: push accelerometer samples (and, optionally, location fixes) in time
/// order and receive `ActivityUpdate`s, like CMMotionActivityManager's updates, each with a reason.
///
/// Pipeline: the input is resampled to `Configuration.sampleRate` (linear interpolation, a gap longer than
/// `Configuration.maximumGap` ends the run); every `hopDuration` a window of `windowDuration` seconds yields
/// `ActivityFeatures`; a readable rule table (`Docs/activity.md`) turns them into a window decision; the temporal
/// model (`Configuration.model`, default `.temporal`) finds the segmentation that explains those decisions best
/// under minimum durations and physically allowed transitions (a ride starts and ends with a stop), and reports
/// each change of activity back-dated to the hop where it begins. Gaps report `unknown` from the last sample
/// before the gap; the model's state is carried across gaps of up to `Configuration.vehicleContextMaximumGap`.
///
/// **Lag.** An update is emitted when the decision about its first hop is final, and its `start` lies in the
/// past: with `Smoothing.lagged` (the default), at most `TemporalParameters.lag` + `windowDuration` / 2 +
/// `hopDuration` / 2 seconds before the sample that completed it (23 s with the defaults), or `lag` +
/// `windowDuration` (25 s) for the first update after the input starts or resumes after a gap (the first window
/// stands for the run from its start); usually less, since a decision is final as soon as later evidence can no
/// longer change it. A gap or `finish(emit:)` decides everything before it at once. With `Smoothing.full`, an update waits until no later evidence can change it
/// (batch use). The rule-only model (`Model.rules`) back-dates by up to its longest minimum duration plus half a
/// window. Consumers that act on time (a gate's dwell, an odometer's moving gate) take `start`, not arrival.
///
/// Updates are emitted only when the reported activity changes, so consecutive updates always differ in
/// activity, and their `start` times never decrease.
///
/// The classifier is `Codable`: encoding it after any sample, decoding it (in another process) and pushing the rest
/// gives exactly the updates of an uninterrupted run.
///
/// A stage of the streaming contract (<doc:StreamingStages>): ``push(_:emit:)-(AccelerometerSample,_)`` samples and
/// ``push(_:)-(LocationFix)`` fixes in
/// time order, ``finish(emit:)`` at the end of the input.
///
/// - Complexity: O(1) amortised per sample (one window of features per hop: O(n²) in the window's sample count n,
///   100 by default; the temporal model adds O(45) per hop); constant memory with `.lagged`; pushing a sample
///   allocates nothing once the classifier is created (emitting an update builds its explanation).
///
/// ```swift
/// var classifier = ActivityClassifier()
/// for sample in samples {
///     classifier.push(sample) { update in print(update.start, update.activity) }
/// }
/// ```
public struct ActivityClassifier: Sendable, Codable {
    /// The thresholds in use.
    public var configuration: Configuration { decisions.configuration }

    // The feature stage and what turns its windows into updates are separate stored properties, handed to the
    // stage's callback as disjoint `inout` arguments: nothing (not even the configuration) is copied per sample.
    private var stage: ActivityFeatureStage
    private var decisions: Decisions

    /// Time of the last sample pushed (seconds), or nil before the first.
    public private(set) var lastSampleTime: Double?

    /// How long the temporal model may wait for later evidence.
    public var smoothing: Smoothing { decisions.smoothing }

    /// Creates a classifier with the given thresholds; `smoothing` says how long the temporal model may wait for
    /// later evidence (`.lagged` for streaming, `.full` for a recorded trace).
    public init(configuration: Configuration = .init(), smoothing: Smoothing = .lagged) {
        stage = ActivityFeatureStage(configuration: configuration)
        decisions = Decisions(configuration: configuration, smoothing: smoothing)
    }

    /// The update in force: the activity reported last, or nil before the first sample.
    public var current: ActivityUpdate? { decisions.reported }

    /// The time (s) before which the reported activity is final: no update emitted from now on starts earlier.
    /// nil before the first sample.
    ///
    /// Updates are back-dated to where their activity began, so an activity seen now may hold from a while ago: from
    /// where a waiting activity began (it is reported once it has persisted for its minimum duration), or from where
    /// the evidence of a window not yet completed begins (a window's length before the latest sample). A consumer
    /// that needs the activity at a time — the odometer deciding whether a fix was moving — waits until this time has
    /// passed it.
    ///
    /// With the temporal model, the hops still undecided (at most `TemporalParameters.lag` seconds of them with
    /// `.lagged`) are not settled either: the time is the start of the oldest one.
    /// - Complexity: O(1).
    public var settledTime: Double? {
        guard let last = lastSampleTime else { return nil }
        var settled = last - stage.windowReach
        if let pending = decisions.pendingStart { settled = min(settled, pending) }
        if let reported = decisions.reportedStart { settled = max(settled, reported) }
        return settled
    }

    /// Forgets everything pushed so far.
    public mutating func reset() {
        self = ActivityClassifier(configuration: configuration, smoothing: smoothing)
    }

    /// The input has ended: decides, on the evidence so far, every hop the temporal model still holds back and
    /// calls `emit` with the updates this completes. Pushing more samples afterwards goes on from there (as after a
    /// gap, without one). Does nothing for the rule-only model.
    /// - Complexity: O(undecided hops).
    public mutating func finish(emit: (ActivityUpdate) -> Void) {
        decisions.finish(emit: emit)
    }

    /// Pushes one accelerometer sample (time in seconds, acceleration in g, including gravity) and calls `emit`
    /// for each update it completes (usually none). Samples with non-finite values are ignored.
    /// - Complexity: O(1) amortised (see the cost above); no allocation but an emitted update's explanation.
    public mutating func push(_ sample: AccelerometerSample, emit: (ActivityUpdate) -> Void) {
        // One test for the four values: 0·v is ±0 for every finite v and NaN for ±∞ and NaN, so the sum is zero
        // exactly when all four are finite (`isFinite` on each is four tests and their combination, every sample).
        let (a, time) = (sample.acceleration, sample.time)
        guard time * 0 + a.x * 0 + a.y * 0 + a.z * 0 == 0 else { return }
        if lastSampleTime == nil { start(at: time, emit: emit) }
        Self.push(sample, stage: &stage, decisions: &decisions, emit: emit)
        lastSampleTime = sample.time
    }

    /// The first sample: reports the warm-up. Not inlined into `push`: its update and explanation would widen
    /// every sample's stack frame.
    @inline(never)
    private mutating func start(at time: Double, emit: (ActivityUpdate) -> Void) {
        decisions.force(ActivityUpdate(start: time, activity: .unknown, confidence: .low,
                                       explanation: ActivityExplanation(rule: .warmUp)), emit: emit)
        decisions.runStarted = true
    }

    @inline(__always)
    private static func push(_ sample: AccelerometerSample, stage: inout ActivityFeatureStage,
                             decisions: inout Decisions, emit: (ActivityUpdate) -> Void) {
        stage.push(sample) { event in
            switch event {
            case let .gap(from, to):
                decisions.gap(from: from, to: to, emit: emit)
            case let .window(features, start, end):
                decisions.add(features, start: start, end: end, emit: emit)
            }
        }
    }

    /// Pushes one input of a recording (``RecordedInputs``): a sample as ``push(_:emit:)-(AccelerometerSample,_)``,
    /// a fix in time order as ``push(_:)``; the rest (fixes that are no evidence, segment breaks, activity from
    /// outside) decides nothing here.
    /// - Complexity: as the input's own `push`.
    @inlinable
    public mutating func push(_ input: MotionInput, emit: (ActivityUpdate) -> Void) {
        switch input {
        case .sample(let sample): push(sample, emit: emit)
        case .fix(let fix): push(fix)
        case .outOfOrderFix, .untimedFix, .segmentBreak, .activity: break
        }
    }

    /// Pushes a location fix. Its speed (m/s), when present and the fix's horizontal accuracy is within
    /// `Configuration.speedMaximumAccuracy`, is used for the windows that end within `speedMaximumAge` of it.
    /// Push fixes in time order together with the samples. A fix emits nothing by itself.
    /// - Complexity: O(1).
    public mutating func push(_ fix: LocationFix) {
        guard let metersPerSecond = fix.speed, metersPerSecond.isFinite, metersPerSecond >= 0, fix.time.isFinite else { return }
        if let accuracy = fix.horizontalAccuracy, !(accuracy <= configuration.speedMaximumAccuracy) { return }
        decisions.speed = SpeedEvidence(time: fix.time, metersPerSecond: metersPerSecond)
    }
}

extension ActivityClassifier {
    /// Turns window features into updates: the rule table, the latest speed and the smoother.
    /// The latest usable ground speed from a fix.
    fileprivate struct SpeedEvidence: Sendable, Codable {
        var time: Double
        var metersPerSecond: Double
    }

    fileprivate struct Decisions: Sendable, Codable {
        let configuration: Configuration
        let smoothing: Smoothing
        /// The rule-only model's smoother (unused by the temporal model).
        var smoother: ActivitySmoother
        /// The temporal model; nil for the rule-only model.
        var temporal: ActivityTemporalSmoother?
        var speed: SpeedEvidence?
        var runStarted = false
        /// While the `unknown` forced by a gap is reported and a ride was reported before it: the last time (s)
        /// the vehicle was in evidence (the gap's start, or the end of a later window decided `automotive`);
        /// else nil.
        var carriedVehicleTime: Double?
        /// The start of the oldest decision still pending and of the update in force, kept up to date after every
        /// change (they change once a window, and ``ActivityClassifier/settledTime`` is read once a sample: reading
        /// them from the smoothers each time copies a smoother out of its `Optional`). Not encoded: derived.
        private(set) var pendingStart: Double?
        private(set) var reportedStart: Double?

        private enum CodingKeys: String, CodingKey {
            case configuration, smoothing, smoother, temporal, speed, runStarted, carriedVehicleTime
        }

        init(configuration: Configuration, smoothing: Smoothing) {
            self.configuration = configuration
            self.smoothing = smoothing
            smoother = ActivitySmoother(configuration: configuration)
            if configuration.model == .temporal {
                temporal = ActivityTemporalSmoother(configuration: configuration, smoothing: smoothing)
            }
            refreshBounds()
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            configuration = try container.decode(Configuration.self, forKey: .configuration)
            smoothing = try container.decode(Smoothing.self, forKey: .smoothing)
            smoother = try container.decode(ActivitySmoother.self, forKey: .smoother)
            temporal = try container.decodeIfPresent(ActivityTemporalSmoother.self, forKey: .temporal)
            speed = try container.decodeIfPresent(SpeedEvidence.self, forKey: .speed)
            runStarted = try container.decode(Bool.self, forKey: .runStarted)
            carriedVehicleTime = try container.decodeIfPresent(Double.self, forKey: .carriedVehicleTime)
            refreshBounds()
        }

        /// Recomputes ``pendingStart`` and ``reportedStart`` from the smoother in use.
        mutating func refreshBounds() {
            if temporal != nil {
                pendingStart = temporal?.oldestUndecidedStart
                reportedStart = temporal?.reported?.start
            } else {
                pendingStart = smoother.pendingStart
                reportedStart = smoother.reported?.start
            }
        }

        /// The update in force.
        var reported: ActivityUpdate? { temporal == nil ? smoother.reported : temporal?.reported }

        /// Reports `update` (warm-up) now.
        mutating func force(_ update: ActivityUpdate, emit: (ActivityUpdate) -> Void) {
            defer { refreshBounds() }
            if temporal != nil {
                temporal?.force(update, emit: emit)
            } else {
                smoother.force(update, emit: emit)
            }
        }

        /// Decides everything still held back (temporal model).
        mutating func finish(emit: (ActivityUpdate) -> Void) {
            temporal?.flush(emit: emit)
            refreshBounds()
        }

        /// Reports the gap `from...to` (s) as `unknown`.
        mutating func gap(from: Double, to: Double, emit: (ActivityUpdate) -> Void) {
            defer { refreshBounds() }
            if temporal != nil {
                temporal?.gap(from: from, to: to, update: ActivityUpdate(
                    start: from, activity: .unknown, confidence: .low,
                    explanation: ActivityExplanation(rule: .gap, extras: (.init(.gap, to - from), nil, nil))), emit: emit)
                runStarted = true
                return
            }
            // A ride reported up to the drop-out (or carried across an earlier one) stays the context if the
            // vehicle was in evidence at most `vehicleContextMaximumGap` before the data resumes: nobody
            // gets out and walks away unseen in that time. The gap itself is still reported as `unknown`.
            let seen = smoother.reported?.activity == .automotive ? from : carriedVehicleTime
            carriedVehicleTime = seen.flatMap { to - $0 <= configuration.vehicleContextMaximumGap ? $0 : nil }
            smoother.force(ActivityUpdate(start: from, activity: .unknown, confidence: .low,
                                          explanation: ActivityExplanation(rule: .gap, extras: (.init(.gap, to - from), nil, nil))),
                           emit: emit)
            runStarted = true
        }

        /// Decides the window that covered `start...end` (s) and passes the decision to the smoother.
        mutating func add(_ features: ActivityFeatures, start: Double, end: Double, emit: (ActivityUpdate) -> Void) {
            defer { refreshBounds() }
            var metersPerSecond: Double?
            var features = features
            if let speed, abs(end - speed.time) <= configuration.speedMaximumAge {
                metersPerSecond = speed.metersPerSecond
                // In the explanation beside the acceleration's evidence, so a disagreement between the two shows.
                features.speed = speed.metersPerSecond
            }
            if temporal != nil {
                // The temporal model judges each window on its own: the context (a ride in progress) is its job.
                let decision = ActivityRules.decide(features, speed: metersPerSecond, reported: nil, configuration)
                let evidenceStart = runStarted ? start : (start + end) / 2 - configuration.hopDuration / 2
                runStarted = false
                temporal?.add(decision, features: features, start: evidenceStart, emit: emit)
                return
            }
            var context = smoother.reported?.activity
            if let seen = carriedVehicleTime {
                if end - seen <= configuration.vehicleContextMaximumGap { context = .automotive } else { carriedVehicleTime = nil }
            }
            let decision = ActivityRules.decide(features, speed: metersPerSecond, reported: context, configuration)
            if carriedVehicleTime != nil && decision.activity == .automotive { carriedVehicleTime = end }
            // The first window of a run stands for the whole run so far; later ones for their centre hop.
            let evidenceStart = runStarted ? start : (start + end) / 2 - configuration.hopDuration / 2
            runStarted = false
            // Any report after the gap (the ride again, a stop, walking, unknown) replaces the carried context.
            var carried = carriedVehicleTime
            smoother.add(decision, features: features, start: evidenceStart) { update in
                carried = nil
                emit(update)
            }
            carriedVehicleTime = carried
        }
    }
}

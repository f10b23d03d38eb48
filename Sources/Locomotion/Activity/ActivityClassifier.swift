import LocomotionDSP

/// A streaming motion-activity classifier: push accelerometer samples (and, optionally, location fixes) in time
/// order and receive `ActivityUpdate`s, like CMMotionActivityManager's updates, each with a reason.
///
/// Pipeline: the input is resampled to `Configuration.sampleRate` (linear interpolation, a gap longer than
/// `Configuration.maximumGap` ends the run); every `hopDuration` a window of `windowDuration` seconds yields
/// `ActivityFeatures`; a readable rule table (`Docs/activity.md`) turns them into a window decision; temporal
/// smoothing reports an activity only after it persisted for its minimum duration and back-dates the update to
/// where the activity began. Gaps report `unknown` from the last sample before the gap; a ride reported before a
/// short gap still counts as the context for the windows after it (`Configuration.vehicleContextMaximumGap`).
///
/// Updates are emitted only when the reported activity changes, so consecutive updates always differ in
/// activity, and their `start` times never decrease.
///
/// The classifier is `Codable`: encoding it after any sample, decoding it (in another process) and pushing the rest
/// gives exactly the updates of an uninterrupted run.
///
/// Cost: O(1) amortised per sample (one window of features per hop: O(n²) in the window's sample count n,
/// 100 by default); constant memory; pushing a sample allocates nothing once the classifier is created.
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

    /// Creates a classifier with the given thresholds.
    public init(configuration: Configuration = .init()) {
        stage = ActivityFeatureStage(configuration: configuration)
        decisions = Decisions(configuration: configuration)
    }

    /// The update in force: the activity reported last, or nil before the first sample.
    public var current: ActivityUpdate? { decisions.smoother.reported }

    /// The time (s) before which the reported activity is final: no update emitted from now on starts earlier.
    /// nil before the first sample.
    ///
    /// Updates are back-dated to where their activity began, so an activity seen now may hold from a while ago: from
    /// where a waiting activity began (it is reported once it has persisted for its minimum duration), or from where
    /// the evidence of a window not yet completed begins (a window's length before the latest sample). A consumer
    /// that needs the activity at a time — the odometer deciding whether a fix was moving — waits until this time has
    /// passed it. O(1).
    public var settledTime: Double? {
        guard let last = lastSampleTime else { return nil }
        var settled = last - stage.windowReach
        if let pending = decisions.smoother.pendingStart { settled = min(settled, pending) }
        if let reported = decisions.smoother.reported?.start { settled = max(settled, reported) }
        return settled
    }

    /// Forgets everything pushed so far.
    public mutating func reset() {
        self = ActivityClassifier(configuration: configuration)
    }

    /// Pushes one accelerometer sample (time in seconds, acceleration in g, including gravity) and calls `emit`
    /// for each update it completes (usually none). Samples with non-finite values are ignored. O(1) amortised.
    public mutating func push(_ sample: AccelerometerSample, emit: (ActivityUpdate) -> Void) {
        guard sample.time.isFinite, sample.acceleration.isFinite else { return }
        if lastSampleTime == nil {
            decisions.smoother.force(ActivityUpdate(start: sample.time, activity: .unknown, confidence: .low,
                                                    explanation: ActivityExplanation(rule: "warm-up")), emit: emit)
            decisions.runStarted = true
        }
        Self.push(sample, stage: &stage, decisions: &decisions, emit: emit)
        lastSampleTime = sample.time
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

    /// Pushes one sample and returns the updates it completed (usually none; an empty array does not allocate).
    public mutating func push(_ sample: AccelerometerSample) -> [ActivityUpdate] {
        var updates: [ActivityUpdate] = []
        push(sample) { updates.append($0) }
        return updates
    }

    /// Pushes a location fix. Its speed (m/s), when present and the fix's horizontal accuracy is within
    /// `Configuration.speedMaximumAccuracy`, is used for the windows that end within `speedMaximumAge` of it.
    /// Push fixes in time order together with the samples. O(1).
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
        var smoother: ActivitySmoother
        var speed: SpeedEvidence?
        var runStarted = false
        /// While the `unknown` forced by a gap is reported and a ride was reported before it: the last time (s)
        /// the vehicle was in evidence (the gap's start, or the end of a later window decided `automotive`);
        /// else nil.
        var carriedVehicleTime: Double?

        init(configuration: Configuration) {
            self.configuration = configuration
            smoother = ActivitySmoother(configuration: configuration)
        }

        /// Reports the gap `from...to` (s) as `unknown`.
        mutating func gap(from: Double, to: Double, emit: (ActivityUpdate) -> Void) {
            // A ride reported up to the drop-out (or carried across an earlier one) stays the context if the
            // vehicle was in evidence at most `vehicleContextMaximumGap` before the data resumes: nobody
            // gets out and walks away unseen in that time. The gap itself is still reported as `unknown`.
            let seen = smoother.reported?.activity == .automotive ? from : carriedVehicleTime
            carriedVehicleTime = seen.flatMap { to - $0 <= configuration.vehicleContextMaximumGap ? $0 : nil }
            smoother.force(ActivityUpdate(start: from, activity: .unknown, confidence: .low,
                                          explanation: ActivityExplanation(rule: "gap", features: ["gap_s": to - from])),
                           emit: emit)
            runStarted = true
        }

        /// Decides the window that covered `start...end` (s) and passes the decision to the smoother.
        mutating func add(_ features: ActivityFeatures, start: Double, end: Double, emit: (ActivityUpdate) -> Void) {
            var metersPerSecond: Double?
            if let speed, abs(end - speed.time) <= configuration.speedMaximumAge { metersPerSecond = speed.metersPerSecond }
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

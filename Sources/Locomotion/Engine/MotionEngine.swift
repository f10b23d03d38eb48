import Foundation
import LocomotionDSP

/// Everything a data collector runs, in one value: push accelerometer samples and location fixes as they come,
/// receive typed events — activity changes, steps and bouts, recording-mode switches with the sensor settings to
/// apply, distance per local day, gaps in the data — and save the whole state as one `Codable` snapshot.
///
/// Inside are the stages an app would otherwise wire itself: an ``ActivityClassifier`` (or activity pushed by
/// the app), a ``StepDetector``, a ``RecordingGate``, an ``Odometer`` and a ``CarryDetector`` (carried or put down).
/// The engine feeds each the inputs it needs, in the recording order (``MotionInput``: fixes up to a sample's time,
/// then the activity update that starts with the sample, then the sample as the gate's heartbeat), so the phone and
/// `locomotion summarize` agree:
/// - Samples and fixes may arrive in any order across the two streams within
///   ``Configuration/maximumSkew`` (each stream in time order by itself): the engine merges them by time and
///   processes an input once nothing earlier can still arrive. ``flush(emit:)`` says that everything has arrived.
/// - Activity updates hold from where the activity began, which can be seconds before the latest sample. The gate
///   takes them at once (as a live collector must); the odometer waits for the activity at each fix to be final
///   (``ActivityClassifier/settledTime``), so daily distances equal those of a whole-trace computation.
/// - Time comes only from the inputs. Nothing is read from the clock, the calendar or the system time zone.
///
/// **Snapshots.** Encode the engine (e.g. with `JSONEncoder` or `PropertyListEncoder`) whenever the app may be
/// killed; decode it on launch and go on: the events are exactly those of an uninterrupted run. Waiting inputs are
/// part of the snapshot.
///
/// **Wake-ups.** An app woken every few minutes hands over what was recorded since the last wake-up with
/// ``process(samples:fixes:emit:)``, acts on the events and snapshots the engine: the events are those of a
/// continuous run over the same data. Time with no data between batches is a gap, as it is in a continuous run.
///
/// A stage of the streaming contract (<doc:StreamingStages>): ``push(_:emit:)-(AccelerometerSample,_)`` each
/// sample, ``push(_:emit:)-(LocationFix,_)`` each fix (and ``push(_:emit:)-(ActivityUpdate,_)`` each activity
/// update with an ``Locomotion/ActivitySource/external`` source), ``advance(to:emit:)`` while nothing arrives,
/// ``finish(emit:)`` at the end of the input. `emit` receives every ``MotionEvent`` as soon as it is decided.
///
/// ```swift
/// var engine = MotionEngine(timeZone: TimeZone(identifier: "Europe/Zurich")!)
/// let handle = { (event: MotionEvent) in
///     if let profile = event.profileToApply { apply(profile) }
/// }
/// try engine.push(sample, emit: handle)   // each accelerometer sample (time s, acceleration g)
/// try engine.push(fix, emit: handle)      // each location fix
/// let snapshot = try JSONEncoder().encode(engine)
/// ```
///
/// Cost per sample: the classifier's and step detector's (O(1) amortised, no allocation once running) plus O(1)
/// for the merge. Memory: constant, plus the inputs waiting within the skew, the fixes waiting for their activity
/// (a few seconds' worth while samples come) and one odometer tally per local day.
public struct MotionEngine: Sendable {
    /// The configuration in force.
    public let configuration: Configuration

    private var merger: InputMerger
    /// True when the activity comes from `classifier` (else it is pushed by the app, and `classifier` idles).
    private let classifies: Bool
    /// Not optional: a classifier inside an `Optional` is copied out and back on every mutation (a few KB a sample).
    private var classifier: ActivityClassifier
    private var detector: StepDetector
    /// No steps while cycling, nor while the activity is automotive unless the bout is long (`StepActivityGate`),
    /// each step judged once the activity at its time is final (`StepFeed`).
    private var steps: StepFeed
    private var gate: RecordingGate
    private var distance: OdometerFeed
    /// Carried or put down; fed every sample when ``Configuration/detectsCarry``.
    private var carrying: CarryDetector

    /// The latest update of the activity, nil before the first.
    public private(set) var activity: ActivityUpdate?
    /// Time (s) of the first sample processed, nil before it.
    public private(set) var firstSampleTime: Double?
    /// Time (s) of the latest sample processed, nil before the first.
    public private(set) var lastSampleTime: Double?
    /// Inputs processed out of their time order because they arrived later than ``Configuration/maximumSkew``
    /// behind the other stream, or after a flush that covered their time.
    public private(set) var lateInputCount = 0
    /// Time of the latest sample and of the latest fix pushed (for the order checks).
    private var latestSamplePushed: Double?
    private var latestFixPushed: Double?
    private var latestUpdatePushed: Double?
    /// Time of the latest input the merge released: fixes before it can go to the odometer (external activity).
    private var mergedTime: Double?

    /// An engine with `configuration` whose days are local days in `timeZone` (the user's zone, from the app; the
    /// library never reads the system's). `smoothing` is how its classifier decides: ``ActivityClassifier/Smoothing/lagged``
    /// for an app (every decision final within the temporal model's lag), ``ActivityClassifier/Smoothing/full`` for a
    /// recorded trace (each decision on all the evidence that can change it, as `locomotion label` decides; the
    /// events, the odometer and ``settledTime`` then wait as long as a stretch stays undecided). It is part of the
    /// classifier's state, so snapshots keep it.
    /// - Precondition: `configuration.validate()` does not throw.
    public init(configuration: Configuration = .init(), timeZone: TimeZone, smoothing: ActivityClassifier.Smoothing = .lagged) {
        precondition(configuration.isValid, "invalid MotionEngine.Configuration")
        self.configuration = configuration
        let external = configuration.activitySource == .external
        merger = InputMerger(maximumSkew: configuration.maximumSkew, mergesActivity: external)
        if case .classifier(let classifierConfiguration) = configuration.activitySource {
            classifies = true
            classifier = ActivityClassifier(configuration: classifierConfiguration, smoothing: smoothing)
        } else {
            classifies = false
            classifier = ActivityClassifier(smoothing: smoothing)
        }
        detector = StepDetector(configuration: configuration.steps)
        steps = StepFeed(gate: StepActivityGate(strongBoutSteps: configuration.steps.strongBoutSteps))
        gate = RecordingGate(configuration: configuration.gate)
        distance = OdometerFeed(configuration: configuration.odometer, timeZone: timeZone)
        carrying = CarryDetector(configuration: configuration.carry)
    }

    /// An engine as ``init(configuration:timeZone:smoothing:)`` whose odometer's days follow `zones`: each fix's day
    /// is a local day in the zone in force at its time, changes of zone included (a recorded trace of a
    /// participant who travelled, with the map of where they were; `Odometer.follow(_:)`). The same days as the
    /// epoch tables' under that schedule.
    /// - Precondition: `configuration.validate()` does not throw.
    package init(configuration: Configuration = .init(), zones: ZoneSchedule, smoothing: ActivityClassifier.Smoothing = .lagged) {
        self.init(configuration: configuration, timeZone: zones.initial, smoothing: smoothing)
        distance.follow(zones)
    }

    // MARK: Reading

    /// The current recording mode.
    public var mode: RecordingMode { gate.mode }
    /// The sensor settings of the current mode.
    public var profile: RecordingProfile { gate.profile }
    /// The gate's current phase.
    public var phase: RecordingGate.Phase { gate.phase }
    /// Steps counted so far (those the step gate dropped, still holds in a vehicle or has not yet judged — the
    /// activity at their time is not final — are not).
    public var stepCount: Int {
        detector.stepCount - steps.gate.droppedStepCount - steps.gate.heldStepCount - steps.waitingStepCount
    }
    /// Steps detected whose activity is not yet final, so not yet judged by the step gate nor in ``stepCount``:
    /// those of the last ``settledTime`` lag (with the classifier's default lag, about 25 s of steps). An app
    /// can show them as provisional; while cycling or in a vehicle some will be dropped.
    public var waitingStepCount: Int { steps.waitingStepCount }
    /// Whether a walking bout is going on.
    public var isWalking: Bool { detector.isWalking }
    /// Cadence of the current bout in steps per minute (see ``StepDetector/stepsPerMinute``).
    public var stepsPerMinute: Double? { detector.stepsPerMinute }
    /// True when more than half of the sampling intervals so far are too long to count steps in (the step
    /// detector's ``StepDetector/isRecordingTooSparse``); false when the engine does not count steps
    /// (``Configuration/countsSteps``).
    public var isRecordingTooSparseForSteps: Bool { configuration.countsSteps && detector.isRecordingTooSparse }
    /// The step detector, to read: its interval counts and refused time (``StepDetector/intervalCount``,
    /// ``StepDetector/refusedDuration``). Its ``StepDetector/stepCount`` includes the steps the activity gate held
    /// back or dropped (``stepCount`` does not).
    public var stepDetector: StepDetector { detector }
    /// Whether the phone is carried, as last reported (``CarryState/unknown`` before the first decision, and always
    /// when ``Configuration/detectsCarry`` is false).
    public var carry: CarryState { carrying.state }
    /// The carry detector, to read its latest update and evidence.
    package var carryDetector: CarryDetector { carrying }
    /// The time (s) before which no ``MotionEvent/carry(_:)`` event can start any more (carry updates are back-dated
    /// to the start of a still stretch: ``CarryDetector/settledTime``); nil before the first sample or without
    /// ``Configuration/detectsCarry``.
    public var carrySettledTime: Double? { configuration.detectsCarry ? carrying.settledTime : nil }
    /// The odometer: one tally per local day that saw a fix (fixes recorded so far).
    public var odometer: Odometer { distance.odometer }
    /// Inputs waiting to be processed (merge within the skew, and fixes waiting for their activity).
    public var waitingInputCount: Int { merger.waitingCount + distance.waitingCount }
    /// The time before which the activity is final (see ``ActivityClassifier/settledTime``); with external activity,
    /// the time of the latest input processed.
    public var settledTime: Double? { classifies ? classifier.settledTime : mergedTime }

    // MARK: Inputs

    /// Takes one accelerometer sample (time in s, acceleration in g including gravity) and calls `emit` with the
    /// events of every input it lets through. Samples with non-finite acceleration are passed on (the stages treat
    /// them as a break).
    /// - Throws: ``MotionEngineError`` for a time that is not finite or before the previous sample's; the engine
    ///   is unchanged then.
    /// - Complexity: O(1) amortised.
    public mutating func push(_ sample: AccelerometerSample, emit: (MotionEvent) -> Void) throws(MotionEngineError) {
        guard sample.time.isFinite else { throw .nonFiniteTime(sample.time) }
        if let previous = latestSamplePushed, sample.time < previous {
            throw .sampleOutOfOrder(previous: previous, received: sample.time)
        }
        latestSamplePushed = sample.time
        if merger.isLate(sample.time) { lateInputCount += 1 }
        merger.push(sample)
        release(through: -.infinity, emit: emit)
    }

    /// Takes one location fix (time in s since 1970, WGS-84 degrees, accuracy in m, speed in m/s) and calls `emit`
    /// with the events of every input it lets through. A fix with a NaN time (a GPX point without `<time>`) counts
    /// only in the odometer's undated tally.
    ///
    /// **Out of order.** A fix earlier than the fix pushed before it (a logger that wrote a buffered fix late, two
    /// logs joined) is no evidence: the classifier and the gate never see it, and the odometer, which it still
    /// reaches in the order pushed, counts it as out of order in its day's tally (``FixRejection/outOfOrder``) — never
    /// sorted into place, never an error. A fix at the same time as the one before is evidence (the classifier and
    /// the gate take the later one) and the odometer counts it as a duplicate, out of order. The command-line tool
    /// follows the same rule in every command.
    /// - Throws: ``MotionEngineError`` for an infinite time, or coordinates or accuracy out of range; the engine is
    ///   unchanged then.
    /// - Complexity: O(1) amortised.
    public mutating func push(_ fix: LocationFix, emit: (MotionEvent) -> Void) throws(MotionEngineError) {
        guard fix.latitude.isFinite, abs(fix.latitude) <= 90, fix.longitude.isFinite, abs(fix.longitude) <= 180,
              fix.horizontalAccuracy.map({ $0.isFinite && $0 >= 0 }) ?? true
        else { throw .invalidFix(time: fix.time) }
        if fix.time.isNaN {
            merger.push(.untimedFix(fix))
        } else {
            guard fix.time.isFinite else { throw .nonFiniteTime(fix.time) }
            if let previous = latestFixPushed, fix.time < previous {
                merger.push(.outOfOrderFix(fix))
                release(through: -.infinity, emit: emit)
                return
            }
            latestFixPushed = fix.time
            if merger.isLate(fix.time) { lateInputCount += 1 }
            merger.push(.fix(fix))
        }
        release(through: -.infinity, emit: emit)
    }

    /// Takes an activity update from the app (``Locomotion/ActivitySource/external`` only): the platform's own activity
    /// recognition, or ground truth when replaying a labelled trace; calls `emit` with the events of every input
    /// it lets through.
    /// - Throws: ``MotionEngineError`` when the engine classifies itself, or the start is not finite or before the
    ///   previous update's.
    /// - Complexity: O(1) amortised.
    public mutating func push(_ update: ActivityUpdate, emit: (MotionEvent) -> Void) throws(MotionEngineError) {
        guard !classifies else { throw .activityFromClassifier }
        guard update.start.isFinite else { throw .nonFiniteTime(update.start) }
        if let previous = latestUpdatePushed, update.start < previous {
            throw .activityOutOfOrder(previous: previous, received: update.start)
        }
        latestUpdatePushed = update.start
        if merger.isLate(update.start) { lateInputCount += 1 }
        merger.push(update)
        release(through: -.infinity, emit: emit)
    }

    /// Takes one input of a recording (``RecordedInputs`` hands them out in the recording order) and calls `emit`
    /// with the events of every input it lets through: a sample, a fix (out-of-order and untimed fixes included: the
    /// engine judges the fix order itself, by the same rule), a track-segment break or an activity update, each as
    /// its own `push` or ``breakFixSegment()`` takes it.
    /// - Throws: ``MotionEngineError`` as the `push` of the input's kind.
    /// - Complexity: O(1) amortised.
    public mutating func push(_ input: MotionInput, emit: (MotionEvent) -> Void) throws(MotionEngineError) {
        switch input {
        case .sample(let sample): try push(sample, emit: emit)
        case .fix(let fix), .outOfOrderFix(let fix), .untimedFix(let fix): try push(fix, emit: emit)
        case .segmentBreak: breakFixSegment()
        case .activity(let update): try push(update, emit: emit)
        }
    }

    /// The location fixes from here on continue after a break (a new GPX track segment): the odometer adds no
    /// distance between the last fix before and the first after.
    /// - Complexity: O(1).
    public mutating func breakFixSegment() {
        merger.push(.segmentBreak)
    }

    /// From the next fix on, days are local days in `zone` (the person travelled); calls `emit` with the events of
    /// every input it lets through.
    /// - Complexity: O(1) amortised.
    public mutating func changeTimeZone(to zone: TimeZone, emit: (MotionEvent) -> Void) {
        merger.push(.timeZone(zone))
        release(through: -.infinity, emit: emit)
    }

    /// Everything recorded up to the latest input has been pushed: processes every waiting input (the end of a
    /// wake-up batch) and calls `emit` with their events. An input pushed later that is earlier than the latest one
    /// is processed late (``lateInputCount``).
    /// - Complexity: O(waiting inputs).
    public mutating func flush(emit: (MotionEvent) -> Void) {
        release(through: .infinity, emit: emit)
        if let latest = merger.latestTime { merger.close(through: latest) }
    }

    /// Everything recorded up to `time` (s) has been pushed, and time has passed until then with no new evidence:
    /// processes the inputs up to `time`, runs the gate's timers out to it and calls `emit` with the events. Call it
    /// while no samples arrive (accelerometer off), so that the stop timer fires and gaps are noticed.
    /// - Throws: ``MotionEngineError/nonFiniteTime(_:)``.
    /// - Complexity: O(waiting inputs).
    public mutating func advance(to time: Double, emit: (MotionEvent) -> Void) throws(MotionEngineError) {
        guard time.isFinite else { throw .nonFiniteTime(time) }
        release(through: time, emit: emit)
        merger.close(through: time)
        try? gate.advance(to: time) { emit(.recording($0)) }
        if configuration.detectsCarry { carrying.advance(to: time) { emit(.carry($0)) } }
        mergedTime = max(mergedTime ?? time, time)
        settleDistance(emit: emit)
        settleSteps(emit: emit)
    }

    /// The input has ended: processes every waiting input, ends the current walking bout, lets the classifier
    /// decide what it still holds back (``ActivityClassifier/finish(emit:)``), then judges every step still waiting
    /// by the activity at its time (`StepActivityGate`), records every waiting fix, reports the end of the samples
    /// (``MotionEvent/samplesEnded(time:)``) and calls `emit` with each of these events. The engine can go on
    /// afterwards (a later bout starts afresh).
    /// - Complexity: O(waiting inputs).
    public mutating func finish(emit: (MotionEvent) -> Void) {
        flush(emit: emit)
        if configuration.countsSteps {
            detector.finish { steps.add($0) }
        }
        if classifies {
            // The temporal model's decisions still waiting for later evidence are made on what there is. The
            // classifier is part of `self`: its updates wait in a local buffer until it has returned.
            var updates: [ActivityUpdate] = []
            classifier.finish { updates.append($0) }
            for update in updates { take(update, emit: emit) }
        }
        steps.settle(before: .infinity, latestSample: lastSampleTime) { emit(Self.event(of: $0)) }
        distance.settle(before: .infinity, emit: emit)
        if configuration.detectsCarry { carrying.finish { emit(.carry($0)) } }
        if let last = lastSampleTime { emit(.samplesEnded(time: last)) }
    }

    /// A wake-up: the samples and fixes recorded since the previous batch (each in time order), in the recording
    /// order (``RecordedInputs``), then flushed; calls `emit` with every event. Equal to pushing them one by one in
    /// time order and calling ``flush(emit:)``.
    /// - Throws: ``MotionEngineError`` at the first input refused; the inputs before it have been taken.
    /// - Complexity: O(n + f) for n samples and f fixes.
    public mutating func process(samples: some Sequence<AccelerometerSample>, fixes: some Sequence<LocationFix>,
                                 emit: (MotionEvent) -> Void) throws(MotionEngineError) {
        var inputs = RecordedInputs(fixes: Array(fixes))
        for sample in samples {
            inputs.append(sample)
            while let input = inputs.next() { try push(input, emit: emit) }
        }
        inputs.endSamples()
        while let input = inputs.next() { try push(input, emit: emit) }
        flush(emit: emit)
    }

    // MARK: Processing

    private mutating func release(through limit: Double, emit: (MotionEvent) -> Void) {
        while let stream = merger.nextStream(through: limit) {
            switch stream {
            case .samples: process(merger.takeSample(), emit: emit)
            case .fixes: process(merger.takeFixStreamItem(), emit: emit)
            case .updates: take(merger.takeUpdate(), emit: emit)
            }
        }
    }

    private mutating func process(_ sample: AccelerometerSample, emit: (MotionEvent) -> Void) {
        if let last = lastSampleTime {
            if sample.time - last > configuration.gapLimit { emit(.gap(from: last, to: sample.time)) }
        } else {
            firstSampleTime = sample.time
            emit(.samplesBegan(time: sample.time))
        }
        lastSampleTime = sample.time
        mergedTime = max(mergedTime ?? sample.time, sample.time)
        if classifies {
            var updates: [ActivityUpdate] = []
            classifier.push(sample) { updates.append($0) }  // an empty array does not allocate
            for update in updates { take(update, emit: emit) }
        }
        // The engine checks every input as the gate does before taking it, so the gate never refuses one here.
        try? gate.advance(to: sample.time) { emit(.recording($0)) }
        if configuration.countsSteps {
            detector.push(sample) { steps.add($0) }
        }
        if configuration.detectsCarry { carrying.push(sample) { emit(.carry($0)) } }
        settleDistance(emit: emit)
        settleSteps(emit: emit)
    }

    private mutating func process(_ item: FixStreamItem, emit: (MotionEvent) -> Void) {
        if case .fix(let fix) = item {
            mergedTime = max(mergedTime ?? fix.time, fix.time)
            if classifies { classifier.push(fix) }
            try? gate.push(fix) { emit(.recording($0)) }
        }
        distance.add(item)
        settleDistance(emit: emit)
    }

    /// An activity update (the classifier's, or pushed): to the gate now, to the odometer for the fixes it covers.
    private mutating func take(_ update: ActivityUpdate, emit: (MotionEvent) -> Void) {
        activity = update
        if configuration.countsSteps { steps.add(update) }
        emit(.activity(update))
        if !classifies { mergedTime = max(mergedTime ?? update.start, update.start) }
        try? gate.push(update) { emit(.recording($0)) }
        distance.add(update)
    }

    /// Judges the steps whose activity is final (`StepFeed`). O(1) when none is waiting.
    private mutating func settleSteps(emit: (MotionEvent) -> Void) {
        guard configuration.countsSteps, let settled = settledTime else { return }
        steps.settle(before: settled, latestSample: lastSampleTime) { emit(Self.event(of: $0)) }
    }

    private mutating func settleDistance(emit: (MotionEvent) -> Void) {
        guard distance.waitingCount > 0, let settled = settledTime else { return }
        distance.settle(before: settled, emit: emit)
    }

    private static func event(of event: StepDetector.Event) -> MotionEvent {
        switch event {
        case .step(let time): .step(time: time)
        case .boutEnded(let bout): .boutEnded(bout)
        }
    }
}

extension MotionEngine: Codable {
    private enum CodingKeys: String, CodingKey {
        case configuration, merger, classifier, detector, stepGate, steps, gate, distance, activity, firstSampleTime, lastSampleTime
        case lateInputCount, latestSamplePushed, latestFixPushed, latestUpdatePushed, mergedTime, carrying
    }

    /// Decodes a snapshot. O(size of the snapshot).
    /// - Throws: `DecodingError` when the data is not a snapshot, or its parts do not fit together (a classifier
    ///   with external activity, buffers of the wrong size, an invalid configuration).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        configuration = try container.decode(Configuration.self, forKey: .configuration)
        merger = try container.decode(InputMerger.self, forKey: .merger)
        let decodedClassifier = try container.decodeIfPresent(ActivityClassifier.self, forKey: .classifier)
        classifies = decodedClassifier != nil
        classifier = decodedClassifier ?? ActivityClassifier()
        detector = try container.decode(StepDetector.self, forKey: .detector)
        // Snapshots written before steps waited for their activity hold the gate alone (nothing waiting).
        if let feed = try container.decodeIfPresent(StepFeed.self, forKey: .steps) {
            steps = feed
        } else {
            steps = StepFeed(gate: try container.decodeIfPresent(StepActivityGate.self, forKey: .stepGate)
                ?? StepActivityGate(strongBoutSteps: configuration.steps.strongBoutSteps))
        }
        gate = try container.decode(RecordingGate.self, forKey: .gate)
        distance = try container.decode(OdometerFeed.self, forKey: .distance)
        activity = try container.decodeIfPresent(ActivityUpdate.self, forKey: .activity)
        firstSampleTime = try container.decodeIfPresent(Double.self, forKey: .firstSampleTime)
        lastSampleTime = try container.decodeIfPresent(Double.self, forKey: .lastSampleTime)
        lateInputCount = try container.decode(Int.self, forKey: .lateInputCount)
        latestSamplePushed = try container.decodeIfPresent(Double.self, forKey: .latestSamplePushed)
        latestFixPushed = try container.decodeIfPresent(Double.self, forKey: .latestFixPushed)
        latestUpdatePushed = try container.decodeIfPresent(Double.self, forKey: .latestUpdatePushed)
        mergedTime = try container.decodeIfPresent(Double.self, forKey: .mergedTime)
        // Snapshots written before the carry detector existed start it afresh.
        carrying = try container.decodeIfPresent(CarryDetector.self, forKey: .carrying)
            ?? CarryDetector(configuration: configuration.carry)
        let classifies = configuration.activitySource != .external
        guard configuration.isValid, self.classifies == classifies, merger.mergesActivity == !classifies,
              detector.hasConsistentState, detector.configuration == configuration.steps,
              steps.gate.strongBoutSteps == configuration.steps.strongBoutSteps,
              gate.configuration == configuration.gate, carrying.configuration == configuration.carry else {
            throw DecodingError.dataCorruptedError(forKey: .configuration, in: container,
                                                   debugDescription: "the snapshot's stages do not fit its configuration")
        }
    }

    /// Encodes the whole state: configuration, stages, waiting inputs. O(size of the state).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(configuration, forKey: .configuration)
        try container.encode(merger, forKey: .merger)
        if classifies { try container.encode(classifier, forKey: .classifier) }
        try container.encode(detector, forKey: .detector)
        try container.encode(steps, forKey: .steps)
        try container.encode(gate, forKey: .gate)
        try container.encode(distance, forKey: .distance)
        try container.encodeIfPresent(activity, forKey: .activity)
        try container.encodeIfPresent(firstSampleTime, forKey: .firstSampleTime)
        try container.encodeIfPresent(lastSampleTime, forKey: .lastSampleTime)
        try container.encode(lateInputCount, forKey: .lateInputCount)
        try container.encodeIfPresent(latestSamplePushed, forKey: .latestSamplePushed)
        try container.encodeIfPresent(latestFixPushed, forKey: .latestFixPushed)
        try container.encodeIfPresent(latestUpdatePushed, forKey: .latestUpdatePushed)
        try container.encodeIfPresent(mergedTime, forKey: .mergedTime)
        if configuration.detectsCarry { try container.encode(carrying, forKey: .carrying) }
    }
}

/// The gating state machine: decides, from activity updates, optional
/// location fixes and the passage of time, whether a collector records at
/// high accuracy or saves power, and says why at every change.
///
/// The gate is a deterministic value. Time comes only from its inputs (it
/// never reads a clock); timers run out when a later input or
/// ``advance(to:emit:)`` reaches their deadline, and the resulting event is
/// dated at the deadline. The whole state is `Codable`: encoding it after any
/// input, decoding it (in another process, after the OS killed the app) and
/// continuing gives exactly the events of an uninterrupted run.
///
/// A stage of the streaming contract (<doc:StreamingStages>): push activity
/// updates and fixes in time order, advance it while nothing else comes; it
/// holds nothing back, so it has no `finish`.
///
/// ```swift
/// var gate = RecordingGate(configuration: .init(policy: .onFoot))
/// let handle = { (event: RecordingGate.Event) in if event.changesMode { apply(event.profile) } }
/// try gate.push(update, emit: handle)          // from the classifier
/// try gate.push(fix, emit: handle)             // optional
/// try gate.advance(to: now, emit: handle)      // heartbeat, so timers fire
/// ```
///
/// The states, rules and defaults are described in Docs/gating.md.
///
/// - Complexity: O(1) in time and memory per input, at most three events per
///   input; no allocation.
public struct RecordingGate: Sendable, Hashable, Codable {
    /// The constants the gate runs with (saved with the state).
    public let configuration: RecordingGate.Configuration
    /// The current phase.
    public private(set) var phase: RecordingGate.Phase = .idle
    /// Time of the latest input in seconds, nil before the first.
    public private(set) var time: Double?

    /// The latest reported activity, nil before the first and after a gap.
    var activity: MotionActivity?
    /// Start of the latest activity update, for ordering checks.
    var latestActivityStart: Double?
    /// Time of the latest fix, for ordering checks (survives gaps).
    var latestFixTime: Double?
    /// The latest fix, nil before the first and after a gap.
    var latestFix: GatePosition?
    /// Arming: when the uninterrupted run of recorded activity began.
    var armingSince = 0.0
    /// Stopping: when the stop timer started.
    var stopSince = 0.0
    /// Stopping: start of the current uninterrupted run of unrecorded moving activity.
    var switchSince: Double?
    /// Stopping: a recorded activity came back without displacement.
    var resumptionSuppressed = false
    /// Idle/arming after pacing: entry needs departure or the longer dwell.
    var confined = false
    /// Idle/arming: the last still position (for the departure wake-up).
    var stillAnchor: GatePosition?
    /// Stopping: the position when the stop timer started (displacement rule).
    var stopAnchor: GatePosition?
    /// Recording: the position, and time, of the latest displacement.
    var rangeAnchor: GatePosition?
    /// The mode of the latest event, to mark mode changes.
    var reportedMode: RecordingMode?
    /// End of the latest gap: a (backdated) update cannot carry evidence
    /// from before it.
    var evidenceFloor: Double?

    /// A gate in low power, before any input.
    public init(configuration: RecordingGate.Configuration = .init()) {
        self.configuration = configuration
    }

    /// The current recording mode.
    public var mode: RecordingMode { phase.mode }

    /// The sensor settings of the current mode.
    public var profile: RecordingProfile { configuration.profile(for: mode) }

    // MARK: - Inputs

    /// Takes one input of a merged stream: ``push(_:emit:)-(ActivityUpdate,_)``,
    /// ``push(_:emit:)-(LocationFix,_)`` or ``advance(to:emit:)``.
    /// - Complexity: O(1).
    package mutating func push(_ input: RecordingGate.Input, emit: (RecordingGate.Event) -> Void) throws(RecordingGateError) {
        switch input {
        case .activity(let update): try push(update, emit: emit)
        case .fix(let fix): try push(fix, emit: emit)
        case .time(let time): try advance(to: time, emit: emit)
        }
    }

    /// Takes an activity update and calls `emit` with the events it causes.
    ///
    /// The update holds from `update.start`, which may lie before the latest
    /// input (classifiers decide after their window): timers then count from
    /// `update.start`, but decisions are dated no earlier than the latest input.
    /// - Throws: ``RecordingGateError`` when the start is not finite or precedes the
    ///   previous update's start.
    /// - Complexity: O(1).
    public mutating func push(_ update: ActivityUpdate, emit: (RecordingGate.Event) -> Void) throws(RecordingGateError) {
        let start = update.start
        guard start.isFinite else { throw .nonFiniteTime(start) }
        if let previous = latestActivityStart, start < previous {
            throw .activityOutOfOrder(previous: previous, received: start)
        }
        latestActivityStart = start
        let now = begin(at: start, emit: emit)
        // After a gap nothing before the gap's end counts as evidence.
        let since = max(start, evidenceFloor ?? start)
        let reported = update.activity
        activity = reported
        let recorded = configuration.policy.records(reported)
        let confident = configuration.immediateEntryConfidence.map { update.confidence >= $0 } ?? false

        switch phase {
        case .idle:
            if recorded {
                if confident && !confined {
                    enterRecording(at: now, reason: .init(rule: .confident, trigger: .activity, activity: reported), emit: emit)
                } else {
                    phase = .arming
                    armingSince = since
                    report(at: now, .init(rule: .arming, trigger: .activity, activity: reported), emit: emit)
                    fireTimers(upTo: now, emit: emit)
                }
            } else if reported.isMoving {
                // Riding away ends a confinement: the person left the room.
                confined = false
            }
        case .arming:
            if recorded {
                if confident && !confined {
                    enterRecording(at: now, reason: .init(rule: .confident, trigger: .activity, activity: reported), emit: emit)
                }
            } else {
                phase = .idle
                if reported.isMoving { confined = false }
                report(at: now, .init(rule: .disarmed, trigger: .activity, activity: reported, elapsed: now - armingSince), emit: emit)
            }
        case .recording:
            if !recorded {
                phase = .stopping
                stopSince = since
                switchSince = reported.isMoving ? since : nil
                resumptionSuppressed = false
                stopAnchor = freshFix(at: now)
                report(at: now, .init(rule: .stopTimer, trigger: .activity, activity: reported), emit: emit)
                fireTimers(upTo: now, emit: emit)
            }
        case .stopping:
            if recorded {
                tryResuming(at: now, trigger: .activity, emit: emit)
            } else if reported.isMoving {
                if switchSince == nil { switchSince = since }
                fireTimers(upTo: now, emit: emit)
            } else {
                // The switch timer counts an uninterrupted run of unrecorded
                // movement; a pause falls back on the stop timer.
                switchSince = nil
            }
        }
    }

    /// Takes a location fix and calls `emit` with the events it causes.
    /// - Throws: ``RecordingGateError`` when the time is not finite, precedes the
    ///   previous fix, or the coordinates or accuracy are out of range.
    /// - Complexity: O(1).
    public mutating func push(_ fix: LocationFix, emit: (RecordingGate.Event) -> Void) throws(RecordingGateError) {
        guard fix.time.isFinite else { throw .nonFiniteTime(fix.time) }
        guard fix.hasValidPosition else { throw .invalidFix(time: fix.time) }
        if let previous = latestFixTime, fix.time < previous {
            throw .fixOutOfOrder(previous: previous, received: fix.time)
        }
        latestFixTime = fix.time
        let now = begin(at: fix.time, emit: emit)
        let position = GatePosition(fix)
        latestFix = position
        let config = configuration

        switch phase {
        case .idle, .arming:
            guard let anchor = stillAnchor else {
                stillAnchor = position
                return
            }
            let radius = confined ? config.minimumDisplacement : config.stationaryRadius
            if anchor.isDeparted(position, beyond: radius) {
                let distance = anchor.distance(to: position)
                let ridingUnrecorded = activity.map { $0.isMoving && !config.policy.records($0) } ?? false
                confined = false
                if phase == .arming {
                    enterRecording(at: now, reason: .init(rule: .departure, trigger: .fix, distance: distance), emit: emit)
                } else if config.wakesOnDeparture && !ridingUnrecorded {
                    // Movement the classifier has not (yet) confirmed: record,
                    // with the stop timer running until it does.
                    phase = .stopping
                    stopSince = now
                    switchSince = nil
                    resumptionSuppressed = false
                    stopAnchor = position
                    stillAnchor = nil
                    report(at: now, .init(rule: .departure, trigger: .fix, distance: distance), emit: emit)
                } else {
                    stillAnchor = position
                }
            } else if position.accuracy < anchor.accuracy {
                stillAnchor = position
            }
        case .recording:
            guard let anchor = rangeAnchor else {
                rangeAnchor = position.at(now)
                return
            }
            if anchor.isDeparted(position, beyond: config.minimumDisplacement) {
                rangeAnchor = position.at(now)
            } else if now - anchor.time >= config.stopTimeout {
                let reason = RecordingGate.Reason(rule: .confined, trigger: .fix, elapsed: now - anchor.time, distance: anchor.distance(to: position))
                stop(at: now, reason: reason, confinedAt: anchor, emit: emit)
            }
        case .stopping:
            if stopAnchor == nil {
                stopAnchor = position
            } else if let activity, config.policy.records(activity) {
                tryResuming(at: now, trigger: .fix, emit: emit)
            }
        }
    }

    /// Moves the gate's time forward with no new evidence, so that timers
    /// run out and gaps are noticed. A time before the latest input is
    /// ignored (time never goes back). Call it at least every
    /// `gapLimit` seconds (a tuning parameter of ``RecordingGate/Configuration``) while the collector runs.
    /// - Throws: ``RecordingGateError/nonFiniteTime(_:)``.
    /// - Complexity: O(1).
    public mutating func advance(to time: Double, emit: (RecordingGate.Event) -> Void) throws(RecordingGateError) {
        guard time.isFinite else { throw .nonFiniteTime(time) }
        _ = begin(at: time, emit: emit)
    }

    // MARK: - Batch

    /// Runs `inputs` (in time order) through a fresh gate: batch defined as
    /// streaming.
    /// - Complexity: O(n) time; the events array is the only allocation.
    package static func replay<Inputs: Sequence>(_ inputs: Inputs, configuration: RecordingGate.Configuration = .init()) throws(RecordingGateError) -> [RecordingGate.Event]
    where Inputs.Element == RecordingGate.Input {
        var gate = RecordingGate(configuration: configuration)
        var events: [RecordingGate.Event] = []
        for input in inputs { try gate.push(input) { events.append($0) } }
        return events
    }

    // MARK: - Rules

    /// Starts handling an input at `inputTime`: the first input, a gap, or
    /// timers running out. Returns the decision time (never before the latest input).
    private mutating func begin(at inputTime: Double, emit: (RecordingGate.Event) -> Void) -> Double {
        guard let previous = time else {
            time = inputTime
            report(at: inputTime, .init(rule: .initial, trigger: .clock), emit: emit)
            return inputTime
        }
        if inputTime - previous > configuration.gapLimit {
            // Nothing is known between the two inputs: report the gap from the
            // last input on, forget the evidence, decide afresh from this input.
            phase = .idle
            activity = nil
            latestFix = nil
            confined = false
            stillAnchor = nil
            stopAnchor = nil
            rangeAnchor = nil
            switchSince = nil
            resumptionSuppressed = false
            report(at: previous, .init(rule: .gap, trigger: .clock, elapsed: inputTime - previous), emit: emit)
            time = inputTime
            evidenceFloor = inputTime
            report(at: inputTime, .init(rule: .afterGap, trigger: .clock, elapsed: inputTime - previous), emit: emit)
            return inputTime
        }
        let now = max(previous, inputTime)
        fireTimers(upTo: now, emit: emit)
        time = now
        return now
    }

    /// Runs out every timer whose deadline is at or before `now`, each dated
    /// at its deadline (or at the latest input, when the deadline lies before it).
    private mutating func fireTimers(upTo now: Double, emit: (RecordingGate.Event) -> Void) {
        let config = configuration
        while true {
            switch phase {
            case .arming:
                let dwell = confined ? config.confinedEntryDwell : config.entryDwell
                let deadline = armingSince + dwell
                guard deadline <= now else { return }
                // After pacing, fresh fixes inside the pacing area outweigh
                // the activity: only departure (a fix) re-enters then.
                if confined, let fix = freshFix(at: now), let area = stillAnchor,
                   !area.isDeparted(fix, beyond: config.minimumDisplacement) { return }
                enterRecording(at: dated(deadline), reason: .init(rule: .dwell, trigger: .timer, activity: activity, elapsed: dwell), emit: emit)
            case .stopping:
                let stillDeadline = stopSince + config.stopTimeout
                let switchDeadline = switchSince.map { $0 + config.switchTimeout } ?? .infinity
                let deadline = min(stillDeadline, switchDeadline)
                guard deadline <= now else { return }
                let reason: RecordingGate.Reason = switchDeadline < stillDeadline
                    ? .init(rule: .switchTimeout, trigger: .timer, activity: activity, elapsed: config.switchTimeout)
                    : .init(rule: .stopTimeout, trigger: .timer, activity: activity, elapsed: config.stopTimeout)
                // A recorded activity without displacement all along: pacing.
                let pacingArea = resumptionSuppressed ? stopAnchor : nil
                stop(at: dated(deadline), reason: reason, confinedAt: pacingArea, emit: emit)
            case .idle, .recording:
                return
            }
        }
    }

    /// A timer's deadline, or the latest input's time when the deadline lies
    /// before it (a backdated update cannot change decisions already made).
    private func dated(_ deadline: Double) -> Double {
        max(deadline, time ?? deadline)
    }

    /// The latest fix when it is at most ``RecordingGate/Configuration/fixFreshness`` old at `now`.
    private func freshFix(at now: Double) -> GatePosition? {
        guard let fix = latestFix, now - fix.time <= configuration.fixFreshness else { return nil }
        return fix
    }

    /// Stopping, with a recorded activity: resume unless fresh fixes show no
    /// displacement from where the stop timer started.
    private mutating func tryResuming(at now: Double, trigger: RecordingGate.Trigger, emit: (RecordingGate.Event) -> Void) {
        var distance: Double?
        if let fix = freshFix(at: now), let anchor = stopAnchor {
            let moved = anchor.distance(to: fix)
            guard anchor.isDeparted(fix, beyond: configuration.minimumDisplacement) else {
                if !resumptionSuppressed {
                    resumptionSuppressed = true
                    report(at: now, .init(rule: .noDisplacement, trigger: trigger, activity: activity, distance: moved), emit: emit)
                }
                return
            }
            distance = moved
        }
        phase = .recording
        rangeAnchor = freshFix(at: now)?.at(now)
        stopAnchor = nil
        switchSince = nil
        resumptionSuppressed = false
        report(at: now, .init(rule: .resumed, trigger: trigger, activity: activity, elapsed: now - stopSince, distance: distance), emit: emit)
    }

    private mutating func enterRecording(at now: Double, reason: RecordingGate.Reason, emit: (RecordingGate.Event) -> Void) {
        phase = .recording
        confined = false
        stillAnchor = nil
        stopAnchor = nil
        rangeAnchor = freshFix(at: now)?.at(now)
        report(at: now, reason, emit: emit)
    }

    /// Leaves high accuracy. `confinedAt` is the pacing area when the stop
    /// came from pacing (entry then needs departure or the longer dwell).
    private mutating func stop(at now: Double, reason: RecordingGate.Reason, confinedAt pacingArea: GatePosition?, emit: (RecordingGate.Event) -> Void) {
        phase = .idle
        confined = pacingArea != nil
        stillAnchor = pacingArea ?? freshFix(at: now)
        stopAnchor = nil
        rangeAnchor = nil
        switchSince = nil
        resumptionSuppressed = false
        report(at: now, reason, emit: emit)
        if let activity, configuration.policy.records(activity) {
            // Still reported as moving (pacing): the entry dwell starts now.
            phase = .arming
            armingSince = now
            report(at: now, .init(rule: .arming, trigger: reason.trigger, activity: activity), emit: emit)
        }
    }

    private mutating func report(at time: Double, _ reason: RecordingGate.Reason, emit: (RecordingGate.Event) -> Void) {
        let mode = phase.mode
        let changesMode = mode != reportedMode
        reportedMode = mode
        emit(RecordingGate.Event(
            time: time, phase: phase, mode: mode, profile: configuration.profile(for: mode),
            changesMode: changesMode, reason: reason))
    }
}

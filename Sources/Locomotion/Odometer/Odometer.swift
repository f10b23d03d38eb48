import Foundation

/// Daily distance from location fixes: a geodesic sum of consecutive accepted
/// fixes, with jump, spike, accuracy and stillness rules, an optional moving gate
/// and a reset at the start of each local day.
///
/// A stage of the streaming contract (<doc:StreamingStages>): push fixes in time
/// order with ``push(_:emit:)-(LocationFix,_)``, which emits a ``DistanceUpdate`` for each; push
/// activity updates (from the classifier, or given) with ``push(_:)`` as they
/// happen, and a change of time zone with ``changeTimeZone(to:)``. ``history``
/// holds one ``DailyDistance`` per local day. A fix whose time is NaN (a GPX
/// point without `<time>`) is measured for length in the ``undated`` tally.
///
/// Rules, in the order they are applied to each fix (Docs/odometer.md):
/// 1. Impossible values (not ``LocationFix/hasValidPosition``) are rejected as ``FixRejection/invalid``.
/// 2. A time not after the latest fix seen is ``FixRejection/outOfOrder``.
/// 3. Accuracy worse than the limit (or missing, if not trusted) is
///    ``FixRejection/inaccurate``, unless (implied-speed rule) the step is long
///    against the circle; such a fix never anchors.
/// 4. A jump (``FixRejection/jump``): under ``Odometer/Configuration/Rule/impliedSpeed`` a step
///    that needs a speed above the limit of the activity (the fixes' reported speed raising it),
///    once the two fixes' noise is allowed for, or that spans more than
///    `maximumStepInterval`; under ``Odometer/Configuration/Rule/fixedDistance``
///    a step longer than `jumpLimit`. Consecutive jumps each reachable from
///    the previous one form a run; when the run reaches
///    `consistentFixesToReanchor` fixes the anchor moves
///    to its end, the distance along the run is added (it was observed) and its
///    fixes count as accepted after all. The unobserved gap to the run is never added.
/// 5. With a moving gate, a fix at a time the activity is not a moving one is ``FixRejection/notMoving``;
///    it becomes the anchor.
/// 6. Implied-speed rule: a fix within the noise of the anchor that reports a still speed is
///    ``FixRejection/still`` (the anchor stays, its time moves on); a step longer than the
///    reported speeds allow with `Odometer.Configuration.maximumAcceleration` is a suspected
///    ``FixRejection/spike``, credited after all (in the next fix's distance) when the next fix
///    continues from it rather than coming back.
/// 7. Otherwise the step is added — the chord, or between sparse fixes that report speed and
///    whose speed integral exceeds the chord beyond the noise, halfway between the two — and the
///    fix becomes the anchor.
///
/// Days: a fix belongs to the local date of `time − dayStart` in the odometer's
/// current time zone (or, following a `ZoneSchedule`, the zone in force at the
/// fix's time); days never go backwards (after a westward zone change the
/// current day goes on until the new zone reaches the next day start). A segment
/// belongs to the day of the fix that ends it.
///
/// The value is Codable: encode it, restart, decode it and go on — the totals
/// are the same as an uninterrupted run. It never reads the clock or the system
/// time zone.
///
/// - Complexity: O(1) per fix (a few geodesics, one time-zone offset look-up); the
///   history grows by one entry per day.
public struct Odometer: Sendable, Hashable, Codable {
    /// The filters and day boundary in force.
    public private(set) var configuration: Odometer.Configuration
    /// The zone whose local days split the history.
    public private(set) var timeZone: TimeZone
    /// One tally per local day that saw a fix, oldest first.
    public private(set) var history: [DailyDistance] = []
    /// The tally of fixes given without a time (NaN), if any.
    public private(set) var undated: DailyDistance?
    /// The latest activity recorded, if any.
    public private(set) var activity: MotionActivity?

    /// The last accepted fix: distance is measured from here.
    private var anchor: LocationFix?
    /// A run of jumps that may turn into a re-anchor.
    private var run: [RunFix] = []
    /// The latest time of a fix that passed the time-order check.
    private var latestTime: Double?
    /// Day number (days since 1970-01-01 of local time minus day start) of the current day.
    private var currentDayNumber: Int?
    /// The schedule the days follow (``follow(_:)``), nil when they follow `timeZone` alone. Optional, so that
    /// snapshots written before it existed decode.
    private var zones: ZoneSchedule?

    // State of the implied-speed rule. Optional, so that snapshots written before it existed decode (as nil).
    /// The latest fix that passed the accuracy check: the end of the chain of the speed integral.
    private var previous: LocationFix?
    /// The integral of the reported speed (m) from the anchor to `previous`, nil when some fix on the way reported
    /// no speed.
    private var speedIntegral: Double?
    /// The speed (m/s) of the step that reached the anchor, to judge spikes by when the fixes report no speed.
    private var anchorSpeed: Double?
    /// A suspected spike, waiting for the next fix to confirm it or to come back.
    private var suspect: Suspect?

    private struct RunFix: Sendable, Hashable, Codable {
        var fix: LocationFix
        var dayNumber: Int?
        var moving: Bool
    }

    private struct Suspect: Sendable, Hashable, Codable {
        var fix: LocationFix
        var dayNumber: Int?
        var moving: Bool
        /// The speed integral from the anchor to the suspect, nil when not known.
        var speedIntegral: Double?
    }

    /// Creates an empty odometer whose days are local days in `timeZone`.
    public init(configuration: Odometer.Configuration = .init(), timeZone: TimeZone) {
        self.configuration = configuration
        self.timeZone = timeZone
    }

    // MARK: Reading

    /// The tally of the current (latest) day, or nil before the first dated fix.
    public var today: DailyDistance? { history.last }

    /// The tally of `day`, or nil when no fix fell on it.
    public func tally(on day: LocalDay) -> DailyDistance? {
        history.last { $0.day == day }
    }

    /// Distance in metres over the whole history (dated and undated).
    public var totalDistance: Double {
        history.reduce(undated?.distance ?? 0) { $0 + $1.distance }
    }

    // MARK: Inputs

    /// Takes an activity update: fixes from now on are gated by `update.activity`.
    /// Push updates and fixes in time order; an update emits nothing by itself.
    /// - Complexity: O(1).
    public mutating func push(_ update: ActivityUpdate) {
        activity = update.activity
    }

    /// From now on, days are local days in `zone` (the person travelled). The
    /// current day goes on; it never moves back to an earlier date.
    /// - Complexity: O(1).
    public mutating func changeTimeZone(to zone: TimeZone) {
        timeZone = zone
        zones = nil
    }

    /// From now on, each fix's day is a local day in the zone `zones` gives at the fix's time (``ZoneSchedule``):
    /// the zone changes at each change's instant, wherever it falls among the fixes, with the rule of
    /// ``changeTimeZone(to:)`` (days never go back, so Europe/Rome → America/New_York makes a 30-h day). The same
    /// days as the epoch tables' under that schedule. A later ``changeTimeZone(to:)`` ends the schedule.
    /// - Complexity: O(1); each fix then looks its zone up in O(log changes).
    package mutating func follow(_ zones: ZoneSchedule) {
        self.zones = zones
        if currentDayNumber == nil { timeZone = zones.initial }
    }

    /// The recording was interrupted (e.g. a new GPX track segment begins): the
    /// next fix becomes the anchor without adding the distance from the last one.
    /// A pending run of jumps is dropped (its fixes stay counted as jumps).
    /// - Complexity: O(1).
    public mutating func startNewSegment() {
        anchor = nil
        run.removeAll()
        previous = nil
        speedIntegral = nil
        anchorSpeed = nil
        suspect = nil  // it stays counted as a spike
    }

    /// Takes one input of a recording (``RecordedInputs``): a fix of any kind as ``push(_:emit:)-(LocationFix,_)`` (the odometer
    /// judges the order itself, by the same rule), a track-segment break as ``startNewSegment()``, an activity update
    /// as ``push(_:)``; a sample adds nothing. Calls `emit` once for each fix.
    /// - Complexity: as the input's own method.
    public mutating func push(_ input: MotionInput, emit: (DistanceUpdate) -> Void) {
        switch input {
        case .fix(let fix), .outOfOrderFix(let fix), .untimedFix(let fix): push(fix, emit: emit)
        case .segmentBreak: startNewSegment()
        case .activity(let update): push(update)
        case .sample: break
        }
    }

    /// Takes one fix (in time order) and calls `emit` once with what was done
    /// with it and the tally of the day it counted on. A fix whose time is NaN
    /// (a GPX point without `<time>`) counts in ``undated``: the accuracy and
    /// jump filters apply to it, the moving gate and the time-order check do not.
    /// - Complexity: O(1) (a re-anchoring after a run of jumps: O(run length));
    ///   no allocation but the rare re-anchoring that credits earlier days.
    public mutating func push(_ fix: LocationFix, emit: (DistanceUpdate) -> Void) {
        var earlier: [DailyDistance] = []
        if fix.time.isNaN {
            let outcome = fix.hasValidPosition
                ? screen(fix, day: nil, moving: true, earlier: &earlier) : countInvalid(day: nil)
            emit(DistanceUpdate(time: .nan, outcome: outcome, tally: undated!, earlierTallies: earlier))
            return
        }
        let outcome = recordTimed(fix, earlier: &earlier)
        // A fix with a finite time counts on its day, which is the latest; one with an infinite time on the
        // current day, or in the undated tally before the first day.
        emit(DistanceUpdate(time: fix.time, outcome: outcome, tally: history.last ?? undated!, earlierTallies: earlier))
    }

    private mutating func recordTimed(_ fix: LocationFix, earlier: inout [DailyDistance]) -> FixOutcome {
        guard fix.time.isFinite, fix.hasValidPosition else {
            return countInvalid(day: fix.time.isFinite ? enterDay(containing: fix.time) : currentDayNumber)
        }
        let day = enterDay(containing: fix.time)
        if let latestTime, fix.time <= latestTime {
            modifyTally(day) { $0.count(.outOfOrder) }
            return .rejected(.outOfOrder)
        }
        latestTime = fix.time
        return screen(fix, day: day, moving: isMoving, earlier: &earlier)
    }

    private mutating func countInvalid(day: Int?) -> FixOutcome {
        modifyTally(day) { $0.count(.invalid) }
        return .rejected(.invalid)
    }

    /// Feeds `fixes` and `activities` merged by time (an update applies to fixes
    /// at or after its start) and returns the odometer. Same result as pushing
    /// them one by one.
    /// - Complexity: O(n + m).
    public static func measuring(
        _ fixes: some Sequence<LocationFix>,
        activities: some Sequence<ActivityUpdate> = [ActivityUpdate](),
        configuration: Odometer.Configuration = .init(),
        timeZone: TimeZone
    ) -> Odometer {
        var odometer = Odometer(configuration: configuration, timeZone: timeZone)
        var updates = activities.makeIterator()
        var pending = updates.next()
        for fix in fixes {
            while let update = pending, update.start <= fix.time {
                odometer.push(update)
                pending = updates.next()
            }
            odometer.push(fix) { _ in }
        }
        return odometer
    }

    // MARK: Rules

    private var isMoving: Bool {
        guard let moving = configuration.movingActivities else { return true }
        guard let activity else { return false }
        return moving.contains(activity)
    }

    /// Accuracy, jump and moving rules for a fix that passed the time checks. Fixes without a time (and any fix
    /// while the anchor has none) are judged by the fixed distance: no speed can be implied without a time.
    private mutating func screen(_ fix: LocationFix, day: Int?, moving: Bool, earlier: inout [DailyDistance]) -> FixOutcome {
        if configuration.rule == .impliedSpeed && fix.time.isFinite && (anchor?.time.isFinite ?? true) {
            return screenBySpeed(fix, day: day, moving: moving, earlier: &earlier)
        }
        return screenByDistance(fix, day: day, moving: moving, earlier: &earlier)
    }

    /// The fixed-distance rule: the odometer as it was before the implied-speed rule.
    private mutating func screenByDistance(_ fix: LocationFix, day: Int?, moving: Bool, earlier: inout [DailyDistance]) -> FixOutcome {
        previous = nil
        speedIntegral = nil
        anchorSpeed = nil
        suspect = nil
        if let accuracy = fix.horizontalAccuracy {
            if accuracy > configuration.maximumHorizontalAccuracy {
                modifyTally(day) { $0.count(.inaccurate) }
                return .rejected(.inaccurate)
            }
        } else if !configuration.trustsFixesWithoutAccuracy {
            modifyTally(day) { $0.count(.inaccurate) }
            return .rejected(.inaccurate)
        }

        guard let anchor else {
            self.anchor = fix
            return addSegment(0, day: day, moving: moving)
        }
        let distance = Geodesic.distance(from: anchor, to: fix)
        if distance <= configuration.jumpLimit {
            run.removeAll(keepingCapacity: true)  // its fixes stay counted as jumps
            self.anchor = fix
            return addSegment(distance, day: day, moving: moving)
        }

        // A jump: extend the run of consistent jumps or start a new one.
        if let last = run.last, Geodesic.distance(from: last.fix, to: fix) <= configuration.jumpLimit {
            run.append(RunFix(fix: fix, dayNumber: day, moving: moving))
        } else {
            run.removeAll(keepingCapacity: true)
            run.append(RunFix(fix: fix, dayNumber: day, moving: moving))
        }
        modifyTally(day) { $0.count(.jump) }
        guard run.count >= max(2, configuration.consistentFixesToReanchor) else { return .rejected(.jump) }
        return reanchor(day: day, earlier: &earlier)
    }

    /// The implied-speed rule (``Odometer/Configuration/Rule/impliedSpeed``) for a timed fix that passed the time
    /// checks, the anchor timed too.
    private mutating func screenBySpeed(_ fix: LocationFix, day: Int?, moving: Bool, earlier: inout [DailyDistance]) -> FixOutcome {
        let rule = ImpliedSpeedRule(configuration: configuration)
        if fix.horizontalAccuracy == nil && !configuration.trustsFixesWithoutAccuracy { return rejectInaccurate(day: day) }
        let coarse = fix.horizontalAccuracy.map { $0 > configuration.maximumHorizontalAccuracy } ?? false
        guard let anchor else {
            // Even a coarse fix may start: its circle only decides which later steps mean something.
            setAnchor(fix, speed: nil)
            return addSegment(0, day: day, moving: moving)
        }
        let chord = Geodesic.distance(from: anchor, to: fix)
        // The speed integral from the anchor, along every fix since — inaccurate ones, spikes and jumps too: a
        // speed is measured apart from the position that went wrong, and skipping a still phone's indoor fixes
        // would stretch a walking speed over the time it stood.
        let last = previous ?? anchor
        let stepIntegral = rule.speedIntegral(from: last, to: fix)
        let integral = speedIntegral.flatMap { sum in stepIntegral.map { sum + $0 } }
        previous = fix
        speedIntegral = integral
        // A circle too large for the step makes it meaningless; a small one against a long step does not.
        if coarse, let accuracy = fix.horizontalAccuracy, chord < configuration.coarseFixStepRatio * accuracy {
            return rejectInaccurate(day: day)
        }
        if let accuracy = anchor.horizontalAccuracy, accuracy > configuration.maximumHorizontalAccuracy,
           chord < configuration.coarseFixStepRatio * accuracy {
            // The anchor itself was coarse, and this fix is nearer than its circle means anything: start from the
            // better position, adding nothing.
            run.removeAll(keepingCapacity: true)
            setAnchor(fix, speed: nil)
            return addSegment(0, day: day, moving: moving)
        }

        if let pending = suspect {
            suspect = nil
            if let outcome = resolve(pending, by: fix, day: day, moving: moving, stepIntegral: stepIntegral,
                                     rule: rule, earlier: &earlier) {
                return outcome
            }
        }

        // A fix that continues a pending run of jumps (nearer its last fix than the anchor, and reachable from it)
        // extends the run even if the anchor could be reached: the run is the later evidence of where the person is.
        if let last = run.last?.fix {
            let fromRun = Geodesic.distance(from: last, to: fix)
            if fromRun < chord && rule.isReachable(from: last, to: fix, distance: fromRun, activity: activity) {
                return jump(fix, day: day, moving: moving, rule: rule, earlier: &earlier)
            }
        }
        if !rule.isReachable(from: anchor, to: fix, distance: chord, activity: activity) {
            return jump(fix, day: day, moving: moving, rule: rule, earlier: &earlier)
        }
        run.removeAll(keepingCapacity: true)  // its fixes stay counted as jumps
        let elapsed = fix.time - anchor.time
        guard moving else {
            setAnchor(fix, speed: chord / elapsed)
            return addSegment(0, day: day, moving: false)
        }
        if rule.isStill(from: anchor, to: fix, distance: chord, previous: last) {
            // Parked: the anchor stays where it is, as of now (the person was there until this fix).
            var held = anchor
            held.time = fix.time
            held.speed = fix.speed
            setAnchor(held, speed: ImpliedSpeedRule.reportedSpeed(of: fix) ?? 0)
            previous = fix  // the next still test takes the speed from this fix, not from the anchor's position
            modifyTally(day) { $0.count(.still) }
            return .rejected(.still)
        }
        if rule.isSuspect(from: anchor, to: fix, distance: chord, anchorSpeed: anchorSpeed) {
            suspect = Suspect(fix: fix, dayNumber: day, moving: moving, speedIntegral: integral)
            modifyTally(day) { $0.count(.spike) }
            return .rejected(.spike)
        }
        let (length, measure) = rule.length(from: anchor, to: fix, chord: chord, integral: integral)
        setAnchor(fix, speed: chord / elapsed)
        return addSegment(length, day: day, moving: true, measure: measure)
    }

    /// A suspected spike meets the next fix: a fix that comes back (nearer the anchor than the suspect) leaves it a
    /// spike; one reachable from it confirms it, and both steps are added (returned: the next fix's outcome); else
    /// nil, and the next fix is judged from the anchor.
    private mutating func resolve(_ pending: Suspect, by fix: LocationFix, day: Int?, moving: Bool, stepIntegral: Double?,
                                  rule: ImpliedSpeedRule, earlier: inout [DailyDistance]) -> FixOutcome? {
        guard let anchor else { return nil }
        let onward = Geodesic.distance(from: pending.fix, to: fix)
        guard Geodesic.distance(from: anchor, to: fix) >= onward,
              rule.isReachable(from: pending.fix, to: fix, distance: onward, activity: activity) else { return nil }
        let toSuspect = rule.length(from: anchor, to: pending.fix, chord: Geodesic.distance(from: anchor, to: pending.fix),
                                    integral: pending.speedIntegral)
        modifyTally(pending.dayNumber) { tally in
            tally.rejectedSpikes -= 1
            tally.acceptedFixes += 1
            tally.distance += toSuspect.0
            tally.record(toSuspect.1)
        }
        if let suspectDay = pending.dayNumber.map(LocalDay.init(daysSince1970:)), suspectDay != history.last?.day,
           let tally = history.last(where: { $0.day == suspectDay }) {
            earlier.append(tally)
        }
        let onwardLength = rule.length(from: pending.fix, to: fix, chord: onward, integral: stepIntegral)
        setAnchor(fix, speed: onward / (fix.time - pending.fix.time))
        let outcome = addSegment(onwardLength.0, day: day, moving: moving, measure: onwardLength.1)
        if case .accepted(let distance) = outcome, pending.dayNumber == day {
            return .accepted(distance: distance + toSuspect.0)
        }
        return outcome
    }

    /// A jump under the implied-speed rule: starts or extends the run of mutually reachable jumps, and re-anchors
    /// when it is long enough.
    private mutating func jump(_ fix: LocationFix, day: Int?, moving: Bool, rule: ImpliedSpeedRule,
                               earlier: inout [DailyDistance]) -> FixOutcome {
        if let last = run.last,
           rule.isReachable(from: last.fix, to: fix, distance: Geodesic.distance(from: last.fix, to: fix), activity: activity) {
            run.append(RunFix(fix: fix, dayNumber: day, moving: moving))
        } else {
            run.removeAll(keepingCapacity: true)
            run.append(RunFix(fix: fix, dayNumber: day, moving: moving))
        }
        modifyTally(day) { $0.count(.jump) }
        guard run.count >= max(2, configuration.consistentFixesToReanchor) else { return .rejected(.jump) }
        let end = run[run.count - 1].fix, before = run[run.count - 2].fix
        let outcome = reanchor(day: day, earlier: &earlier)
        setAnchor(end, speed: Geodesic.distance(from: before, to: end) / (end.time - before.time))
        return outcome
    }

    /// Makes `fix` the anchor under the implied-speed rule: the speed integral starts afresh from it.
    private mutating func setAnchor(_ fix: LocationFix, speed: Double?) {
        anchor = fix
        previous = fix
        speedIntegral = 0
        anchorSpeed = speed.flatMap { $0.isFinite ? $0 : nil }
    }

    private mutating func rejectInaccurate(day: Int?) -> FixOutcome {
        modifyTally(day) { $0.count(.inaccurate) }
        return .rejected(.inaccurate)
    }

    /// Moves the anchor to the end of the run, turning its jumps into accepted
    /// (or not-moving) fixes and adding the distance observed along it. `earlier`
    /// gets the new tallies of the days before the latest one that the run's fixes counted on.
    private mutating func reanchor(day: Int?, earlier: inout [DailyDistance]) -> FixOutcome {
        var added = 0.0
        for index in run.indices {
            let element = run[index]
            let segment = index == 0 ? 0 : Geodesic.distance(from: run[index - 1].fix, to: element.fix)
            modifyTally(element.dayNumber) { tally in
                tally.rejectedJumps -= 1
                if element.moving {
                    tally.acceptedFixes += 1
                    tally.distance += segment
                } else {
                    tally.count(.notMoving)
                }
            }
            if element.moving { added += segment }
        }
        anchor = run[run.count - 1].fix
        let latestDay = history.last?.day
        for tally in history where tally.day != latestDay
            && run.contains(where: { $0.dayNumber.map(LocalDay.init(daysSince1970:)) == tally.day }) {
            earlier.append(tally)
        }
        run.removeAll(keepingCapacity: true)
        modifyTally(day) { $0.reanchors += 1 }
        return .reanchored(distance: added)
    }

    private mutating func addSegment(_ distance: Double, day: Int?, moving: Bool,
                                     measure: ImpliedSpeedRule.Measure = .chord(sparse: false)) -> FixOutcome {
        guard moving else {
            modifyTally(day) { $0.count(.notMoving) }
            return .rejected(.notMoving)
        }
        modifyTally(day) {
            $0.acceptedFixes += 1
            $0.distance += distance
            $0.record(measure)
        }
        return .accepted(distance: distance)
    }

    // MARK: Days

    /// The day number of `time`, never earlier than the current day; opens a
    /// new tally when the day is new.
    private mutating func enterDay(containing time: Double) -> Int {
        if let zones { timeZone = zones.zone(at: time) }
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: time))
        let local = time + Double(offset - configuration.dayStart)
        var number = Int(max(-1e15, min(1e15, (local / 86_400).rounded(.down))))  // finite but absurd times must not trap
        if let current = currentDayNumber, number <= current {
            number = current
        } else {
            currentDayNumber = number
            history.append(DailyDistance(day: LocalDay(daysSince1970: number)))
        }
        return number
    }

    /// Applies `change` to the tally of `dayNumber` (nil: the undated tally).
    private mutating func modifyTally(_ dayNumber: Int?, _ change: (inout DailyDistance) -> Void) {
        guard let dayNumber else {
            var tally = undated ?? DailyDistance(day: nil)
            change(&tally)
            undated = tally
            return
        }
        let day = LocalDay(daysSince1970: dayNumber)
        guard let index = history.lastIndex(where: { $0.day == day }) else { return }
        change(&history[index])
    }
}

extension DailyDistance {
    /// Counts how a step was measured (speed-lengthened, or a sparse chord).
    mutating func record(_ measure: ImpliedSpeedRule.Measure) {
        switch measure {
        case .chord(let sparse): if sparse { sparseChordSteps += 1 }
        case .speed(let extra):
            speedSteps += 1
            speedAddedDistance += extra
        }
    }
}

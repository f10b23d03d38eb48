import Foundation

/// Daily distance from location fixes: a geodesic sum of consecutive accepted
/// fixes, with a jump filter, an accuracy filter, an optional moving gate and a
/// reset at the start of each local day.
///
/// A stage of the streaming contract (<doc:StreamingStages>): push fixes in time
/// order with ``push(_:emit:)-(LocationFix,_)``, which emits a ``DistanceUpdate`` for each; push
/// activity updates (from the classifier, or given) with ``push(_:)`` as they
/// happen, and a change of time zone with ``changeTimeZone(to:)``. ``history``
/// holds one ``DailyDistance`` per local day. A fix whose time is NaN (a GPX
/// point without `<time>`) is measured for length in the ``undated`` tally.
///
/// Rules, in the order they are applied to each fix:
/// 1. Impossible values (not ``LocationFix/hasValidPosition``) are rejected as ``FixRejection/invalid``.
/// 2. A time not after the latest fix seen is ``FixRejection/outOfOrder``.
/// 3. Accuracy worse than the limit (or missing, if not trusted) is
///    ``FixRejection/inaccurate``; such a fix never anchors.
/// 4. Within the jump limit (`jumpLimit`, 50 m) of the anchor (the last accepted
///    fix): the segment is added if the activity counts as moving, else the fix
///    is ``FixRejection/notMoving``; either way it becomes the anchor.
/// 5. Farther: a ``FixRejection/jump``. Consecutive jumps each within the limit
///    of the previous one form a run; when the run reaches
///    `consistentFixesToReanchor` fixes (a tuning parameter of ``Odometer/Configuration``) the anchor moves
///    to its end, the distance along the run is added (it was observed) and its
///    fixes count as accepted after all. The unobserved gap to the run is never added.
///
/// Days: a fix belongs to the local date of `time − dayStart` in the odometer's
/// current time zone; days never go backwards (after a westward zone change the
/// current day goes on until the new zone reaches the next day start). A segment
/// belongs to the day of the fix that ends it.
///
/// The value is Codable: encode it, restart, decode it and go on — the totals
/// are the same as an uninterrupted run. It never reads the clock or the system
/// time zone.
///
/// - Complexity: O(1) per fix (one geodesic, one time-zone offset look-up); the
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

    private struct RunFix: Sendable, Hashable, Codable {
        var fix: LocationFix
        var dayNumber: Int?
        var moving: Bool
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
    }

    /// The recording was interrupted (e.g. a new GPX track segment begins): the
    /// next fix becomes the anchor without adding the distance from the last one.
    /// A pending run of jumps is dropped (its fixes stay counted as jumps).
    /// - Complexity: O(1).
    public mutating func startNewSegment() {
        anchor = nil
        run.removeAll()
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

    /// Accuracy, jump and moving rules for a fix that passed the time checks.
    private mutating func screen(_ fix: LocationFix, day: Int?, moving: Bool, earlier: inout [DailyDistance]) -> FixOutcome {
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

    private mutating func addSegment(_ distance: Double, day: Int?, moving: Bool) -> FixOutcome {
        guard moving else {
            modifyTally(day) { $0.count(.notMoving) }
            return .rejected(.notMoving)
        }
        modifyTally(day) {
            $0.acceptedFixes += 1
            $0.distance += distance
        }
        return .accepted(distance: distance)
    }

    // MARK: Days

    /// The day number of `time`, never earlier than the current day; opens a
    /// new tally when the day is new.
    private mutating func enterDay(containing time: Double) -> Int {
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

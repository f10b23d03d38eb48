import Foundation

/// The engine's odometer, fed each fix once the activity at the fix's time is final.
///
/// Activity updates hold from where the activity began, which may be before fixes already seen; so a fix waits
/// until no later update can start at or before its time (the settled time), then goes to the odometer after every
/// update that starts at or before it — exactly `Odometer.measuring(fixes, activities:)` over the whole input.
/// Items without a time (untimed fixes, segment breaks, time-zone changes) keep their place among the fixes.
struct OdometerFeed: Sendable, Codable {
    private(set) var odometer: Odometer
    private var waiting = InputQueue<FixStreamItem>()
    private var updates = InputQueue<ActivityUpdate>()
    /// Whether the latest fix was a jump, so that the next one may re-anchor (and credit earlier days).
    private var jumpPending = false

    init(configuration: OdometerConfiguration, timeZone: TimeZone) {
        odometer = Odometer(configuration: configuration, timeZone: timeZone)
    }

    /// Fixes waiting for their activity.
    var waitingCount: Int { waiting.count }

    mutating func add(_ update: ActivityUpdate) {
        updates.append(update)
    }

    mutating func add(_ item: FixStreamItem) {
        waiting.append(item)
    }

    /// Records every waiting item before `settled` (all of them for `.infinity`), appending the distance updates.
    mutating func settle(before settled: Double, into events: inout [MotionEvent]) {
        while let item = waiting.first {
            switch item {
            case .fix(let fix):
                guard fix.time < settled else { return }
                while let update = updates.first, update.start <= fix.time {
                    odometer.record(update)
                    _ = updates.removeFirst()
                }
                record(fix, timed: true, into: &events)
            case .untimedFix(let fix):
                record(fix, timed: false, into: &events)
            case .segmentBreak:
                odometer.startNewSegment()
            case .timeZone(let zone):
                odometer.changeTimeZone(to: zone)
            }
            _ = waiting.removeFirst()
        }
    }

    private mutating func record(_ fix: LocationFix, timed: Bool, into events: inout [MotionEvent]) {
        // A re-anchoring may credit the fixes of earlier days: compare their tallies (only after a jump).
        let before = jumpPending ? odometer.history : []
        let outcome = timed ? odometer.record(fix) : odometer.recordUntimed(fix)
        jumpPending = outcome == .rejected(.jump)
        let time = timed ? fix.time : .nan
        let tally = timed ? odometer.today : odometer.undated
        var earlier: [DailyDistance] = []
        if case .reanchored = outcome {
            earlier = odometer.history.dropLast().filter { !before.contains($0) }
        }
        if let tally {
            events.append(.distance(DistanceUpdate(time: time, outcome: outcome, tally: tally, earlierTallies: earlier)))
        }
    }
}

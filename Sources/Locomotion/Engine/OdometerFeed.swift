import Foundation

/// The engine's odometer, fed each fix once the activity at the fix's time is final.
///
/// Activity updates hold from where the activity began, which may be before fixes already seen; so a fix waits
/// until no later update can start at or before its time (the settled time), then goes to the odometer after every
/// update that starts at or before it — exactly `Odometer.measuring(fixes, activities:)` over the whole input.
/// Items without a time (untimed and out-of-order fixes, segment breaks, time-zone changes) keep their place among
/// the fixes.
struct OdometerFeed: Sendable, Codable {
    private(set) var odometer: Odometer
    private var waiting = InputQueue<FixStreamItem>()
    private var updates = InputQueue<ActivityUpdate>()

    init(configuration: Odometer.Configuration, timeZone: TimeZone) {
        odometer = Odometer(configuration: configuration, timeZone: timeZone)
    }

    /// Days from now on follow `zones` (`Odometer.follow(_:)`).
    mutating func follow(_ zones: ZoneSchedule) {
        odometer.follow(zones)
    }

    /// Fixes waiting for their activity.
    var waitingCount: Int { waiting.count }

    mutating func add(_ update: ActivityUpdate) {
        updates.append(update)
    }

    mutating func add(_ item: FixStreamItem) {
        waiting.append(item)
    }

    /// Records every waiting item before `settled` (all of them for `.infinity`), emitting the distance updates.
    mutating func settle(before settled: Double, emit: (MotionEvent) -> Void) {
        while let item = waiting.first {
            switch item {
            case .fix(let fix):
                guard fix.time < settled else { return }
                while let update = updates.first, update.start <= fix.time {
                    odometer.push(update)
                    _ = updates.removeFirst()
                }
                record(fix, emit: emit)
            case .untimedFix(let fix), .outOfOrderFix(let fix):
                record(fix, emit: emit)
            case .segmentBreak:
                odometer.startNewSegment()
            case .timeZone(let zone):
                odometer.changeTimeZone(to: zone)
            }
            _ = waiting.removeFirst()
        }
    }

    private mutating func record(_ fix: LocationFix, emit: (MotionEvent) -> Void) {
        odometer.push(fix) { emit(.distance($0)) }
    }
}

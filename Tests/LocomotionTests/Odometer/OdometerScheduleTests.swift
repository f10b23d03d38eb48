import Foundation
import Testing
@testable import Locomotion

/// The odometer (alone and in the engine) following a ``ZoneSchedule``: its days are the epoch grid's days under
/// the same schedule, so `distance` and `summarize` split a traveller's days as `daily` does.
@Suite("Odometer under a zone schedule")
struct OdometerScheduleTests {
    let rome = TimeZone(identifier: "Europe/Rome")!, newYork = TimeZone(identifier: "America/New_York")!
    /// 2024-03-01T14:00:00Z: 15:00 in Rome, 09:00 in New York.
    let flight = 1_709_301_600.0

    /// One fix a minute, 40 m apart, from `start` for `minutes` minutes.
    func minuteTrack(from start: Double, minutes: Int) -> [LocationFix] {
        northwardTrack(start: start, count: minutes, interval: 60, step: 40, latitude: 40)
    }

    /// The minute epochs in [from, to) counted per day (days since 1970), as the epoch tables place them.
    func epochMinutesPerDay(_ zones: ZoneSchedule, from: Double, to: Double) -> [Int: Int] {
        let grid = LocalEpochGrid(RecordingTables.Configuration(length: 60, zones: zones))
        var counts: [Int: Int] = [:]
        var start = grid.epochStart(containing: from)
        while start < to {
            counts[grid.dayNumber(ofEpochStartingAt: start), default: 0] += 1
            start = grid.epochEnd(startingAt: start)
        }
        return counts
    }

    func fixesPerDay(_ odometer: Odometer) -> [Int: Int] {
        Dictionary(odometer.history.map { ($0.day!.daysSince1970, $0.acceptedFixes) }, uniquingKeysWith: +)
    }

    @Test("flying west (Rome → New York) and east: one fix a minute counts on the days the epoch grid gives each minute (30 h, 18 h)",
          arguments: [false, true])
    func daysOfTheGrid(west: Bool) throws {
        let zones = try #require(ZoneSchedule(initial: west ? rome : newYork,
                                              changes: [.init(time: flight, zone: west ? newYork : rome)]))
        let from = flight - 3 * 86_400, minutes = 6 * 1440
        let track = minuteTrack(from: from, minutes: minutes)
        var odometer = Odometer(timeZone: zones.initial)
        odometer.follow(zones)
        for fix in track { odometer.push(fix) { _ in } }
        #expect(fixesPerDay(odometer) == epochMinutesPerDay(zones, from: from, to: from + Double(minutes) * 60))
        let march1 = LocalDay("2024-03-01")!
        #expect(odometer.tally(on: march1)?.acceptedFixes == (west ? 30 : 18) * 60)
        #expect(abs(odometer.totalDistance - pathLength(track)) < 1e-6)
        #expect(odometer.timeZone == zones.changes[0].zone)
    }

    @Test("following a schedule is changing the zone at each change's instant, among the fixes")
    func sameAsChangingAtTheInstant() throws {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let zones = try #require(ZoneSchedule(initial: rome, changes: [.init(time: flight + 30, zone: newYork),
                                                                        .init(time: flight + 2 * 86_400 + 7, zone: tokyo)]))
        let track = minuteTrack(from: flight - 86_400, minutes: 5 * 1440)
        var followed = Odometer(timeZone: rome)
        followed.follow(zones)
        var changed = Odometer(timeZone: rome)
        var next = 0
        for fix in track {
            while next < zones.changes.count, zones.changes[next].time <= fix.time {
                changed.changeTimeZone(to: zones.changes[next].zone)
                next += 1
            }
            followed.push(fix) { _ in }
            changed.push(fix) { _ in }
        }
        #expect(followed.history == changed.history)
        #expect(followed.history.map(\.day?.description) == ["2024-02-29", "2024-03-01", "2024-03-02", "2024-03-03", "2024-03-04", "2024-03-05"])
    }

    @Test("a snapshot keeps the schedule: encoded halfway, decoded, the days are an uninterrupted run's")
    func snapshot() throws {
        let zones = try #require(ZoneSchedule(initial: rome, changes: [.init(time: flight, zone: newYork)]))
        let track = minuteTrack(from: flight - 86_400, minutes: 3 * 1440)
        var whole = Odometer(timeZone: rome)
        whole.follow(zones)
        var first = whole
        for fix in track { whole.push(fix) { _ in } }
        for fix in track.prefix(1440) { first.push(fix) { _ in } }
        var resumed = try JSONDecoder().decode(Odometer.self, from: JSONEncoder().encode(first))
        for fix in track.dropFirst(1440) { resumed.push(fix) { _ in } }
        #expect(resumed == whole)
        #expect(whole.tally(on: LocalDay("2024-03-01")!)?.acceptedFixes == 30 * 60)
    }

    @Test("the engine built with a schedule gives its odometer the schedule's days")
    func engine() throws {
        let zones = try #require(ZoneSchedule(initial: rome, changes: [.init(time: flight, zone: newYork)]))
        let track = minuteTrack(from: flight - 86_400, minutes: 3 * 1440)
        var configuration = MotionEngine.Configuration()
        configuration.activitySource = .external
        var engine = MotionEngine(configuration: configuration, zones: zones, smoothing: .full)
        for fix in track { try engine.push(fix) { _ in } }
        engine.finish { _ in }
        var alone = Odometer(timeZone: rome)
        alone.follow(zones)
        for fix in track { alone.push(fix) { _ in } }
        // No activity came, so the engine's moving gate rejects every fix: each still counts on its day.
        let counted = engine.odometer.history.map { ($0.day, $0.acceptedFixes + $0.rejectedNotMoving) }
        #expect(counted.map(\.0) == alone.history.map(\.day))
        #expect(counted.map(\.1) == alone.history.map(\.acceptedFixes))
        #expect(counted.map(\.1) == [9 * 60, 30 * 60, 24 * 60, 9 * 60])
        // A change of zone given later ends the schedule (the app knows better from then on).
        var changed = Odometer(timeZone: rome)
        changed.follow(zones)
        changed.changeTimeZone(to: rome)
        for fix in track { changed.push(fix) { _ in } }
        #expect(changed.tally(on: LocalDay("2024-03-01")!)?.acceptedFixes == 24 * 60)
    }
}

import Foundation
import Testing
@testable import Locomotion

/// The instant of a local wall-clock time in `zone` (test side: Foundation's calendar).
func instant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0, in zone: TimeZone) -> Double {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return calendar.date(from: components)!.timeIntervalSince1970
}

func day(_ text: String) -> LocalDay { LocalDay(text)! }

@Suite("Odometer days")
struct OdometerDayTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let newYork = TimeZone(identifier: "America/New_York")!
    let kolkata = TimeZone(identifier: "Asia/Kolkata")!

    /// One fix a minute, 40 m apart, from `start` for `hours`.
    func minuteTrack(from start: Double, hours: Int) -> [LocationFix] {
        northwardTrack(start: start, count: hours * 60 + 1, interval: 60, step: 40, latitude: 40)
    }

    @Test("a segment crossing midnight belongs to the day of the fix that ends it")
    func midnightCrossing() throws {
        let midnight = instant(2026, 6, 2, 0, 0, in: utc)
        let track = northwardTrack(start: midnight - 10, count: 21)  // 23:59:50 … 00:00:10
        let odometer = Odometer.measuring(track, timeZone: utc)
        #expect(odometer.history.map(\.day) == [day("2026-06-01"), day("2026-06-02")])
        let first = odometer.history[0], second = odometer.history[1]
        #expect(first.acceptedFixes == 10)   // 23:59:50 … 23:59:59
        #expect(second.acceptedFixes == 11)  // 00:00:00 … 00:00:10, incl. the segment 23:59:59 → 00:00:00
        #expect(abs(first.distance - pathLength(Array(track[0...9]))) < 1e-9)
        #expect(abs(second.distance - pathLength(Array(track[9...20]))) < 1e-9)
    }

    /// Counts one fix per minute of each local day around a DST change.
    func checkDayLengths(zone: TimeZone, year: Int, month: Int, dstDay: Int, expectedHours: Int) throws {
        let start = instant(year, month, dstDay - 1, 12, 0, in: zone)
        let odometer = Odometer.measuring(minuteTrack(from: start, hours: 48), timeZone: zone)
        let dstDay = LocalDay(year: year, month: month, day: dstDay)
        let dstTally = try #require(odometer.tally(on: dstDay))
        #expect(dstTally.acceptedFixes == expectedHours * 60)
        #expect(abs(dstTally.distance - Double(expectedHours * 60) * 40) < Double(expectedHours * 60) * 40 * 0.005)
        // The day before ends exactly at the DST day's local midnight.
        let before = try #require(odometer.tally(on: LocalDay(daysSince1970: dstDay.daysSince1970 - 1)))
        #expect(before.acceptedFixes == 12 * 60)
    }

    @Test("Europe/Berlin: the spring-forward day has 23 hours")
    func berlinSpring() throws { try checkDayLengths(zone: berlin, year: 2026, month: 3, dstDay: 29, expectedHours: 23) }

    @Test("Europe/Berlin: the fall-back day has 25 hours")
    func berlinAutumn() throws { try checkDayLengths(zone: berlin, year: 2026, month: 10, dstDay: 25, expectedHours: 25) }

    @Test("America/New_York: the spring-forward day has 23 hours")
    func newYorkSpring() throws { try checkDayLengths(zone: newYork, year: 2026, month: 3, dstDay: 8, expectedHours: 23) }

    @Test("America/New_York: the fall-back day has 25 hours")
    func newYorkAutumn() throws { try checkDayLengths(zone: newYork, year: 2026, month: 11, dstDay: 1, expectedHours: 25) }

    @Test("Asia/Kolkata: the day turns at 18:30 UTC")
    func halfHourOffset() throws {
        let boundary = instant(2026, 1, 15, 18, 30, in: utc)
        let track = northwardTrack(start: boundary - 2, count: 4)  // 18:29:58 … 18:30:01 UTC
        let odometer = Odometer.measuring(track, timeZone: kolkata)
        #expect(odometer.history.map(\.day) == [day("2026-01-15"), day("2026-01-16")])
        #expect(odometer.history.map(\.acceptedFixes) == [2, 2])
    }

    @Test("a day start of 03:00 keeps a night shift in one day")
    func dayStart() throws {
        var configuration = Odometer.Configuration()
        configuration.dayStart = 3 * 3600
        let start = instant(2026, 3, 28, 22, 0, in: berlin)  // night into the spring-forward day
        let odometer = Odometer.measuring(minuteTrack(from: start, hours: 6), configuration: configuration, timeZone: berlin)
        // 22:00 … 03:00 local is 4 hours of wall time (02:00 → 03:00 does not exist that night).
        #expect(odometer.history.map(\.day) == [day("2026-03-28"), day("2026-03-29")])
        #expect(odometer.history[0].acceptedFixes == 4 * 60)
        #expect(odometer.history[1].acceptedFixes == 2 * 60 + 1)
    }

    @Test("a westward zone change mid-trip never moves the day backwards")
    func westwardZoneChange() throws {
        // Leaving Berlin at 00:30 on 2 June (22:30 UTC on 1 June) and arriving in
        // New York's zone, where it is still 1 June 18:30.
        let departure = instant(2026, 6, 1, 23, 0, in: berlin)
        let track = minuteTrack(from: departure, hours: 12)
        var odometer = Odometer(timeZone: berlin)
        for fix in track {
            if fix.time == departure + 90 * 60 { odometer.changeTimeZone(to: newYork) }
            odometer.push(fix) { _ in }
        }
        // 2 June began at Berlin midnight and goes on until New York's midnight (04:00 UTC on 3 June).
        #expect(odometer.history.map(\.day) == [day("2026-06-01"), day("2026-06-02")])
        #expect(odometer.history[0].acceptedFixes == 60)
        #expect(odometer.history[1].acceptedFixes == 11 * 60 + 1)
        #expect(odometer.timeZone == newYork)
    }

    @Test("an eastward zone change moves to the new zone's date at once")
    func eastwardZoneChange() throws {
        // 20:00 in New York on 1 June is 02:00 on 2 June in Berlin.
        let start = instant(2026, 6, 1, 19, 0, in: newYork)
        let track = minuteTrack(from: start, hours: 2)
        var odometer = Odometer(timeZone: newYork)
        for fix in track {
            if fix.time == start + 3600 { odometer.changeTimeZone(to: berlin) }
            odometer.push(fix) { _ in }
        }
        #expect(odometer.history.map(\.day) == [day("2026-06-01"), day("2026-06-02")])
        #expect(odometer.history.map(\.acceptedFixes) == [60, 61])
        #expect(abs(odometer.totalDistance - pathLength(track)) < 1e-6)
    }
}

@Suite("LocalDay")
struct LocalDayTests {
    @Test("day numbers and dates convert both ways")
    func roundTrip() {
        for number in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(LocalDay(daysSince1970: number).daysSince1970 == number)
        }
        #expect(LocalDay(daysSince1970: 0) == LocalDay(year: 1970, month: 1, day: 1))
        #expect(LocalDay(daysSince1970: 20_513).description == "2026-03-01")
        #expect(LocalDay(daysSince1970: 11_016).description == "2000-02-29")
    }

    @Test("parses ISO dates and refuses impossible ones")
    func parsing() {
        #expect(LocalDay("2024-02-29") == LocalDay(year: 2024, month: 2, day: 29))
        #expect(LocalDay("2023-02-29") == nil)
        #expect(LocalDay("2023-2-01") == nil)
        #expect(LocalDay("yesterday") == nil)
    }
}

import Foundation
import Testing
@testable import LocomotionIO
import Locomotion

@Suite struct TimeAxisTests {
    @Test func mapsTimesLinearlyOntoPixels() {
        let axis = TimeAxis(start: 100, end: 200, left: 50, right: 1050, labels: .relative(origin: 100))
        #expect(axis.x(100) == 50)
        #expect(axis.x(200) == 1050)
        #expect(axis.x(150) == 550)
        #expect(axis.x(125) == 300)
    }

    @Test func relativeTicksAreRoundMultiplesFromTheOrigin() {
        // 40 minutes with at most 10 ticks: every 5 minutes, labelled h:mm.
        let axis = TimeAxis(start: 1000, end: 3400, left: 0, right: 1000, labels: .relative(origin: 1000))
        let ticks = axis.ticks(maximumCount: 10)
        #expect(ticks.map(\.label) == ["0:00", "0:05", "0:10", "0:15", "0:20", "0:25", "0:30", "0:35", "0:40"])
        #expect(ticks.map(\.time) == stride(from: 1000.0, through: 3400, by: 300).map { $0 })
    }

    @Test func shortRangesUseSecondsLabels() {
        let axis = TimeAxis(start: 0, end: 50, left: 0, right: 500, labels: .relative(origin: 0))
        #expect(axis.spacing(maximumCount: 6) == 10)
        #expect(axis.ticks(maximumCount: 6).map(\.label) == ["0:00", "0:10", "0:20", "0:30", "0:40", "0:50"])
        #expect(axis.title(spacing: 10) == "time since the first sample (m:ss)")
        #expect(axis.title(spacing: 600) == "time since the first sample (h:mm)")
    }

    @Test func absoluteTicksFollowTheLocalClockAndMarkTheDate() throws {
        // 2023-11-14T23:00:00Z to 2023-11-15T03:00:00Z, shown in UTC+1 (Europe/Zurich in winter).
        let zone = try #require(TimeZone(identifier: "Europe/Zurich"))
        let start = 1_700_002_800.0
        let axis = TimeAxis(start: start, end: start + 4 * 3600, left: 0, right: 1000, labels: .absolute(zone))
        let ticks = axis.ticks(maximumCount: 5)
        #expect(ticks.map(\.label) == ["00:00", "01:00", "02:00", "03:00", "04:00"])
        #expect(ticks.first?.date == "2023-11-15")
        #expect(ticks.dropFirst().allSatisfy { $0.date == nil })
        #expect(axis.title(spacing: 3600) == "time (Europe/Zurich, UTC+01:00)")
    }

    @Test func absoluteTicksOffTheHourStartAtTheNextRoundTime() throws {
        let zone = try #require(TimeZone(identifier: "UTC"))
        // 2023-11-14T08:07:30Z for 20 minutes: ticks every 5 minutes from 08:10.
        let start = 1_699_949_250.0
        let axis = TimeAxis(start: start, end: start + 1200, left: 0, right: 1000, labels: .absolute(zone))
        let ticks = axis.ticks(maximumCount: 5)
        #expect(ticks.map(\.label) == ["08:10", "08:15", "08:20", "08:25"])
        #expect(ticks.first?.date == "2023-11-14")
        #expect(axis.title(spacing: 300) == "time (UTC)")
    }

    @Test func scheduledTicksFollowTheZoneInForce() throws {
        // 2024-03-01 08:00Z to 20:00Z; Rome (UTC+1) until the landing at 14:00Z, New York (UTC−5) after.
        let rome = try #require(TimeZone(identifier: "Europe/Rome")), newYork = try #require(TimeZone(identifier: "America/New_York"))
        let landing = 1_709_301_600.0
        let zones = try #require(ZoneSchedule(initial: rome, changes: [.init(time: landing, zone: newYork)]))
        let axis = TimeAxis(start: landing - 6 * 3600, end: landing + 6 * 3600, left: 0, right: 1000, labels: .scheduled(zones))
        let ticks = axis.ticks(maximumCount: 6)  // every 2 h of the local clock
        #expect(ticks.map(\.label) == ["10:00", "12:00", "14:00", "10:00", "12:00", "14:00"])
        #expect(ticks.map(\.time) == [-5, -3, -1, 1, 3, 5].map { landing + Double($0) * 3600 })
        #expect(ticks.first?.date == "2024-03-01" && ticks.dropFirst().allSatisfy { $0.date == nil })
        #expect(axis.title(spacing: 7200) == "local time (Europe/Rome → America/New_York)")
        #expect(ReportText.timeText(landing - 1, labels: .scheduled(zones)) == "14:59:59")
        #expect(ReportText.timeText(landing, labels: .scheduled(zones)) == "09:00:00")
        #expect(ReportText.rangeText(start: landing - 3600, end: landing + 3600, labels: .scheduled(zones))
                == "2024-03-01 14:00 – 10:00 Europe/Rome → America/New_York (2 h 00 min)")
        // A range inside one zone's time names that zone alone.
        let before = TimeAxis(start: landing - 7200, end: landing - 3600, left: 0, right: 1000, labels: .scheduled(zones))
        #expect(before.title(spacing: 600) == "time (Europe/Rome)")
    }

    @Test func aTickJustAfterAChangeOfZoneIsLeftOutWhenItWouldOverlap() throws {
        // Dubai (UTC+4) → Kathmandu (UTC+5:45) at 06:05Z (10:05 in Dubai, 11:50 in Kathmandu), hourly ticks: Dubai's
        // 10:00 at 06:00Z, then Kathmandu's 12:00 at 06:15Z would sit 15 min after it: left out; its 13:00 is kept.
        let dubai = try #require(TimeZone(identifier: "Asia/Dubai")), kathmandu = try #require(TimeZone(identifier: "Asia/Kathmandu"))
        let change = 1_709_273_100.0  // 2024-03-01T06:05:00Z
        let zones = try #require(ZoneSchedule(initial: dubai, changes: [.init(time: change, zone: kathmandu)]))
        let axis = TimeAxis(start: change - 3 * 3600, end: change + 3 * 3600, left: 0, right: 1000, labels: .scheduled(zones))
        let ticks = axis.ticks(maximumCount: 6)
        #expect(ticks.map(\.label) == ["08:00", "09:00", "10:00", "13:00", "14:00"])
        for (previous, next) in zip(ticks, ticks.dropFirst()) { #expect(next.time - previous.time >= 3600) }
    }

    @Test func isoDatesMatchFoundation() {
        // From 1582-10-15 on, where Foundation's Gregorian calendar is proleptic too.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for day in [-141_427, -1, 0, 59, 365, 11_016, 19_675, 20_000, 2_932_896] {
            let components = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(day) * 86400))
            let expected = String(format: "%d-%02d-%02d", components.year!, components.month!, components.day!)
            #expect(TimeAxis.isoDate(daysSince1970: day) == expected, "day \(day)")
        }
    }
}

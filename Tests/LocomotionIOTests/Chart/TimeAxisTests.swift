import Foundation
import Testing
@testable import LocomotionIO

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

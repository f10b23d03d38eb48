import Foundation
import Testing
@testable import Locomotion

@Suite("Local epoch grid")
struct LocalEpochGridTests {
    /// The epochs from `from` to `to` (s), one after another.
    func epochs(_ configuration: RecordingTables.Configuration, from: Double, to: Double) -> [(start: Double, end: Double)] {
        let grid = LocalEpochGrid(configuration)
        var result: [(Double, Double)] = []
        var start = grid.epochStart(containing: from)
        while start < to {
            let end = grid.epochEnd(startingAt: start)
            result.append((start, end))
            start = end
        }
        return result
    }

    /// Counts the minute epochs of a local day around a DST change.
    func minutes(on dayText: String, zone: TimeZone) -> Int {
        let configuration = RecordingTables.Configuration(length: 60, timeZone: zone)
        let grid = LocalEpochGrid(configuration)
        let target = day(dayText)
        let noon = instant(target.year, target.month, target.day, 12, 0, in: zone)
        return epochs(configuration, from: noon - 86_400, to: noon + 86_400)
            .filter { grid.dayNumber(ofEpochStartingAt: $0.start) == target.daysSince1970 }.count
    }

    @Test("minute epochs: 23 h on spring-forward days, 25 h on fall-back days, 24 h otherwise")
    func dstDayLengths() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!, newYork = TimeZone(identifier: "America/New_York")!
        #expect(minutes(on: "2026-03-29", zone: berlin) == 23 * 60)
        #expect(minutes(on: "2026-10-25", zone: berlin) == 25 * 60)
        #expect(minutes(on: "2026-03-08", zone: newYork) == 23 * 60)
        #expect(minutes(on: "2026-11-01", zone: newYork) == 25 * 60)
        #expect(minutes(on: "2026-06-15", zone: berlin) == 24 * 60)
    }

    @Test("epochs tile time without overlap or hole, also where the offset changes off a boundary")
    func contiguity() {
        let zones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"]
        for name in zones {
            let zone = TimeZone(identifier: name)!
            for length in [3600, 86_400] {  // shorter epochs: dstDayLengths, fallBack
                let configuration = RecordingTables.Configuration(length: length, timeZone: zone)
                // A year around both DST changes of either hemisphere.
                let all = epochs(configuration, from: 1_767_225_600, to: 1_767_225_600 + 366 * 86_400)
                for (previous, next) in zip(all, all.dropFirst()) {
                    #expect(previous.end == next.start, "\(name), \(length) s")
                    #expect(next.end > next.start, "\(name), \(length) s")
                }
                #expect(all.allSatisfy { $0.end - $0.start <= Double(length) }, "\(name), \(length) s")
            }
        }
    }

    @Test("epoch boundaries are local: hours start at :30 UTC in Kolkata, days at local midnight")
    func localBoundaries() {
        let kolkata = TimeZone(identifier: "Asia/Kolkata")!
        let grid = LocalEpochGrid(RecordingTables.Configuration(length: 3600, timeZone: kolkata))
        let start = grid.epochStart(containing: instant(2026, 1, 5, 10, 45, in: kolkata))
        #expect(start == instant(2026, 1, 5, 10, 0, in: kolkata))
        #expect(start.truncatingRemainder(dividingBy: 3600) == 1800)
        let midnight = instant(2026, 1, 6, 0, 0, in: kolkata)
        #expect(grid.dayNumber(ofEpochStartingAt: midnight - 3600) == day("2026-01-05").daysSince1970)
        #expect(grid.dayNumber(ofEpochStartingAt: midnight) == day("2026-01-06").daysSince1970)
    }

    @Test("a day start moves the day boundary")
    func dayStart() {
        let grid = LocalEpochGrid(RecordingTables.Configuration(length: 60, timeZone: utc, dayStart: 3 * 3600))
        #expect(grid.dayNumber(ofEpochStartingAt: instant(2026, 1, 6, 2, 59, in: utc)) == day("2026-01-05").daysSince1970)
        #expect(grid.dayNumber(ofEpochStartingAt: instant(2026, 1, 6, 3, 0, in: utc)) == day("2026-01-06").daysSince1970)
    }

    @Test("configurations that cannot tile a day are refused with a reason")
    func problems() {
        #expect(RecordingTables.Configuration(length: 60, timeZone: utc).problem == nil)
        #expect(RecordingTables.Configuration(length: 7, timeZone: utc).problem != nil)
        #expect(RecordingTables.Configuration(length: 0, timeZone: utc).problem != nil)
        #expect(RecordingTables.Configuration(length: 3600, timeZone: utc, dayStart: 1800).problem != nil)
        #expect(RecordingTables.Configuration(length: 60, timeZone: utc, maximumGap: .nan).problem != nil)
    }
}

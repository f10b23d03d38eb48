import Foundation
import Testing
@testable import Locomotion

@Suite("Zone schedule")
struct ZoneScheduleTests {
    let rome = TimeZone(identifier: "Europe/Rome")!, newYork = TimeZone(identifier: "America/New_York")!
    /// 2024-03-01T14:00:00Z: 15:00 in Rome, 09:00 in New York.
    let flight = 1_709_301_600.0

    /// The minute epochs from `from` to `to` with the day of each (as the grid places it).
    func minutesPerDay(_ zones: ZoneSchedule, from: Double, to: Double) -> [Int: Int] {
        let grid = LocalEpochGrid(RecordingTables.Configuration(length: 60, zones: zones))
        var counts: [Int: Int] = [:]
        var start = grid.epochStart(containing: from)
        while start < to {
            let end = grid.epochEnd(startingAt: start)
            #expect(end > start)
            counts[grid.dayNumber(ofEpochStartingAt: start), default: 0] += 1
            start = end
        }
        return counts
    }

    @Test("zone(at:) is the last change at or before the instant, the first zone before every change")
    func lookUp() throws {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let zones = try #require(ZoneSchedule(initial: rome, changes: [.init(time: 100, zone: newYork), .init(time: 200, zone: tokyo)]))
        #expect(zones.zone(at: -1e9) == rome && zones.zone(at: 99.9) == rome)
        #expect(zones.zone(at: 100) == newYork && zones.zone(at: 199) == newYork)
        #expect(zones.zone(at: 200) == tokyo && zones.zone(at: 1e12) == tokyo)
        #expect(ZoneSchedule(rome).zone(at: flight) == rome)
        #expect(ZoneSchedule(initial: rome, changes: [.init(time: 200, zone: newYork), .init(time: 100, zone: tokyo)]) == nil)
        #expect(ZoneSchedule(initial: rome, changes: [.init(time: 100, zone: newYork), .init(time: 100, zone: tokyo)]) == nil)
        #expect(ZoneSchedule(initial: rome, changes: [.init(time: .nan, zone: newYork)]) == nil)
    }

    @Test("the day of a flight west lasts 30 h (Rome until 15:00, then New York from 09:00), east 18 h; the days around are 24 h")
    func flightDayLengths() throws {
        let march1 = LocalDay("2024-03-01")!.daysSince1970
        let west = try #require(ZoneSchedule(initial: rome, changes: [.init(time: flight, zone: newYork)]))
        let westDays = minutesPerDay(west, from: flight - 3 * 86_400, to: flight + 3 * 86_400)
        #expect(westDays[march1] == 30 * 60)
        #expect(westDays[march1 - 1] == 24 * 60 && westDays[march1 + 1] == 24 * 60)
        let east = try #require(ZoneSchedule(initial: newYork, changes: [.init(time: flight, zone: rome)]))
        let eastDays = minutesPerDay(east, from: flight - 3 * 86_400, to: flight + 3 * 86_400)
        #expect(eastDays[march1] == 18 * 60)
        #expect(eastDays[march1 - 1] == 24 * 60 && eastDays[march1 + 1] == 24 * 60)
        // One zone is the schedule with no changes: the grid is the one a single zone gives.
        #expect(minutesPerDay(ZoneSchedule(rome), from: flight - 86_400, to: flight + 86_400)[march1] == 24 * 60)
    }

    @Test("epochs tile time across changes of zone, hour epochs and a half-hour zone included")
    func contiguity() throws {
        let kolkata = TimeZone(identifier: "Asia/Kolkata")!
        let zones = try #require(ZoneSchedule(initial: rome, changes: [
            .init(time: flight, zone: newYork), .init(time: flight + 86_400 + 1234, zone: kolkata), .init(time: flight + 5 * 86_400, zone: rome)]))
        for length in [60, 900, 3600] {
            let grid = LocalEpochGrid(RecordingTables.Configuration(length: length, zones: zones))
            var start = grid.epochStart(containing: flight - 86_400)
            let first = start
            while start < flight + 7 * 86_400 {
                let end = grid.epochEnd(startingAt: start)
                #expect(end > start && end - start <= Double(length), "\(length) s at \(start)")
                start = end
            }
            #expect(start >= flight + 7 * 86_400 && first <= flight - 86_400)
        }
    }
}

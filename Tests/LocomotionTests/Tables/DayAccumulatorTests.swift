import Foundation
import Testing
@testable import Locomotion

@Suite("Day accumulator")
struct DayAccumulatorTests {
    /// The days of `inputs`, epochs of `configuration` summed by `DayAccumulator()`.
    func days(of inputs: [EpochInput], configuration: RecordingTables.Configuration) -> [DaySummary] {
        var days: [DaySummary] = []
        var accumulator = DayAccumulator()
        for epoch in epochs(of: inputs, configuration: configuration).rows {
            accumulator.push(epoch) { days.append($0) }
        }
        accumulator.finish { days.append($0) }
        return days
    }

    @Test("local days around a fall-back night: 25 covered hours, partial days flagged, not dropped")
    func fallBackDays() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let start = instant(2026, 10, 24, 16, 0, in: berlin), end = instant(2026, 10, 26, 12, 0, in: berlin)
        var inputs = sampleInputs(from: start, to: end, interval: 5)
        inputs.insert(.update(start, .stationary), at: 1)
        let rows = days(of: inputs, configuration: RecordingTables.Configuration(timeZone: berlin, maximumGap: 5))
        #expect(rows.map(\.day) == [day("2026-10-24"), day("2026-10-25"), day("2026-10-26")])
        #expect(rows.map(\.coveredHours) == [8, 25, 12])
        #expect(rows.map(\.hasTooLittleData) == [true, false, false])
        let stationary: [Double] = [8 * 3600, 25 * 3600, 12 * 3600]
        #expect(rows.map(\.tally.activities.stationary) == stationary)
        #expect(rows[1].start == instant(2026, 10, 25, 0, 0, in: berlin))
        #expect(rows[1].end == instant(2026, 10, 26, 0, 0, in: berlin))
        #expect(rows[0].tally.firstSample == start && rows[2].tally.lastSample == end - 5)
    }

    @Test("steps, cadence, bouts and distance add up by the day; a bout counts on the day it ends")
    func sums() throws {
        let midnight = instant(2026, 6, 2, 0, 0, in: utc)
        var inputs = sampleInputs(from: midnight - 120, to: midnight + 120, interval: 0.5)
        let walk = stride(from: midnight - 30, through: midnight + 30, by: 0.5).map { EpochInput.step($0) }
        inputs += walk + [.bout(WalkingBout(start: midnight - 30, end: midnight + 30, stepCount: 121))]
        inputs += [.distance(40, at: midnight - 1), .distance(2, at: midnight + 1)]
        let rows = days(of: inputs, configuration: RecordingTables.Configuration(timeZone: utc))
        #expect(rows.map(\.tally.steps) == [60, 61])
        #expect(rows.map(\.tally.bouts) == [0, 1])
        #expect(rows[1].tally.longestBout?.duration == 60)
        #expect(rows.map(\.tally.distance) == [40, 2])
        #expect(try abs(#require(rows[0].tally.stepsPerMinute) - 120) < 1e-9)
        #expect(rows.allSatisfy { $0.hasTooLittleData })
    }

    @Test("a day start of 03:00 keeps a night in one day")
    func dayStart() {
        let start = instant(2026, 6, 2, 22, 0, in: utc), end = instant(2026, 6, 3, 4, 0, in: utc)
        let rows = days(of: sampleInputs(from: start, to: end, interval: 1),
                        configuration: RecordingTables.Configuration(timeZone: utc, dayStart: 3 * 3600))
        #expect(rows.map(\.day) == [day("2026-06-02"), day("2026-06-03")])
        #expect(rows.map(\.coveredHours) == [5, 1])
    }
}

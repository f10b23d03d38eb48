import Foundation
import LocomotionEvaluation
import Testing
@testable import LocomotionCLI

@Suite struct TraceReportTests {
    func report(segmentCount: Int) -> TraceReport {
        let start = 1_700_000_000.0
        // Alternate 10 s and 100 s segments.
        var rows: [TraceReport.ActivityRow] = []
        var time = start
        for index in 0..<segmentCount {
            let length = index % 2 == 0 ? 10.0 : 100.0
            rows.append(.init(start: time, end: time + length, activity: index % 2 == 0 ? "walking" : "stationary", confidence: "high"))
            time += length
        }
        return TraceReport(
            source: .init(trace: "data/walk.csv", samples: 55_000, samplingRate: 50, start: start, end: time,
                          fixes: "data/walk.gpx", fixCount: 120, timeZone: "UTC"),
            activities: rows,
            activityTotals: [.init(activity: "stationary", seconds: 1000, share: 0.9), .init(activity: "walking", seconds: 100, share: 0.1)],
            steps: .init(count: 1234, bouts: 3, walkingSeconds: 600, stepsPerMinute: 112.4),
            days: [.init(day: "2023-11-14", distanceMeters: 4321, acceptedFixes: 100, rejectedJumps: 2, rejectedInaccurate: 10, rejectedNotMoving: 8)],
            gating: .init(policy: "on-foot", highAccuracySeconds: 600, lowPowerSeconds: 1800, gapSeconds: 0, switches: 4,
                          lowPowerShare: 0.75, highAccuracyMilliwatts: 150, lowPowerMilliwatts: 5,
                          energySavedShare: RecordingEnergyModel(highAccuracyMilliwatts: 150, lowPowerMilliwatts: 5)
                              .energySavedShare(highAccuracySeconds: 600, lowPowerSeconds: 1800)),
            notes: [])
    }

    @Test func textHasEverySection() {
        let text = report(segmentCount: 4).text(labels: .absolute(TimeZone(identifier: "UTC")!))
        #expect(text.hasPrefix("Locomotion summary: walk.csv\n"))
        #expect(text.contains("120 fixes from walk.gpx"))
        #expect(text.contains("Activity: 4 segments"))
        #expect(text.contains("  22:13:20  22:13:30      0:10  walking     high"))
        #expect(text.contains("Steps: 1\u{2009}234 in 3 walking bouts (10 min) · cadence 112 steps/min while walking"))
        #expect(text.contains("  2023-11-14    4.3 km         100      2          10           8"))
        #expect(text.contains("high-accuracy      10 min (25 %)"))
        #expect(text.contains("Low power saved 75 % of the recording time and about 73 % of the sensor energy"))
    }

    @Test func manySegmentsListOnlyTheLongOnes() {
        let text = report(segmentCount: 40).text(labels: .relative(origin: 1_700_000_000))
        #expect(text.contains("Activity: 40 segments"))
        let listed = text.split(separator: "\n").filter { $0.hasSuffix("  high") }
        #expect(listed.count == 20, "the 20 segments of 100 s are listed, not the 10 s ones")
        #expect(text.contains("(20 segments shorter than 60 s not listed"))
        #expect(text.contains("  0:00:10   0:01:50       1:40  stationary  high"))
    }

    @Test func jsonRoundTrips() throws {
        let original = report(segmentCount: 3)
        let data = try JSONEncoder().encode(original)
        #expect(try JSONDecoder().decode(TraceReport.self, from: data) == original)
    }
}

import Foundation
import Testing
import LocomotionTestSupport
import LocomotionDSP
@testable import Locomotion

/// The per-epoch table from a real ``MotionEngine`` run (us-tm2017 sessions with GNSS fixes laid over them):
/// settled as the engine allows it gives the same epochs as settled only at the end, no event comes late, and the
/// epochs hold every step, bout and metre the engine reported.
@Suite(.tags(.realData), .enabled(if: EngineTestData.isAvailable, EngineTestData.absent))
struct EpochAccumulatorEngineTests {
    @Test("settling at eventSettledTime on a real recording: no late event, the same epochs as at the end",
          arguments: [ActivityClassifier.Smoothing.lagged, .full])
    func realRecording(smoothing: ActivityClassifier.Smoothing) throws {
        let (samples, fixes) = try EngineTestData.day()
        let configuration = RecordingTables.Configuration(length: 60, timeZone: TimeZone(identifier: "Europe/Rome")!)
        var engine = MotionEngine(timeZone: configuration.timeZone, smoothing: smoothing)
        var streamed = EpochAccumulator(configuration: configuration), whole = streamed
        var streamedRows: [EpochSummary] = [], wholeRows: [EpochSummary] = []
        var events: [MotionEvent] = []
        var steps = 0, bouts = 0, meters = 0.0
        var nextFix = 0
        func take() {
            for event in events {
                streamed.push(event)
                whole.push(event)
                switch event {
                case .step: steps += 1
                case .boutEnded: bouts += 1
                case .distance(let update):
                    if case .accepted(let distance) = update.outcome { meters += distance }
                    if case .reanchored(let distance) = update.outcome { meters += distance }
                default: break
                }
            }
            events.removeAll()
        }
        for (index, sample) in samples.enumerated() {
            while nextFix < fixes.count, fixes[nextFix].time <= sample.time {
                try engine.push(fixes[nextFix]) { events.append($0) }
                nextFix += 1
            }
            try engine.push(sample) { events.append($0) }
            streamed.push(sample)
            whole.push(sample)
            take()
            if index % 50 == 0, let settled = engine.eventSettledTime {
                streamed.advance(to: settled) { streamedRows.append($0) }
            }
        }
        engine.finish { events.append($0) }
        take()
        streamed.finish { streamedRows.append($0) }
        whole.finish { wholeRows.append($0) }

        #expect(streamed.lateEventCount == 0)
        #expect(streamedRows == wholeRows)
        #expect(streamedRows.count > 30)
        #expect(zip(streamedRows, streamedRows.dropFirst()).allSatisfy { $0.end == $1.start })
        #expect(streamedRows.reduce(0) { $0 + $1.tally.steps } == steps)
        #expect(streamedRows.reduce(0) { $0 + $1.tally.bouts } == bouts)
        // Fixes outside the recording fall in no epoch; those inside add up to what the engine measured there.
        let recorded = streamedRows.reduce(0.0) { $0 + $1.tally.distance }
        #expect(recorded > 0 && recorded <= meters + 1e-6)
        let span = try #require(samples.last).time - samples[0].time
        #expect(abs(streamedRows.reduce(0.0) { $0 + $1.tally.recordedSeconds } - span) < 1e-6)
        #expect(abs(streamedRows.reduce(0.0) { $0 + $1.tally.activities.total } - span) < 1e-6)
    }
}

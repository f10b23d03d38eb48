import Testing
import Locomotion
@testable import LocomotionEvaluation

/// The replay summary on hand-built segments whose figures are known.
@Suite struct ReplaySummaryTests {
    static let segments = [
        RecordingGate.Segment(start: 0, end: 100, mode: .lowPower, reason: .init(rule: .initial, trigger: .clock)),
        RecordingGate.Segment(start: 100, end: 400, mode: .highAccuracy, reason: .init(rule: .dwell, trigger: .timer, activity: .walking)),
        RecordingGate.Segment(start: 400, end: 1000, mode: .lowPower, reason: .init(rule: .stopTimeout, trigger: .timer, activity: .stationary)),
    ]
    static let truth = [
        ActivitySegment(start: 0, end: 70, activity: .stationary, confidence: .high),
        ActivitySegment(start: 70, end: 350, activity: .walking, confidence: .high),
        ActivitySegment(start: 350, end: 1000, activity: .stationary, confidence: .high),
    ]

    @Test func modeTimesSwitchesAndSamples() {
        let times = stride(from: 0.0, to: 1000, by: 50)
        let summary = ReplaySummary(segments: Self.segments, sampleTimes: times, truth: nil, configuration: .init())
        #expect(summary.duration == 1000)
        #expect(summary.highAccuracyTime == 300 && summary.lowPowerTime == 700 && summary.gapTime == 0)
        #expect(summary.highAccuracyShare == 0.3)
        #expect(summary.switches == 2)
        #expect(summary.switchesPerHour == 2 / (1000.0 / 3600))
        // Samples at 100, 150, …, 350 fall in [100, 400).
        #expect(summary.samples == 20 && summary.recordedSamples == 6)
        #expect(summary.truth == nil)
    }

    @Test func comparisonWithTruth() throws {
        let summary = ReplaySummary(segments: Self.segments, sampleTimes: [], truth: Self.truth, configuration: .init())
        let truth = try #require(summary.truth)
        #expect(truth.recordedTime == 280)
        #expect(truth.recordedHighAccuracyShare == 250.0 / 280)
        // After the 30 s onset allowance, [100, 350] is all high accuracy.
        #expect(truth.recordedTimeAfterOnset == 250 && truth.recordedHighAccuracyShareAfterOnset == 1)
        #expect(truth.onsetDelays == [30] && truth.missedBouts == 0 && truth.medianOnsetDelay == 30)
        #expect(truth.stillTime == 720)
        #expect(truth.stillLowPowerShare == 670.0 / 720)
        // Only [650, 1000] is still beyond the stop timeout; the first still bout is shorter than it.
        #expect(truth.stillTimeAfterStopTimeout == 350 && truth.stillLowPowerShareAfterStopTimeout == 1)
        #expect(truth.unrecordedMovingTime == 0)
        // Both switches fall in settling time, none in steady time.
        #expect(truth.steadyTime == 250 + 350 && truth.steadySwitches == 0)
        #expect(truth.hours.count == 1)
        #expect(truth.hours[0].status == .incomplete && truth.hours[0].recordedShare == 250.0 / 280)
        #expect(truth.activities.map(\.activity) == [.stationary, .walking])
    }

    @Test func switchInSteadyTimeAndLostHour() throws {
        // A walk never recorded, and a flicker to high accuracy in the middle of a still hour.
        let segments = [
            RecordingGate.Segment(start: 0, end: 5000, mode: .lowPower, reason: .init(rule: .initial, trigger: .clock)),
            RecordingGate.Segment(start: 5000, end: 5010, mode: .highAccuracy, reason: .init(rule: .confident, trigger: .activity, activity: .walking)),
            RecordingGate.Segment(start: 5010, end: 7200, mode: .lowPower, reason: .init(rule: .stopTimeout, trigger: .timer)),
        ]
        let truth = [
            ActivitySegment(start: 0, end: 600, activity: .walking, confidence: .high),
            ActivitySegment(start: 600, end: 7200, activity: .stationary, confidence: .high),
        ]
        let result = try #require(ReplaySummary(segments: segments, sampleTimes: [], truth: truth, configuration: .init()).truth)
        #expect(result.missedBouts == 1 && result.onsetDelays.isEmpty)
        #expect(result.hours.map(\.status) == [.lost])
        #expect(result.steadySwitches == 2)
        #expect(result.stillLowPowerShareAfterStopTimeout == (6300.0 - 10) / 6300)
    }

    @Test func truthSegmentsFromLabelsStopAtHoles() {
        let times: [Double] = [0, 1, 2, 3, 100, 101, 102]
        let labels: [MotionActivity] = [.walking, .walking, .stationary, .stationary, .stationary, .walking, .walking]
        let truth = TruthSegmentBuilder.segments(times: times, labels: labels, maximumHold: 60)
        #expect(truth == [
            ActivitySegment(start: 0, end: 2, activity: .walking, confidence: .high),
            ActivitySegment(start: 2, end: 63, activity: .stationary, confidence: .high),
            ActivitySegment(start: 100, end: 101, activity: .stationary, confidence: .high),
            ActivitySegment(start: 101, end: 102, activity: .walking, confidence: .high),
        ])
    }
}

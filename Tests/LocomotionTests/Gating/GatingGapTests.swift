import Testing
@testable import Locomotion

/// Gaps in the input (the OS suspended the collector) and bad inputs.
@Suite struct GatingGapTests {
    static let start = 1_700_000_000.0

    @Test func gapIsReportedAndEvidenceForgotten() throws {
        var script = GatingScript(start: Self.start)
        script.hold(.walking, for: 120, confidence: .high)
        let lastInput = script.time - 1
        script.silence(for: 600)
        script.hold(.stationary, for: 60)
        let (events, segments) = try script.run()
        let gap = try #require(events.first { $0.reason.rule == .gap })
        #expect(gap.time == lastInput)
        #expect(gap.mode == .lowPower && gap.changesMode)
        #expect(gap.reason.elapsed == 601)
        #expect(segments.map(\.reason.rule) == [.confident, .gap, .afterGap])
        #expect(segments[1].isGap && segments[1].duration == 601)
        // Nothing recorded after the gap: the next evidence was stillness.
        #expect(segments[2].mode == .lowPower)
    }

    @Test func afterAGapTheDwellCountsFromTheNextEvidence() throws {
        var script = GatingScript(start: Self.start)
        script.hold(.walking, for: 120)
        script.silence(for: 600)
        let resume = script.time
        script.hold(.walking, for: 60)
        let (_, segments) = try script.run()
        #expect(segments.last?.mode == .highAccuracy)
        #expect(segments.last?.start == resume + 15)
        #expect(segments.last?.reason.code == "dwell:walking")
    }

    @Test func confidentEvidenceAfterAGapRecordsAtOnce() throws {
        var script = GatingScript(start: Self.start)
        script.hold(.stationary, for: 120)
        script.silence(for: 3600)
        let resume = script.time
        script.hold(.running, for: 60, confidence: .high)
        let (_, segments) = try script.run()
        #expect(segments.map(\.mode) == [.lowPower, .lowPower, .highAccuracy])
        #expect(segments.last?.start == resume)
    }

    @Test func backdatedUpdateCannotCarryEvidenceAcrossAGap() throws {
        var gate = RecordingGate()
        var events: [RecordingGate.Event] = []
        try gate.push(ActivityUpdate(start: 0, activity: .walking, confidence: .medium)) { events.append($0) }
        try gate.advance(to: 10) { events.append($0) }
        try gate.advance(to: 600) { events.append($0) }  // a gap
        try gate.push(ActivityUpdate(start: 5, activity: .walking, confidence: .medium)) { events.append($0) }
        #expect(gate.mode == .lowPower)
        try gate.advance(to: 614) { events.append($0) }
        #expect(gate.mode == .lowPower)
        try gate.advance(to: 615) { events.append($0) }
        #expect(gate.mode == .highAccuracy)
        #expect(events.last?.time == 615)
    }

    @Test func silenceBelowTheLimitIsNoGap() throws {
        var script = GatingScript(start: Self.start)
        script.hold(.walking, for: 120, confidence: .high)
        script.silence(for: 58)
        script.hold(.walking, for: 60, confidence: .high)
        let (events, segments) = try script.run()
        #expect(!events.contains { $0.reason.rule == .gap })
        #expect(segments.map(\.mode) == [.highAccuracy])
    }

    @Test func timersFireAtTheirDeadlineWhateverTheInputCadence() throws {
        // The same story fed with a heartbeat every second and with none:
        // the decisions are dated identically.
        var dense = GatingScript(start: Self.start)
        dense.hold(.walking, for: 40)
        dense.hold(.stationary, for: 55)
        var sparse: [RecordingGate.Input] = dense.inputs.filter { if case .time = $0 { false } else { true } }
        sparse.append(.time(dense.time - 1))
        let a = try RecordingGate.replay(dense.inputs).filter(\.changesMode)
        let b = try RecordingGate.replay(sparse).filter(\.changesMode)
        #expect(a == b)
        #expect(a.map(\.time) == [Self.start, Self.start + 15])
    }

    @Test func badInputsAreRefusedWithoutChangingState() throws {
        var gate = RecordingGate()
        var events: [RecordingGate.Event] = []
        try gate.push(ActivityUpdate(start: 100, activity: .walking, confidence: .high)) { events.append($0) }
        let before = gate
        #expect(throws: RecordingGateError.activityOutOfOrder(previous: 100, received: 99)) {
            try gate.push(ActivityUpdate(start: 99, activity: .stationary, confidence: .high)) { events.append($0) }
        }
        #expect(throws: RecordingGateError.self) { try gate.advance(to: .nan) { events.append($0) } }
        #expect(throws: RecordingGateError.invalidFix(time: 101)) {
            try gate.push(LocationFix(time: 101, latitude: 91, longitude: 0)) { events.append($0) }
        }
        #expect(throws: RecordingGateError.invalidFix(time: 101)) {
            try gate.push(LocationFix(time: 101, latitude: 0, longitude: 0, horizontalAccuracy: -1)) { events.append($0) }
        }
        #expect(gate == before)
        try gate.push(LocationFix(time: 105, latitude: 1, longitude: 1)) { events.append($0) }
        #expect(throws: RecordingGateError.fixOutOfOrder(previous: 105, received: 104)) {
            try gate.push(LocationFix(time: 104, latitude: 1, longitude: 1)) { events.append($0) }
        }
        // Advancing to the past is nothing to do.
        let count = events.count
        try gate.advance(to: 50) { events.append($0) }
        #expect(events.count == count && gate.time == 105)
    }
}

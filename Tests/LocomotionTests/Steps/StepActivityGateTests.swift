import Foundation
import Testing

@_spi(Harness) @testable import Locomotion

@Suite("StepActivityGate")
struct StepActivityGateTests {
    /// A bout of `count` steps 0.5 s apart from `start`, then its end.
    static func bout(_ count: Int, start: Double) -> [StepDetector.Event] {
        let times = (0..<count).map { start + 0.5 * Double($0) }
        return times.map { .step(time: $0) } + [.boutEnded(WalkingBout(start: times[0], end: times.last!, stepCount: count))]
    }

    static func run(_ gate: inout StepActivityGate, _ events: [StepDetector.Event]) -> [StepDetector.Event] {
        var out: [StepDetector.Event] = []
        for event in events { gate.push(event) { out.append($0) } }
        return out
    }

    @Test func stepsOutsideAVehiclePassUnchanged() {
        var gate = StepActivityGate()
        gate.push(.walking)
        #expect(Self.run(&gate, Self.bout(5, start: 0)) == Self.bout(5, start: 0))
    }

    @Test func aShortBoutInAVehicleIsDroppedALongOneCountsInFull() {
        var gate = StepActivityGate(strongBoutSteps: 10)
        gate.push(.automotive)
        #expect(Self.run(&gate, Self.bout(6, start: 0)).isEmpty)
        #expect(gate.droppedStepCount == 6)
        let long = Self.bout(12, start: 10)
        #expect(Self.run(&gate, long) == long)   // all 12, in order, with their own times
        #expect(gate.droppedStepCount == 6 && gate.heldStepCount == 0)
    }

    @Test func aBoutThatStartedOnFootKeepsCountingWhenTheActivityTurnsAutomotive() {
        var gate = StepActivityGate(strongBoutSteps: 4)
        gate.push(.walking)
        let events = Self.bout(8, start: 0)
        var out: [StepDetector.Event] = []
        for (index, event) in events.enumerated() {
            if index == 5 { gate.push(.automotive) }
            gate.push(event) { out.append($0) }
        }
        #expect(out == events)
    }

    @Test func restoredFromJSONMidBoutEqualsUninterrupted() throws {
        let events = Self.bout(3, start: 0) + Self.bout(11, start: 5) + Self.bout(9, start: 20)
        var whole = StepActivityGate(strongBoutSteps: 10)
        whole.push(.automotive)
        let expected = Self.run(&whole, events)
        for cut in [2, 6, 9, 16] {
            var gate = StepActivityGate(strongBoutSteps: 10)
            gate.push(.automotive)
            var out = Self.run(&gate, Array(events[..<cut]))
            var restored = try JSONDecoder().decode(StepActivityGate.self, from: JSONEncoder().encode(gate))
            out += Self.run(&restored, Array(events[cut...]))
            #expect(out == expected, "cut at \(cut)")
        }
    }

    @Test func pedalStrokesNeverCountHoweverLongTheBout() {
        var gate = StepActivityGate(strongBoutSteps: 10)
        gate.push(.cycling)
        #expect(Self.run(&gate, Self.bout(200, start: 0)).isEmpty)
        #expect(gate.droppedStepCount == 200 && gate.heldStepCount == 0)
    }

    @Test func aBoutThatRunsIntoARideKeepsItsStepsOnFootAndIsReportedOverThem() {
        var gate = StepActivityGate()
        gate.push(.walking)
        var out: [StepDetector.Event] = []
        for (index, event) in Self.bout(30, start: 0).enumerated() {
            if index == 12 { gate.push(.cycling) }
            gate.push(event) { out.append($0) }
        }
        let expected: [StepDetector.Event] = (0..<12).map { .step(time: 0.5 * Double($0)) }
            + [.boutEnded(WalkingBout(start: 0, end: 5.5, stepCount: 12))]
        #expect(out == expected)
        #expect(gate.droppedStepCount == 18)
    }

    @Test func aWalkAfterTheRideCounts() {
        var gate = StepActivityGate()
        gate.push(.cycling)
        _ = Self.run(&gate, Self.bout(40, start: 0))
        gate.push(.walking)
        let walk = Self.bout(6, start: 30)
        #expect(Self.run(&gate, walk) == walk)
    }

    @Test func aSnapshotFromBeforeCyclingWasGatedDecodes() throws {
        let old = #"{"strongBoutSteps":10,"isAutomotive":true,"droppedStepCount":3,"held":[1.5,2],"boutSteps":2,"isBoutReleased":false}"#
        let gate = try JSONDecoder().decode(StepActivityGate.self, from: Data(old.utf8))
        #expect(gate.isAutomotive && gate.droppedStepCount == 3 && gate.heldStepCount == 2)
        let tooMany = #"{"strongBoutSteps":1,"activity":"walking","droppedStepCount":0,"held":[1,2],"boutSteps":2,"isBoutReleased":false}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(StepActivityGate.self, from: Data(tooMany.utf8)) }
    }
}

import Foundation
import Testing
@testable import Locomotion

/// Snapshot → restore → continue gives exactly the decisions of an
/// uninterrupted run, after every input of every scripted scenario.
@Suite struct GatingSnapshotTests {
    static let scenarios: [(String, GatingScript, RecordingGate.Configuration)] = [
        ("traffic light", GatingScenarioTests.trafficLight(withFixes: false), .init()),
        ("traffic light with fixes", GatingScenarioTests.trafficLight(withFixes: true), .init()),
        ("bus on foot", GatingScenarioTests.bus(), .init(policy: .onFoot)),
        ("bus any movement", GatingScenarioTests.bus(), .init(policy: .anyMovement)),
        ("desk day", GatingScenarioTests.desk(), .init()),
        ("pacing with pauses", GatingScenarioTests.pacing(pauses: true), .init()),
        ("pacing without pauses", GatingScenarioTests.pacing(pauses: false), .init()),
        ("gaps", gaps(), .init()),
    ]

    static func gaps() -> GatingScript {
        var script = GatingScript(start: 1_700_000_000)
        script.withFixes = true
        script.hold(.walking, for: 100, velocity: 1.4)
        script.silence(for: 300)
        script.hold(.walking, for: 100, confidence: .high, velocity: 1.4)
        script.hold(.stationary, for: 400)
        script.silence(for: 90)
        script.hold(.cycling, for: 60)
        return script
    }

    @Test(arguments: 0..<scenarios.count)
    func restoringAtEverySplitChangesNothing(scenario index: Int) throws {
        let (name, script, configuration) = Self.scenarios[index]
        let inputs = script.inputs
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        var gate = RecordingGate(configuration: configuration)
        var events: [RecordingGate.Event] = []
        var eventCountAfter: [Int] = []
        var restoredStates: [RecordingGate] = []
        for input in inputs {
            try gate.push(input) { events.append($0) }
            eventCountAfter.append(events.count)
            // The restored value must equal the live one in every stored
            // property: the gate is a pure function of (state, input), so
            // equal states make equal futures.
            let restored = try decoder.decode(RecordingGate.self, from: encoder.encode(gate))
            #expect(restored == gate, "\(name): state differs after restore")
            restoredStates.append(restored)
        }
        // And continue from restored snapshots for real (every split for short
        // scripts, a spread of splits for long ones).
        let stride = max(1, inputs.count / 200)
        for split in Swift.stride(from: 0, to: inputs.count, by: stride) {
            var resumed = restoredStates[split]
            var tail: [RecordingGate.Event] = []
            for input in inputs[(split + 1)...] { try resumed.push(input) { tail.append($0) } }
            let expected = Array(events[eventCountAfter[split]...])
            #expect(tail == expected, "\(name): split after input \(split)")
            if tail != expected { break }
        }
    }
}

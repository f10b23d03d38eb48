import Foundation
import Locomotion
import LocomotionDSP
@_spi(Harness) import LocomotionIO
import Testing
@testable import LocomotionCLI
import LocomotionEvaluation
import LocomotionTestSupport

/// `plot` and `summarize` run every stage in one streamed pass (two `MotionEngine`s over a `RecordedTrace`: full
/// smoothing for the activity and distance, lagged for the modes and steps); these check that the pass gives
/// exactly what the stages' own batch functions give for the same input.
@Suite struct TraceAnalysisTests {
    /// 3 minutes: still, a 1.8 Hz walking-like bounce with harmonics, a 2 s gap, then still; with fixes moving north.
    static func recording() -> (Trace, FixFile) {
        var samples: [AccelerometerSample] = []
        let start = 1_700_000_000.0
        for index in 0..<(180 * 50) {
            let time = start + Double(index) / 50
            if time > start + 120 && time < start + 122 { continue }
            let walking = time > start + 40 && time < start + 110
            let phase = 2 * Double.pi * 1.8 * (time - start)
            let bounce = walking ? 0.35 * sin(phase) + 0.1 * sin(2 * phase + 0.5) : 0
            let noise = 0.004 * sin(Double(index) * 12.9898).truncatingRemainder(dividingBy: 1)
            samples.append(AccelerometerSample(time: time, acceleration: Vector3(x: 0.02 + noise, y: -1 - bounce, z: 0.05 + 0.3 * bounce)))
        }
        let fixes = (0...180).map { second in
            let moved = Double(min(max(second - 40, 0), 70)) * 1.4
            return LocationFix(time: start + Double(second), latitude: 47 + moved / 111_200, longitude: 8.5,
                               horizontalAccuracy: 6, speed: second > 40 && second < 110 ? 1.4 : 0)
        }
        return (Trace(file: "walk.csv", samples: samples), FixFile(file: "walk-fixes.csv", format: .csv, fixes: fixes))
    }

    /// The recording written to a trace and a fixes file (both read back bit for bit), and analysed from them.
    static func analyse(_ trace: Trace, _ fixFile: FixFile?, policy: RecordingGate.Policy) throws -> TraceAnalysis {
        let directory = temporaryPath("analysis")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let tracePath = directory + "/walk.csv", fixesPath = directory + "/walk-fixes.csv"
        try TraceWriter.write(trace, to: tracePath)
        if let fixFile { try FixCSVWriter.string(fixFile.fixes).write(toFile: fixesPath, atomically: true, encoding: .utf8) }
        var diagnostics = ""
        return try TraceAnalysis.run(path: tracePath, options: .init(), fixesPath: fixFile.map { _ in fixesPath },
                                     policy: policy, zones: ZoneSchedule(TimeZone(identifier: "UTC")!), diagnostics: &diagnostics)
    }

    @Test func onePassEqualsEachStageOnItsOwn() throws {
        let (trace, fixFile) = Self.recording()
        let zone = try #require(TimeZone(identifier: "UTC"))
        let analysis = try Self.analyse(trace, fixFile, policy: .onFoot)

        #expect(analysis.sampleCount == trace.samples.count)
        #expect(analysis.samplingRate == medianSamplingInterval(trace.samples.map(\.time)).map { 1 / $0 })
        // The description of the recording (activity, distance) with full smoothing, as `label` and `distance --trace`;
        // what the phone would do (modes, steps) lagged, as `replay` and `steps`.
        #expect(analysis.activities == ActivityClassifier.segments(of: trace.samples, fixes: fixFile.fixes, smoothing: .full))
        let updates = ActivityClassifier.updates(of: trace.samples, fixes: fixFile.fixes, smoothing: .full)
        let steps = StepDetector.detect(trace.samples)
        #expect(analysis.stepTimes == steps.steps && analysis.bouts == steps.bouts)
        let replay = try GateOracle.run(samples: trace.samples, fixes: fixFile.fixes,
                                        configuration: RecordingGate.Configuration(policy: .onFoot))
        #expect(analysis.modes == replay.segments)
        var configuration = Odometer.Configuration()
        configuration.movingActivities = RecordingGate.Policy.anyMovement.recordedActivities
        let odometer = Odometer.measuring(fixFile.fixes, activities: updates, configuration: configuration, timeZone: zone)
        #expect(analysis.odometer?.history == odometer.history)
        #expect(analysis.distance.last?.dayDistance == odometer.today?.distance)
        #expect(analysis.distance.count == fixFile.fixes.count)
        #expect(analysis.distance.map(\.dayDistance) == analysis.distance.map(\.dayDistance).sorted(),
                "the running total of one day never decreases")
    }

    @Test func theRecordingExercisesEveryStage() throws {
        // Guards the test above against passing vacuously on empty outputs.
        let (trace, fixFile) = Self.recording()
        let analysis = try Self.analyse(trace, fixFile, policy: .onFoot)
        #expect(analysis.activities.count >= 2)
        #expect(analysis.modes.contains { $0.mode == .highAccuracy }, "the walk is recorded under on-foot")
        #expect(!analysis.stepsRefused)
        #expect(analysis.odometer != nil)
    }

    @Test func withoutFixesThereIsNoOdometer() throws {
        let (trace, _) = Self.recording()
        let analysis = try Self.analyse(trace, nil, policy: .anyMovement)
        #expect(analysis.odometer == nil)
        #expect(analysis.distance.isEmpty)
        #expect(analysis.gate.policy == .anyMovement)
    }
}

import Foundation
import LocomotionDSP
import Testing
import Locomotion
import LocomotionTestSupport
import LocomotionEvaluation

/// The closed loop on a real joined day: the engine (classifier streaming as on a phone, gate, on-foot policy)
/// receiving only what a collector applying its profiles would (`GateReplay` closing the loop, as `locomotion replay
/// --closed-loop`). The shares asserted are the ones Docs/accuracy.md reports for this sequence (damiano-3 of
/// Scripts/gating/join_us_tm2017.py, whose per-second truth is its session labels) to within half a point; the
/// sequence's own phone delivers 6–11 samples/s.
@Suite(.tags(.realData), .enabled(if: UsTm2017.isAvailable, "us-tm2017 not found under ../shared/datasets (or $LOCOMOTION_DATASETS)"))
struct GatingClosedLoopTests {
    static let sessions = [
        "Damiano_Still_1484693356845", "Damiano_Walking_1484390802366", "Damiano_Car_1485092954647",
        "Damiano_Walking_1485094081562", "Damiano_Still_1484694991000",
    ]

    static func configuration(lowPowerRate: Double) -> MotionEngine.Configuration {
        var configuration = MotionEngine.Configuration()
        configuration.gate.lowPowerProfile.accelerometerRate = lowPowerRate
        return configuration
    }

    static func shares(_ replay: GateReplay) throws -> (walking: Double, still: Double, missed: Int) {
        let truth = try #require(replay.summary().truth)
        return (truth.recordedHighAccuracyShareAfterOnset, truth.stillLowPowerShareAfterStopTimeout, truth.missedBouts)
    }

    /// Open loop, the accelerometer off in low power, and the default low-power rate (10 Hz).
    @Test func theClosedLoopOnAJoinedDay() throws {
        let (samples, labels) = try UsTm2017.joined(Self.sessions)
        let open = try Self.shares(GateReplay.run(samples: samples, labels: labels))
        #expect(abs(open.walking - 0.939) <= 0.005 && abs(open.still - 1.0) <= 0.005, "\(open)")

        // Accelerometer off: the classifier never gets a sample, both walks are missed, nothing is recorded.
        let off = try GateReplay.run(samples: samples, labels: labels, configuration: Self.configuration(lowPowerRate: 0), followsProfiles: true)
        let offShares = try Self.shares(off)
        #expect(offShares.walking == 0 && offShares.missed == 2 && offShares.still == 1, "\(offShares)")
        #expect(off.segments.allSatisfy { $0.mode == .lowPower })
        #expect(off.counts?.samplesReceived == 0)

        // The default low-power profile (10 Hz): the walks are seen and recorded as in the open loop.
        #expect(MotionEngine.Configuration().gate.lowPowerProfile.accelerometerRate == 10)
        let closed = try GateReplay.run(samples: samples, labels: labels, followsProfiles: true)
        let closedShares = try Self.shares(closed)
        #expect(abs(closedShares.walking - 0.924) <= 0.005 && abs(closedShares.still - 1.0) <= 0.005 && closedShares.missed == 0,
                "\(closedShares)")
        let counts = try #require(closed.counts)
        #expect(counts.samplesNotReceived > 0 && counts.samplesReceived > counts.samplesNotReceived)
    }

    /// A low-power accelerometer at the full rate receives every sample: the closed loop is then the open loop,
    /// event for event.
    @Test func aFullRateLowPowerAccelerometerClosesTheLoopOnTheOpenLoop() throws {
        let (samples, labels) = try UsTm2017.joined(Array(Self.sessions.prefix(3)))
        let open = try GateReplay.run(samples: samples, labels: labels)
        let closed = try GateReplay.run(samples: samples, labels: labels, configuration: Self.configuration(lowPowerRate: 50), followsProfiles: true)
        #expect(closed.recorder.events.map(\.time) == open.recorder.events.map(\.time))
        #expect(closed.recorder.events.map(\.reason) == open.recorder.events.map(\.reason))
        #expect(closed.segments.count > 2)
        #expect(closed.counts?.samplesNotReceived == 0)
    }
}

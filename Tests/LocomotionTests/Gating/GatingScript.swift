import Foundation
@testable import Locomotion

/// Builds a scripted, time-ordered input stream for the gate: a heartbeat
/// every `tick` seconds, an activity update every `updateInterval` seconds
/// (a classifier's cadence) and, optionally, a fix every `fixInterval` seconds
/// from a position model (metres east/north of an origin).
struct GatingScript {
    var inputs: [RecordingGate.Input] = []
    var time: Double
    var tick = 1.0
    var updateInterval = 5.0
    var fixInterval = 5.0
    /// Position in metres east and north of the origin.
    var east = 0.0
    var north = 0.0
    var fixAccuracy = 10.0
    var withFixes = false

    static let originLatitude = 44.4949, originLongitude = 11.3426  // Bologna

    init(start: Double = 1_700_000_000) { time = start }

    /// `activity` for `duration` seconds; the position moves by `velocity`
    /// (m/s east) or jitters by `jitter` metres around its place.
    mutating func hold(_ activity: MotionActivity, for duration: Double, confidence: ActivityConfidence = .medium,
                       velocity: Double = 0, jitter: Double = 0) {
        let end = time + duration
        var step = 0
        while time < end - 1e-9 {
            if step % Int(updateInterval / tick) == 0 {
                inputs.append(.activity(ActivityUpdate(start: time, activity: activity, confidence: confidence)))
            }
            if withFixes && step % Int(fixInterval / tick) == 0 {
                // Deterministic jitter: a small Lissajous figure.
                let dx = jitter * sin(time * 0.37), dy = jitter * cos(time * 0.23)
                inputs.append(.fix(fix(east: east + dx, north: north + dy)))
            }
            inputs.append(.time(time))
            time += tick
            east += velocity * tick
            step += 1
        }
    }

    /// No input at all for `duration` seconds.
    mutating func silence(for duration: Double) { time += duration }

    func fix(east: Double, north: Double) -> LocationFix {
        let metresPerDegree = 111_195.0
        return LocationFix(
            time: time,
            latitude: Self.originLatitude + north / metresPerDegree,
            longitude: Self.originLongitude + east / (metresPerDegree * cos(Self.originLatitude * .pi / 180)),
            horizontalAccuracy: fixAccuracy)
    }

    func run(_ configuration: RecordingGate.Configuration = .init()) throws -> (events: [RecordingGate.Event], segments: [RecordingGate.Segment]) {
        let events = try RecordingGate.replay(inputs, configuration: configuration)
        return (events, RecordingGate.Segmenter.segments(of: events, end: inputs.last?.time ?? time))
    }
}

extension Array where Element == RecordingGate.Segment {
    var modeChanges: Int { zip(self, dropFirst()).filter { $0.mode != $1.mode }.count }
    func time(in mode: RecordingMode) -> Double { filter { $0.mode == mode }.reduce(0) { $0 + $1.duration } }
    /// The mode at `time` (half-open segments).
    func mode(at time: Double) -> RecordingMode? { first { $0.start <= time && time < $0.end }?.mode }
}

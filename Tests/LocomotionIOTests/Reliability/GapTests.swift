import Foundation
import Locomotion
import LocomotionDSP
import Testing
@_spi(Harness) @testable import LocomotionIO
import LocomotionTestSupport

/// A one-hour hole in a recording (the app was killed) is reported and never
/// bridged: no sample, step, activity, distance or high-accuracy recording is
/// invented inside it, at any stage, starting from the files.
@Suite struct GapTests {
    static let hour = 3600.0
    /// 2 min of walking, a one-hour gap, 2 min more, written to and read from a trace file.
    static let trace: (samples: [AccelerometerSample], gapStart: Double, gapEnd: Double) = {
        let before = SyntheticWalk.samples(from: 1_000, duration: 120, rate: 50)
        let after = SyntheticWalk.samples(from: before.last!.time + hour, duration: 120, rate: 50)
        let path = temporaryPath("gap.csv")
        try! TraceWriter.write(Trace(file: path, samples: before + after), to: path)
        let read = try! Trace.read(path: path)
        return (read.samples, before.last!.time, after.first!.time)
    }()

    static func insideGap(_ time: Double) -> Bool { time > trace.gapStart && time < trace.gapEnd }

    @Test func readerKeepsTheGapAsIs() {
        let samples = Self.trace.samples
        #expect(samples.count == 2 * 120 * 50)
        #expect(!samples.contains { Self.insideGap($0.time) })
        let longest = zip(samples, samples.dropFirst()).map { $1.time - $0.time }.max()
        #expect(longest == Self.trace.gapEnd - Self.trace.gapStart)
    }

    @Test func resamplerReportsTheGapOnce() {
        let events = Resampler.resample(Self.trace.samples, rate: 50)
        let gaps = events.filter { if case .gap = $0 { true } else { false } }
        #expect(gaps == [.gap(from: Self.trace.gapStart, to: Self.trace.gapEnd)])
        #expect(!events.contains { if case .sample(let s) = $0 { Self.insideGap(s.time) } else { false } })
    }

    @Test func noStepsOrBoutsAcrossTheGap() {
        let detection = StepDetector.detect(Self.trace.samples)
        #expect(!detection.steps.contains(where: Self.insideGap))
        #expect(detection.steps.contains { $0 < Self.trace.gapStart }, "no steps before the gap: the test would prove nothing")
        #expect(detection.steps.contains { $0 > Self.trace.gapEnd }, "no steps after the gap: the test would prove nothing")
        for bout in detection.bouts {
            #expect(bout.end <= Self.trace.gapStart || bout.start >= Self.trace.gapEnd, "bout \(bout) spans the gap")
        }
    }

    @Test func noActivityAcrossTheGap() {
        let segments = ActivityClassifier.segments(of: Self.trace.samples)
        let known = segments.filter { $0.activity != .unknown }
        #expect(known.contains { $0.end <= Self.trace.gapStart }, "nothing recognised before the gap: the test would prove nothing")
        #expect(known.contains { $0.start >= Self.trace.gapEnd }, "nothing recognised after the gap")
        for segment in known {
            #expect(segment.end <= Self.trace.gapStart || segment.start >= Self.trace.gapEnd,
                    "\(segment.activity) from \(segment.start) to \(segment.end) spans the gap")
        }
        // The gap itself is covered by `unknown`.
        let covering = segments.filter { $0.start <= Self.trace.gapStart + 1 && $0.end >= Self.trace.gapEnd - 1 }
        #expect(covering.map(\.activity) == [.unknown])
    }

    @Test func gateRecordsNothingInsideTheGap() throws {
        let updates = ActivityClassifier.updates(of: Self.trace.samples)
        var gate = RecordingGate()
        var events: [RecordingGate.Event] = []
        for update in updates { try gate.push(update) { events.append($0) } }
        try gate.advance(to: Self.trace.samples.last!.time) { events.append($0) }
        #expect(events.contains { $0.reason.rule == .gap })
        #expect(events.contains { $0.mode == .highAccuracy && $0.time < Self.trace.gapStart },
                "never recorded before the gap: the test would prove nothing")
        let middle = (Self.trace.gapStart + Self.trace.gapEnd) / 2
        let inForce = events.last { $0.time <= middle }
        #expect(inForce?.mode == .lowPower)
        #expect(!events.contains { Self.insideGap($0.time) && $0.mode == .highAccuracy })
    }

    @Test func noDistanceAcrossTheGap() throws {
        // Walk 2 min, lose an hour, resume 5 km further east (travelled unrecorded): only the
        // two observed walks count, not the 5 km jump between them.
        let before = SyntheticWalk.fixes(from: 1_000, duration: 120, longitude: 0)
        let after = SyntheticWalk.fixes(from: 1_000 + 119 + Self.hour, duration: 120,
                                        longitude: before.last!.longitude + 5_000 / 111_319.49)
        let path = temporaryFile(FixCSVWriter.string(before + after), name: "fixes.csv")
        let fixes = try FixReader.read(path: path)
        let odometer = Odometer.measuring(fixes, timeZone: TimeZone(identifier: "UTC")!)
        let walked = 2 * 119 * 1.4
        #expect(abs(odometer.totalDistance - walked) < 0.01 * walked,
                "distance \(odometer.totalDistance) m, expected the two walks, \(walked) m")
    }
}

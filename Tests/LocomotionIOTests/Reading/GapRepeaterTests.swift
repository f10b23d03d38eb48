import Foundation
import Locomotion
import LocomotionDSP
import Testing
import LocomotionIO
import LocomotionTestSupport

/// `--repeat-gaps` (``GapRepeater`` inside ``TraceInput``): a change-only stream read with repeats gives the tables of
/// the stream with the repeats written out; longer gaps stay gaps.
@Suite struct GapRepeaterTests {
    static let start = 1_700_000_040.0  // a whole minute: epochs start on it

    static func row(_ time: Double, _ x: Double = 0, line: Int = 0) -> TraceRow {
        TraceRow(sample: AccelerometerSample(time: time, x: x, y: 0, z: 1), line: line)
    }

    /// Every row a repeater hands out for `rows`.
    static func filled(_ rows: [TraceRow], limit: Double) -> [TraceRow] {
        var repeater = GapRepeater(limit: limit)
        var out: [TraceRow] = []
        for row in rows {
            out.append(repeater.take(row))
            while let held = repeater.nextHeldRow() { out.append(held) }
        }
        return out
    }

    @Test("a gap up to the limit becomes repeats of the row before it at the sampling interval; a longer one is left alone")
    func mechanics() {
        let rows = [Self.row(0, 1, line: 2), Self.row(0.2, 2, line: 3), Self.row(0.4, 3, line: 4), Self.row(1.4, 4, line: 5),
                    Self.row(101.4, 5, line: 6), Self.row(101.6, 6, line: 7)]
        let out = Self.filled(rows, limit: 60)
        let times = out.map(\.sample.time)
        let expected = [0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 101.4, 101.6]
        #expect(times.count == expected.count)
        for (time, want) in zip(times, expected) { #expect(abs(time - want) < 1e-9) }
        // The repeats hold the values and the line of the row before the gap.
        for repeated in out[3...6] {
            #expect(repeated.sample.acceleration == rows[2].sample.acceleration)
            #expect(repeated.line == 4)
        }
        #expect(out[7] == rows[3])
        // Nothing before the first interval is known: no rate, no repeats.
        #expect(Self.filled([Self.row(0), Self.row(5), Self.row(5.2)], limit: 60).count == 3)
        // One dropped sample (a step of 2 intervals) is filled; jitter below 1.5 intervals is not.
        #expect(Self.filled([Self.row(0), Self.row(0.2), Self.row(0.4), Self.row(0.8)], limit: 60).count == 5)
        #expect(Self.filled([Self.row(0), Self.row(0.2), Self.row(0.4), Self.row(0.68)], limit: 60).count == 4)
    }

    /// A 5 Hz stream: moving (a 1.8 Hz swing with varying amplitude) and still (exactly the same reading) in turn;
    /// `still` the lengths (s) of the still stretches, each followed by 60 s of movement.
    static func stream(still: [Double]) -> [AccelerometerSample] {
        var samples: [AccelerometerSample] = []
        var time = start
        func moving(_ seconds: Double) {
            for _ in 0..<Int(seconds * 5) {
                let phase = 2 * Double.pi * 1.8 * (time - start)
                samples.append(AccelerometerSample(time: time, x: 0.3 * sin(phase), y: 0.1 * cos(0.7 * phase),
                                                   z: 1 + 0.4 * sin(phase + 0.5)))
                time += 0.2
            }
        }
        moving(60)
        for seconds in still {
            for _ in 0..<Int(seconds * 5) {
                samples.append(AccelerometerSample(time: time, x: 0.02, y: -0.01, z: 0.99))
                time += 0.2
            }
            moving(60)
        }
        return samples
    }

    /// AWARE's rule: a sample is dropped when no axis changed by at least `threshold` (g) from the last one kept.
    static func changeOnly(_ samples: [AccelerometerSample], threshold: Double) -> [AccelerometerSample] {
        var kept: [AccelerometerSample] = []
        for sample in samples {
            if let last = kept.last {
                let d = sample.acceleration - last.acceleration
                if abs(d.x) < threshold && abs(d.y) < threshold && abs(d.z) < threshold { continue }
            }
            kept.append(sample)
        }
        return kept
    }

    static func write(_ samples: [AccelerometerSample], name: String) throws -> String {
        let path = temporaryPath(name)
        try TraceWriter.write(Trace(file: path, samples: samples), to: path)
        return path
    }

    static func epochs(_ path: String, repeatGaps: Double?) throws -> [EpochSummary] {
        var reading = TraceReadingOptions()
        reading.repeatGapLimit = repeatGaps
        let epoch = RecordingTables.Configuration(length: 60, timeZone: TimeZone(identifier: "UTC")!)
        var epochs: [EpochSummary] = []
        try ParticipantRecording(reading: reading, epoch: epoch, tables: .epochs).run([path]) { row, _ in
            if case .epoch(let summary) = row { epochs.append(summary) }
        }
        return epochs
    }

    @Test("a change-only stream with gaps up to the limit gives the epochs of the stream with the repeats written out")
    func sameEpochsAsWrittenOut() throws {
        let full = Self.stream(still: [50, 45, 30])
        let sparse = Self.changeOnly(full, threshold: 0.002)
        // The premise: the still stretches became gaps of 30–50 s.
        let longest = zip(sparse, sparse.dropFirst()).map { $1.time - $0.time }.max()!
        #expect(longest > 29 && longest <= 50.2)
        let writtenOut = try Self.epochs(try Self.write(full, name: "full.csv"), repeatGaps: nil)
        let repeated = try Self.epochs(try Self.write(sparse, name: "sparse.csv"), repeatGaps: 60)
        let plain = try Self.epochs(try Self.write(sparse, name: "sparse.csv"), repeatGaps: nil)
        #expect(repeated.count == writtenOut.count)
        for (a, b) in zip(repeated, writtenOut) {
            #expect(a.start == b.start)
            #expect(abs(a.tally.coveredSeconds - b.tally.coveredSeconds) < 0.01)
            for activity in MotionActivity.allCases {
                #expect(abs(a.tally.activities[activity] - b.tally.activities[activity]) < 0.5, "\(activity) at \(a.start)")
            }
            #expect(abs(a.tally.carriedSeconds - b.tally.carriedSeconds) < 0.5)
            #expect(a.tally.steps == b.tally.steps)
        }
        // Without the option the same file has its still time as gaps: less covered, more unknown.
        let covered = { (epochs: [EpochSummary]) in epochs.reduce(0) { $0 + $1.tally.coveredSeconds } }
        let unknown = { (epochs: [EpochSummary]) in epochs.reduce(0) { $0 + $1.tally.activities.unknown } }
        #expect(covered(plain) < covered(writtenOut) - 100)
        #expect(unknown(plain) > unknown(repeated) + 100)
    }

    @Test("a gap longer than the limit stays a gap: not covered, unknown")
    func longerGapsStayGaps() throws {
        let sparse = Self.changeOnly(Self.stream(still: [150]), threshold: 0.002)
        let repeated = try Self.epochs(try Self.write(sparse, name: "sparse.csv"), repeatGaps: 60)
        let plain = try Self.epochs(try Self.write(sparse, name: "sparse.csv"), repeatGaps: nil)
        #expect(repeated == plain)
        // The 150 s gap starts at 60 s: the epoch from 120 s to 180 s lies wholly inside it.
        let inside = try #require(repeated.first { $0.start == Self.start + 120 })
        #expect(inside.tally.coveredSeconds == 0)
        #expect(inside.tally.activities.unknown == inside.tally.recordedSeconds)
    }
}

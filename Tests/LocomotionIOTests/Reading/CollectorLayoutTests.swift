import Foundation
import LocomotionDSP
import LocomotionTestSupport
import Testing
@testable import LocomotionIO

/// A real recording (Oxford step counter) written at test time as AWARE, Beiwe and RADAR-base export it reads as
/// the same samples as its canonical CSV: columns found by their names, milliseconds detected, m/s² named, gzip.
@Suite(.tags(.realData), .enabled(if: TestDatasets.isPresent("oxford-step-counter"), Comment(rawValue: TestDatasets.absence("oxford-step-counter"))))
struct CollectorLayoutTests {
    private static let g = AccelerationUnit.standardGravity

    /// The recording's samples, moved to start at 2023-11-14 22:13:20 UTC, times rounded to the millisecond.
    private static func samples() throws -> [AccelerometerSample] {
        let samples = try StepTestDatasets.oxford("Samsung_Dario_Hard_FrontPocket_1").samples
        return samples.map {
            AccelerometerSample(time: ((1_700_000_000 + $0.time - samples[0].time) * 1000).rounded() / 1000, acceleration: $0.acceleration)
        }
    }

    private static func milliseconds(_ sample: AccelerometerSample) -> Int64 { Int64((sample.time * 1000).rounded()) }

    private static func read(_ path: String, options: TraceReadingOptions = .init()) throws -> [AccelerometerSample] {
        var input = try TraceInput(path: path, options: options)
        var samples: [AccelerometerSample] = []
        while let row = try input.next() { samples.append(row.sample) }
        return samples
    }

    private static func expectSame(_ read: [AccelerometerSample], _ expected: [AccelerometerSample],
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(read.count == expected.count, sourceLocation: sourceLocation)
        let worst = zip(read, expected).map { max(abs($0.time - $1.time) * 1000, ($0.acceleration - $1.acceleration).magnitude * 1e6) }.max() ?? 0
        // Within 1 µs of time (in ms: 0.001) and 10⁻⁶ g.
        #expect(worst < 1, "worst difference \(worst)", sourceLocation: sourceLocation)
    }

    @Test("AWARE's accelerometer table: timestamp in ms, double_values_0..2 in m/s², its free-text label not read")
    func aware() throws {
        let samples = try Self.samples()
        let text = "_id,timestamp,device_id,double_values_0,double_values_1,double_values_2,accuracy,label\n"
            + samples.enumerated().map { index, sample in
                let a = sample.acceleration * Self.g
                return "\(index + 1),\(Self.milliseconds(sample)),5f0c2a1e-aaaa-bbbb-cccc-0123456789ab,\(a.x),\(a.y),\(a.z),3,in pocket\n"
            }.joined()
        let read = try Self.read(temporaryFile(text, name: "accelerometer.csv"), options: TraceReadingOptions(units: .metersPerSecondSquared))
        Self.expectSame(read, samples)
    }

    @Test("Beiwe's accelerometer file: timestamp in ms, an ISO `UTC time` column, x,y,z in g")
    func beiwe() throws {
        let samples = try Self.samples()
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let text = "timestamp,UTC time,accuracy,x,y,z\n" + samples.map { sample in
            let utc = formatter.string(from: Date(timeIntervalSince1970: sample.time)).replacingOccurrences(of: "Z", with: "")
            return "\(Self.milliseconds(sample)),\(utc),unknown,\(sample.acceleration.x),\(sample.acceleration.y),\(sample.acceleration.z)\n"
        }.joined()
        Self.expectSame(try Self.read(temporaryFile(text, name: "2023-11-14 22_00_00+00_00.csv")), samples)
    }

    @Test("RADAR-base's restructured android_phone_acceleration: value.time in s, value.x… in g, gzipped")
    func radar() throws {
        let samples = try Self.samples()
        let text = "key.projectId,key.userId,key.sourceId,value.time,value.timeReceived,value.x,value.y,value.z\n" + samples.map { sample in
            "study,user-1,source-1,\(sample.time),\(sample.time + 0.5),\(sample.acceleration.x),\(sample.acceleration.y),\(sample.acceleration.z)\n"
        }.joined()
        let plain = temporaryFile(text, name: "plain.csv")
        let gzipped = plain + ".gz"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-k", plain]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        Self.expectSame(try Self.read(gzipped), samples)
    }

    @Test("a column map reads any names; a map naming a missing column is refused with its name")
    func columnMap() throws {
        let samples = try Self.samples().prefix(3000)
        let text = "t_ms,ax,ay,az\n" + samples.map { "\(Self.milliseconds($0)),\($0.acceleration.x),\($0.acceleration.y),\($0.acceleration.z)\n" }.joined()
        var options = TraceReadingOptions()
        options.columnNames = ["t_ms", "ax", "ay", "az"]
        Self.expectSame(try Self.read(temporaryFile(text), options: options), Array(samples))
        options.columnNames = ["t_ms", "ax", "ay", "accel_z"]
        let error = try #require(throws: InputError.self) { _ = try Self.read(temporaryFile(text), options: options) }
        #expect(error.line == 1 && error.problem.contains("accel_z"), "\(error)")
        #expect(throws: InputError.self) { _ = try Self.read(temporaryFile(text)) }
    }
}

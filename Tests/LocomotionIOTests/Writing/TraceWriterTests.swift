import Foundation
import Locomotion
import LocomotionDSP
import Testing
@testable import LocomotionIO
import LocomotionTestSupport

@Suite struct TraceWriterTests {
    /// Awkward doubles: shortest forms of 17 digits, tiny and huge exponents, -0.
    static let awkward: [Double] = [
        0.1, -0.98, 1.0 / 3.0, 2.0 / 3.0, 1e-7, -1e-300, Double.leastNonzeroMagnitude, 1.7976931348623157e308,
        123456.789012345, 0.30000000000000004, -0.0, 0, 1700000000.02, 1700000000.123456789,
        9.80665, 1e22, 1e23, 123456789012345680,
    ]

    @Test func csvRoundTripIsExact() throws {
        var generator = SplitMix64(seed: 42)
        var samples: [AccelerometerSample] = []
        var labels: [MotionActivity] = []
        var time = 1_700_000_000.0
        for index in 0..<5000 {
            time += Double(generator.next() % 1000 + 1) * 1e-5 + (index % 7 == 0 ? 1e-9 : 0)
            func value() -> Double {
                let bits = generator.next()
                if bits % 5 == 0 { return Self.awkward[Int(bits / 5 % UInt64(Self.awkward.count))] }
                return (Double(bits >> 11) / Double(1 << 53) - 0.5) * 4
            }
            samples.append(AccelerometerSample(time: time, x: value(), y: value() + 1, z: value()))
            labels.append(MotionActivity.allCases[index % MotionActivity.allCases.count])
        }
        let path = temporaryPath("round.csv")
        try TraceWriter.write(Trace(file: path, samples: samples, labels: labels), to: path)
        let read = try Trace.read(path: path, options: .init(checkUnits: false))
        #expect(read.samples.count == samples.count)
        #expect(zip(read.samples, samples).allSatisfy {
            $0.time.bitPattern == $1.time.bitPattern
                && $0.acceleration.x.bitPattern == $1.acceleration.x.bitPattern
                && $0.acceleration.y.bitPattern == $1.acceleration.y.bitPattern
                && $0.acceleration.z.bitPattern == $1.acceleration.z.bitPattern
        })
        #expect(read.labels == labels)
    }

    @Test func formatterWritesShortFixedPoint() {
        func text(_ value: Double) -> String {
            var buffer: [UInt8] = []
            DecimalFormatter.append(value, to: &buffer)
            return String(decoding: buffer, as: UTF8.self)
        }
        #expect(text(0.02) == "0.02")
        #expect(text(-0.981) == "-0.981")
        #expect(text(1_700_000_000.5) == "1700000000.5")
        #expect(text(12) == "12")
        #expect(text(1.0 / 3.0) == (1.0 / 3.0).description)
        #expect(text(-0.0) == "-0")
    }

    @Test func jsonLinesShape() throws {
        let path = temporaryPath("trace.jsonl")
        var writer = try TraceWriter(path: path, format: .jsonLines, includesLabels: true)
        try writer.write(AccelerometerSample(time: 1.5, x: 0.01, y: -0.98, z: 0.03), label: .walking)
        try writer.write(AccelerometerSample(time: 1.52, x: 0, y: -1, z: 0), label: nil)
        try writer.finish()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == #"""
            {"timestamp":1.5,"x":0.01,"y":-0.98,"z":0.03,"label":"walking"}
            {"timestamp":1.52,"x":0,"y":-1,"z":0,"label":null}

            """#)
        for line in text.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["timestamp"] != nil)
        }
        // An unlabelled trace has no label key at all.
        let unlabelled = temporaryPath("plain.jsonl")
        writer = try TraceWriter(path: unlabelled, format: .jsonLines)
        try writer.write(AccelerometerSample(time: 1.5, x: 0.01, y: -0.98, z: 0.03), label: .walking)
        try writer.finish()
        #expect(try String(contentsOfFile: unlabelled, encoding: .utf8) == "{\"timestamp\":1.5,\"x\":0.01,\"y\":-0.98,\"z\":0.03}\n")
    }

    @Test func nonFiniteSamplesAreRefused() throws {
        var writer = try TraceWriter(path: temporaryPath("bad.csv"))
        #expect(throws: OutputError.self) {
            try writer.write(AccelerometerSample(time: 0, x: .nan, y: 0, z: 0))
        }
    }
}

import Foundation
import LocomotionDSP
@_spi(Harness) @testable import LocomotionIO
import LocomotionTestSupport
import Testing

/// `--units auto` in every reader: the same samples written in g and in m/s² come out the same, whether the rows
/// are parsed by the first batch, by the chunked parser on other threads (which takes the parser's scale once the
/// first rows decided it), or as JSON Lines. Synthetic rows: this checks the readers' mechanics, not a detector.
struct AccelerationUnitDecisionTests {
    private static let g = AccelerationUnit.standardGravity

    /// 6 000 rows at 50 Hz: gravity on z and a 2 Hz swing of ±0.3 g on x and z, time in seconds.
    private static func samples() -> [(time: Double, x: Double, y: Double, z: Double)] {
        (0..<6000).map { index in
            let time = 1_709_280_000 + Double(index) / 50
            let swing = 0.3 * sin(2 * .pi * 2 * Double(index) / 50)
            return (time, swing, 0.05, 1 + swing / 2)
        }
    }

    private static func write(scale: Double, json: Bool) throws -> String {
        let folder = try temporaryDirectory(prefix: "UnitDecision").path
        let path = folder + (json ? "/trace.jsonl" : "/trace.csv")
        let text = samples().map { sample in
            json ? "{\"timestamp\":\(sample.time),\"x\":\(sample.x * scale),\"y\":\(sample.y * scale),\"z\":\(sample.z * scale)}\n"
                 : "\(sample.time),\(sample.x * scale),\(sample.y * scale),\(sample.z * scale)\n"
        }.joined()
        try ((json ? "" : "timestamp,x,y,z\n") + text).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private static var auto: TraceReadingOptions {
        var options = TraceReadingOptions()
        options.detectsUnits = true
        return options
    }

    private func expectSame(_ read: [TraceRow], _ expected: [TraceRow]) {
        #expect(read.count == expected.count && read.count == 6000)
        let worst = zip(read, expected).map { ($0.sample.acceleration - $1.sample.acceleration).magnitude }.max() ?? .infinity
        #expect(worst < 1e-12, "largest difference \(worst) g")
        #expect(zip(read, expected).allSatisfy { $0.sample.time == $1.sample.time && $0.line == $1.line })
    }

    @Test("the chunked parser on two threads, in chunks of 4 KiB, reads the m/s² file as the g file")
    func chunkedParser() throws {
        var reference = try ReadAheadTraceReader(path: Self.write(scale: 1, json: false), options: .init(), parsingThreads: 2,
                                                 chunkBytes: 4096, bufferSize: 4096)
        var expected: [TraceRow] = []
        while let row = try reference.next() { expected.append(row) }
        #expect(reference.accelerationUnitDecision == nil)
        for (scale, unit) in [(1.0, AccelerationUnit.g), (Self.g, .metersPerSecondSquared)] {
            var reader = try ReadAheadTraceReader(path: Self.write(scale: scale, json: false), options: Self.auto, parsingThreads: 2,
                                                  chunkBytes: 4096, bufferSize: 4096)
            var read: [TraceRow] = []
            while let row = try reader.next() { read.append(row) }
            #expect(reader.accelerationUnitDecision?.unit == unit)
            #expect(reader.accelerationUnitDecision?.rowCount == TraceReader.unitCheckRowCount)
            expectSame(read, expected)
        }
    }

    @Test("JSON Lines: the m/s² file is read as the g file")
    func jsonLines() throws {
        var expected: [TraceRow] = []
        var reference = try TraceInput(path: Self.write(scale: 1, json: true))
        while let row = try reference.next() { expected.append(row) }
        var reader = try TraceInput(path: Self.write(scale: Self.g, json: true), options: Self.auto)
        var read: [TraceRow] = []
        while let row = try reader.next() { read.append(row) }
        #expect(reader.accelerationUnitDecision?.unit == .metersPerSecondSquared)
        expectSame(read, expected)
    }

    @Test("the rule's edges: 0.5–2 is g, 4.9–19.6 is m/s², between and outside refused at the first row's line",
          arguments: [(0.49, nil), (0.5, AccelerationUnit.g), (2.0, .g), (2.1, nil), (4.8, nil), (4.95, .metersPerSecondSquared),
                      (19.6, .metersPerSecondSquared), (19.7, nil)] as [(Double, AccelerationUnit?)])
    func edges(median: Double, unit: AccelerationUnit?) {
        let rows = (0..<11).map { TraceRow(sample: AccelerometerSample(time: Double($0), x: 0, y: 0, z: median), line: $0 + 2) }
        do {
            let decision = try AccelerationUnitDecision.decide(rows[...], file: "f.csv")
            #expect(decision.unit == unit && decision.medianMagnitude == median)
        } catch {
            #expect(unit == nil)
            #expect(error.file == "f.csv" && error.line == 2, "\(error)")
        }
    }
}

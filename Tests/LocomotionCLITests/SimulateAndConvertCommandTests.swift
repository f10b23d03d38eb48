import Foundation
import Locomotion
import LocomotionIO
import Testing
@testable import LocomotionCLI
import LocomotionTestSupport

@Suite struct SimulateAndConvertCommandTests {
    @Test func simulateIsByteIdenticalAndReadable() async throws {
        let folder = try temporaryDirectory(prefix: "Commands")
        var paths: [String] = []
        for run in 0..<2 {
            let path = folder.appendingPathComponent("day\(run).csv").path
            let command = try SimulateCommand.parse(["--duration", "300", "--seed", "5", "--output", path,
                                                     "--fixes", folder.appendingPathComponent("fixes\(run).csv").path])
            try await command.run()
            paths.append(path)
        }
        let first = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
        #expect(first == (try Data(contentsOf: URL(fileURLWithPath: paths[1]))))
        let trace = try Trace.read(path: paths[0])
        #expect(trace.labels != nil)
        #expect(trace.samples.count > 10_000)
        let fixes = try String(contentsOfFile: folder.appendingPathComponent("fixes0.csv").path, encoding: .utf8)
        #expect(fixes.hasPrefix("timestamp,latitude,longitude,horizontal_accuracy,speed\n"))
    }

    @Test func simulateRejectsBadOptions() {
        #expect(throws: (any Error).self) { try SimulateCommand.parse(["--duration", "-5", "--output", "x.csv"]) }
        #expect(throws: (any Error).self) { try SimulateCommand.parse(["--duration", "60"]) }
    }

    @Test func convertWritesCanonicalTraces() async throws {
        let folder = try temporaryDirectory(prefix: "Commands")
        let input = folder.appendingPathComponent("raw")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        var rows = "10,android.sensor.light,0.0,3678.0,0.0\n"
        for index in 0..<100 { rows += "\(index * 50),android.sensor.accelerometer,0.1,9.7,0.5\n" }
        try Data(rows.utf8).write(to: input.appendingPathComponent("sensorfile_ann_Bus_1000000.csv"))
        let output = folder.appendingPathComponent("out").path
        let command = try ConvertCommand.parse(["--from", "us-tm2017", input.path, "--output-dir", output])
        try await command.run()
        let trace = try Trace.read(path: output + "/us-tm2017_ann_Bus_1000000.csv")
        #expect(trace.samples.count == 100)
        #expect(Set(trace.labels!) == [.automotive])
        #expect(abs(trace.samples[0].acceleration.y - 9.7 / 9.80665) < 1e-6)
        #expect(abs(trace.samples[1].time - trace.samples[0].time - 0.05) < 1e-9)
        #expect(trace.samples[0].time == 1000)
    }

    @Test func convertWithNoMatchingFilesIsAnInputError() async throws {
        let folder = try temporaryDirectory(prefix: "Commands")
        let command = try ConvertCommand.parse(["--from", "mobifall-v2", folder.path, "--output-dir", folder.path + "/o"])
        await #expect(throws: InputError.self) { try await command.run() }
    }

    @Test func convertReadsUntimedRowsAtTheRateGiven() async throws {
        let folder = try temporaryDirectory(prefix: "Commands")
        let input = folder.appendingPathComponent("raw/cycling")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        var rows = "\"x\",\"y\",\"z\",\"class\"\n"
        for _ in 0..<100 { rows += "0.1,9.7,0.5,\"cycling\"\n" }
        try Data(rows.utf8).write(to: input.appendingPathComponent("user1.txt"))
        for (options, interval) in [([String](), 1.0 / 24), (["--rate", "30"], 1.0 / 30)] {
            let output = folder.appendingPathComponent("out\(options.count)").path
            let command = try ConvertCommand.parse(["--from", "qrowd-tr-phone", folder.appendingPathComponent("raw").path,
                                                    "--output-dir", output] + options)
            try await command.run()
            let trace = try Trace.read(path: output + "/qrowd-tr-phone_cycling_user1.csv")
            #expect(trace.samples.count == 100 && Set(trace.labels!) == [.cycling])
            #expect(abs(trace.samples[99].time - 99 * interval) < 1e-6)
        }
    }

    @Test func convertRefusesARateItCannotUse() {
        // Only a source without timestamps takes a rate; and it must be a phone's.
        #expect(throws: (any Error).self) {
            try ConvertCommand.parse(["--from", "us-tm2017", "x", "--output-dir", "o", "--rate", "24"])
        }
        for rate in ["0", "-24", "nan", "2000"] {
            #expect(throws: (any Error).self) {
                try ConvertCommand.parse(["--from", "qrowd-tr-phone", "x", "--output-dir", "o", "--rate", rate])
            }
        }
    }
}

import Foundation
import Locomotion
import LocomotionDSP
import Testing
@testable import LocomotionIO
@testable import LocomotionDatasets
import LocomotionTestSupport

@Suite struct HHARStillPhonesTests {
    /// A file under `Phoneon<orientation>/<device>/<model>.csv` in a new folder.
    static func file(_ text: String, orientation: String = "Phoneonback", device: String = "it-101",
                     model: String = "Samsung-Galaxy-S3") throws -> String {
        let folder = try temporaryDirectory().appendingPathComponent("\(orientation)/\(device)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("\(model).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func androidRowsAreSpreadEvenlyOverTheArrivalSpan() throws {
        // Arrival stamps in batches (three rows at 1000 ms), the last at 1004 ms: five valid rows, four intervals
        // of 1 ms (the bad row is skipped, not given a time).
        let path = try Self.file("""
            Creation_Time,Sensor_Time,Arrival_Time,x,y,z
            5,1,1000,0,0,9.80665
            6,2,1000,0,0,9.80665
            7,3,1000,0,9.80665,0
            8,4,1003,not a number,0,0
            9,5,1004,9.80665,0,0
            10,6,1004,0,0,9.80665

            """)
        let recording = try #require(HHARStillPhones.convert(file: path).first)
        #expect(recording.name == "hhar-still-phones_Phoneonback_it-101_Samsung-Galaxy-S3")
        #expect(recording.trace.samples.map(\.time) == [1.0, 1.001, 1.002, 1.003, 1.004])
        #expect(recording.trace.samples[2].acceleration == Vector3(x: 0, y: 1, z: 0))   // m/s² → g
        #expect(recording.trace.labels == Array(repeating: .stationary, count: 5))
        #expect(recording.skippedRowCount == 1)
    }

    @Test func iPhoneAndGearFilesFindTheirColumnsByName() throws {
        let path = try Self.file("""
            Index,Arrival_Time,Creation_Time,x,y,z
            0,2000,339190177.1,0,0,-9.80665
            1,2010,339199878.2,0,0,-9.80665

            """, device: "iphone6_s", model: "iphone-6_s_locked")
        let recording = try #require(HHARStillPhones.convert(file: path).first)
        #expect(recording.name == "hhar-still-phones_Phoneonback_iphone6_s_iphone-6_s_locked")
        #expect(recording.trace.samples.map(\.time) == [2.0, 2.01])
        #expect(recording.trace.samples[0].acceleration.z == -1)
    }

    @Test func badFilesNameTheFileAndTheProblem() throws {
        let noColumns = try Self.file("a,b,c\n1,2,3\n")
        #expect { try HHARStillPhones.convert(file: noColumns) } throws: {
            ($0 as? InputError)?.file == noColumns && ($0 as? InputError)?.line == 1
        }
        let backwards = try Self.file("Index,Arrival_Time,x,y,z\n0,2000,0,0,1\n1,1999,0,0,1\n")
        #expect { try HHARStillPhones.convert(file: backwards) } throws: { ($0 as? InputError)?.line == 3 }
        let oneStamp = try Self.file("Index,Arrival_Time,x,y,z\n0,2000,0,0,1\n1,2000,0,0,1\n")
        #expect { try HHARStillPhones.convert(file: oneStamp) } throws: {
            ($0 as? InputError)?.problem.contains("same") == true
        }
        let empty = try Self.file("")
        #expect(throws: InputError.self) { try HHARStillPhones.convert(file: empty) }
    }

    @Test(.tags(.realData), .enabled(if: TestDatasets.isPresent("hhar-still-phones"), Comment(rawValue: TestDatasets.absence("hhar-still-phones"))))
    func realFilesOfEveryFamily() throws {
        let folder = TestDatasets.folder("hhar-still-phones").path
        let files = try HHARStillPhones.inputFiles(in: folder)
        #expect(files.count == 69)
        for relative in ["Phoneonleft/it-119/LG-Nexus4.csv", "Phoneonback/iphone6_s/iphone-6_s_unlocked.csv",
                         "Phoneontop/gear_1/Samsung-Galaxy-Gear.csv", "Phoneonfront/111837-0/HTC-Nexus-One.csv"] {
            let recording = try #require(HHARStillPhones.convert(file: folder + "/raw/" + relative).first)
            let path = temporaryPath(recording.name + ".csv")
            try TraceWriter.write(recording.trace, to: path)
            let trace = try Trace.read(path: path, options: .init(checkUnits: true))
            let samples = trace.samples
            let duration = samples.last!.time - samples.first!.time
            #expect(duration > 60 && duration < 330, "\(relative): \(duration) s")
            let rate = Double(samples.count - 1) / duration
            #expect(rate > 20 && rate < 210, "\(relative): \(rate) Hz")
            let magnitudes = samples.map(\.acceleration.magnitude).sorted()
            #expect(abs(magnitudes[magnitudes.count / 2] - 1) < 0.1, "\(relative): gravity in g")
        }
    }
}

import Foundation
import Testing
import LocomotionTestSupport

/// Hostile class "a dataset file none of whose rows can be read" (Docs/reliability.md, Round 5): `convert` said
/// "no accelerometer samples; nothing written" and exited 0 — a file skipped silently. Now exit 1 naming the file
/// and the line of the first unreadable row. Cases over every adapter that reads native rows, each with one row
/// that fails its own way, and the same file with one good row added (converted, the bad row counted).
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct DatasetRowTests {
    /// A native file of `dataset` at `path` (relative), its text built around `row`, and the line `row` lands on.
    struct Case: CustomStringConvertible, Sendable {
        var dataset: String
        var path: String
        var head: String
        var row: String
        var good: String
        var extra: [String: String] = [:]
        var description: String { "\(dataset): \(row)" }
        var line: Int { head.split(separator: "\n", omittingEmptySubsequences: false).count }
    }

    static let cases: [Case] = [
        Case(dataset: "us-tm2017", path: "sensorfile_U1_Walking_1485092234910.csv", head: "",
             row: "abc,android.sensor.accelerometer,0.1,0.2,9.8", good: "20,android.sensor.accelerometer,0.1,0.2,9.8"),
        Case(dataset: "us-tm2017", path: "sensorfile_U1_Still_1485092234910.csv", head: "5,speed,0,10\n",
             row: "-5,android.sensor.accelerometer,0.1,0.2,9.8", good: "20,android.sensor.accelerometer,0.1,0.2,9.8"),
        Case(dataset: "us-tm2017", path: "sensorfile_U1_Car_1485092234910.csv", head: "",
             row: "10,android.sensor.accelerometer,nan,0.2,9.8", good: "20,android.sensor.accelerometer,0.1,0.2,9.8"),
        Case(dataset: "mobifall-v2", path: "sub1/ADL/WAL/WAL_acc_1_1.txt", head: "#MobiFall\n@DATA\n",
             row: "12x,0.1,0.2,9.8", good: "20000000,0.1,0.2,9.8"),
        Case(dataset: "oxford-step-counter", path: "P_U_S_Pocket_1/accelerometer.csv", head: "",
             row: "1000000000,3,0.1,,9.8", good: "1500000000,3,0.1,0.2,9.8",
             extra: ["P_U_S_Pocket_1/stepcounter.csv": "1000000000,0,0\n2000000000,1,0\n"]),
        Case(dataset: "geotecinit-sp-har", path: "s01/s01_01_sp.csv",
             head: "x_acc,y_acc,z_acc,x_gyro,y_gyro,z_gyro,timestamp,label\n",
             row: "0.1,0.2,9.8,0,0,0,1600000000000,FLYING", good: "0.1,0.2,9.8,0,0,0,1600000000010,WALKING"),
        Case(dataset: "qrowd-tr-phone", path: "walk/user1.txt", head: "\"x\",\"y\",\"z\",\"class\"\n",
             row: "\"a\",0.2,9.8,walking", good: "0.1,0.2,9.8,walking"),
        Case(dataset: "hhar-still-phones", path: "Phoneonback/nexus4_1/nexus4.csv",
             head: "Creation_Time,Sensor_Time,Arrival_Time,x,y,z\n", row: "1,2,16e11x,0.1,0.2,9.8",
             good: "1,2,1600000000000,0.1,0.2,9.8\n1,2,1600000000010,0.1,0.2,9.8"),
    ]

    @Test("a native file whose rows are all unreadable is exit 1 naming file:line; with one good row it converts",
          arguments: cases)
    func allRowsUnreadable(_ testCase: Case) throws {
        let folder = try temporaryDirectory()
        func write(_ text: String, to path: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        for (path, text) in testCase.extra { try write(text, to: path) }
        try write(testCase.head + testCase.row + "\n", to: testCase.path)
        let failed = try ToolRunner.run(["convert", "--from", testCase.dataset, testCase.path, "-o", "out"], in: folder)
        #expect(failed.status == 1, "\(failed.standardError)")
        #expect(failed.standardError.contains("\(testCase.path):\(testCase.line):"), "\(failed.standardError)")
        #expect(failed.standardError.contains("none of its 1 accelerometer rows could be read"), "\(failed.standardError)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)) ?? []
        #expect(written.filter { !$0.hasPrefix(".") }.isEmpty, "\(written)")

        try write(testCase.head + testCase.row + "\n" + testCase.good + "\n", to: testCase.path)
        let converted = try ToolRunner.run(["convert", "--from", testCase.dataset, testCase.path, "-o", "out"], in: folder)
        #expect(converted.status == 0, "\(converted.standardError)")
        #expect(converted.standardOutput.split(separator: "\n").count == 2, "\(converted.standardOutput)")
    }
}

/// Hostile class "a name from inside a dataset file" (Docs/reliability.md, Round 5, the adapters' audit): part of an
/// output name read from a file's contents (GeoTecINIT's `executions_info.csv` orientation; a MAT struct's field
/// names) must stay one file name in the output folder: a `/` in it is exit 1 naming the file, never a write into
/// another folder.
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct DatasetNameTests {
    @Test("an orientation holding '/' is refused, whether or not the folder it names exists",
          arguments: ["sub/escaped", "../escaped", "a/../../escaped"])
    func orientationWithASlash(orientation: String) throws {
        let folder = try temporaryDirectory()
        let data = folder.appendingPathComponent("s01")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try "execution,orientation\ns01_01,\(orientation)\n".write(to: data.appendingPathComponent("executions_info.csv"), atomically: true, encoding: .utf8)
        try "x_acc,y_acc,z_acc,x_gyro,y_gyro,z_gyro,timestamp,label\n0.1,0.2,9.8,0,0,0,1600000000000,WALKING\n0.1,0.2,9.8,0,0,0,1600000000010,WALKING\n"
            .write(to: data.appendingPathComponent("s01_01_sp.csv"), atomically: true, encoding: .utf8)
        // The folder the name would reach, made beforehand: a write there would succeed.
        let reached = folder.appendingPathComponent("out/geotecinit-sp-har_s01_01_" + orientation).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: reached, withIntermediateDirectories: true)
        let result = try ToolRunner.run(["convert", "--from", "geotecinit-sp-har", "s01", "-o", "out"], in: folder)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("s01/s01_01_sp.csv: the output name"), "\(result.standardError)")
        let escaped = reached.appendingPathComponent("escaped.csv")
        #expect(!FileManager.default.fileExists(atPath: escaped.path), "written to \(escaped.path)")
    }
}

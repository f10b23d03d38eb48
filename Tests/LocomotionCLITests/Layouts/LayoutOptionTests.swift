import Foundation
import LocomotionTestSupport
import Testing

/// `--layout auto|canonical|aware|beiwe|radar`: an explicit layout reads a file whose header matches it and refuses
/// one whose header does not, naming file:line and the header expected. Small hand-written traces (the mechanics of
/// the option; the layouts' equivalence on real recordings is CollectorExportTests' and AwareCohortTests').
@Suite(.enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built"))
struct LayoutOptionTests {
    /// 60 rows at 5 Hz, at rest, starting 2024-03-01T08:00:00Z: (seconds, x, y, z in g).
    private static let rows: [(Double, Double, Double, Double)] = (0..<60).map { (1_709_280_000 + Double($0) * 0.2, 0.01, -0.02, 1.0) }

    private static func write(_ text: String, _ name: String) throws -> String {
        let path = try temporaryDirectory(prefix: "Layout").path + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private static func canonical() throws -> String {
        try write("timestamp,x,y,z\n" + rows.map { "\($0.0),\($0.1),\($0.2),\($0.3)\n" }.joined(), "canonical.csv")
    }

    private static func aware() throws -> String {
        try write("timestamp,device_id,double_values_0,double_values_1,double_values_2,accuracy,label\n"
                  + rows.map { "\(Int64(($0.0 * 1000).rounded())),dev1,\($0.1),\($0.2),\($0.3),3,\n" }.joined(), "aware.csv")
    }

    private static func beiwe() throws -> String {
        try write("timestamp,UTC time,accuracy,x,y,z\n"
                  + rows.map { "\(Int64(($0.0 * 1000).rounded())),-,unknown,\($0.1),\($0.2),\($0.3)\n" }.joined(), "beiwe.csv")
    }

    private static func radar() throws -> String {
        try write("key.projectId,key.userId,key.sourceId,value.time,value.timeReceived,value.x,value.y,value.z\n"
                  + rows.map { "s,P1,x,\($0.0),\($0.0 + 1),\($0.1),\($0.2),\($0.3)\n" }.joined(), "radar.csv")
    }

    @Test("each layout reads its own header: the same activity table as auto")
    func matching() throws {
        for (layout, path) in [("canonical", try Self.canonical()), ("aware", try Self.aware()), ("beiwe", try Self.beiwe()), ("radar", try Self.radar())] {
            let auto = try ToolRunner.run(["label", path])
            let explicit = try ToolRunner.run(["label", path, "--layout", layout])
            #expect(auto.status == 0 && explicit.status == 0, "\(layout): \(explicit.standardError)")
            #expect(explicit.standardOutput == auto.standardOutput, "\(layout)")
            #expect(explicit.standardOutput.split(separator: "\n").count >= 2)
        }
    }

    @Test("a header of another layout is refused with file:1, the layout and the columns it lacks")
    func mismatch() throws {
        let cases: [(layout: String, path: String, lacks: String)] = [
            ("canonical", try Self.aware(), "lacks x, y, z"),
            ("radar", try Self.canonical(), "lacks value.time, value.x, value.y, value.z"),
            ("beiwe", try Self.canonical(), "lacks utc time, accuracy"),
            ("aware", try Self.beiwe(), "lacks device_id"),
        ]
        for (layout, path, lacks) in cases {
            for command in ["label", "steps"] {
                let result = try ToolRunner.run([command, path, "--layout", layout])
                #expect(result.status == 1, "\(command) --layout \(layout)")
                #expect(result.standardError.contains("\(path):1: --layout \(layout) expects the header") && result.standardError.contains(lacks),
                        "\(command) --layout \(layout): \(result.standardError)")
            }
        }
    }

    @Test("epochs --layout aware refuses a file that is not an AWARE table, naming it; --layout canonical refuses the AWARE table")
    func cohortCommands() throws {
        let canonical = try Self.canonical(), aware = try Self.aware()
        let notTable = try ToolRunner.run(["epochs", canonical, "--layout", "aware", "--time-zone", "UTC"])
        #expect(notTable.status == 1)
        #expect(notTable.standardError.contains("\(canonical):1: AWARE's accelerometer table (--layout aware) needs the columns"), "\(notTable.standardError)")
        let table = try ToolRunner.run(["epochs", aware, "--layout", "canonical", "--time-zone", "UTC"])
        #expect(table.status == 1)
        #expect(table.standardError.contains("\(aware):1: --layout canonical expects the header timestamp,x,y,z"), "\(table.standardError)")
        let read = try ToolRunner.run(["epochs", aware, "--layout", "aware", "--time-zone", "UTC"])
        #expect(read.status == 0, "\(read.standardError)")
        #expect(read.standardOutput.contains("\ndev1,") || read.standardOutput.contains(",dev1,"))
    }

    @Test("headerless rows are canonical: read with --layout canonical, refused by the collectors' layouts")
    func headerless() throws {
        let path = try Self.write(Self.rows.map { "\($0.0),\($0.1),\($0.2),\($0.3)\n" }.joined(), "headerless.csv")
        #expect(try ToolRunner.run(["label", path, "--layout", "canonical"]).status == 0)
        let refused = try ToolRunner.run(["label", path, "--layout", "beiwe"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("\(path):1: --layout beiwe expects the header timestamp,UTC time,accuracy,x,y,z, but the first line is data"),
                "\(refused.standardError)")
    }

    @Test("a JSON Lines trace is Locomotion's layout: refused by --layout aware, naming it")
    func jsonLines() throws {
        let path = try Self.write(Self.rows.map { "{\"timestamp\":\($0.0),\"x\":\($0.1),\"y\":\($0.2),\"z\":\($0.3)}\n" }.joined(), "trace.jsonl")
        #expect(try ToolRunner.run(["label", path, "--layout", "canonical"]).status == 0)
        let refused = try ToolRunner.run(["label", path, "--layout", "aware"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("\(path):1: --layout aware expects a CSV"), "\(refused.standardError)")
    }
}

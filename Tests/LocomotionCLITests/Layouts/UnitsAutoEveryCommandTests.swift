import Foundation
import LocomotionDSP
import LocomotionIO
import Locomotion
import LocomotionTestSupport
import Testing

/// `--units auto` in every command that reads traces, not only `epochs` and `daily`: a real us-tm2017 walk written
/// at test time in g (as iOS exports) and in m/s² (as Android does). Each command says once per file on standard
/// error what it decided, in the wording of `epochs` and `daily`, and writes what it writes with the unit named.
@Suite(.tags(.realData), .enabled(if: ToolRunner.isAvailable && UsTm2017.isAvailable,
                                  Comment(rawValue: TestDatasets.absence("us-tm2017/raw"))))
struct UnitsAutoEveryCommandTests {
    private static let start = 1_709_280_000.0   // 2024-03-01T08:00:00Z

    /// `g.csv` and `ms2.csv` (one walk in each unit), `loud.csv` (the walk × 3: neither unit), and `fixes.csv`
    /// (a walk north at 1.4 m/s over the trace's time, one fix every 5 s).
    private static let folder: String = {
        let folder = try! temporaryDirectory(prefix: "UnitsAutoEvery").path
        func write(_ text: String, _ name: String) { try! text.write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8) }
        var samples: [AccelerometerSample] = []
        for sample in try! StepTestDatasets.usTransportationMode("Damiano_Walking_1484390802366").sorted(by: { $0.time < $1.time })
            where samples.last.map({ sample.time - $0.time >= 0.001 }) ?? true { samples.append(sample) }
        let shift = start - samples[0].time
        func csv(scale: Double) -> String {
            "timestamp,x,y,z\n" + samples.map { sample in
                let a = sample.acceleration * scale
                return "\(((sample.time + shift) * 1000).rounded() / 1000),\(a.x),\(a.y),\(a.z)\n"
            }.joined()
        }
        write(csv(scale: 1), "g.csv")
        write(csv(scale: AccelerationUnit.standardGravity), "ms2.csv")
        write(csv(scale: 3), "loud.csv")
        let duration = samples[samples.count - 1].time - samples[0].time
        var fixes = "timestamp,latitude,longitude,horizontal_accuracy\n"
        for second in stride(from: 0.0, through: duration, by: 5) {
            fixes += "\(start + second),\(45.0 + 1.4 * second / 111_195),9.0,5\n"
        }
        write(fixes, "fixes.csv")
        return folder
    }()

    /// Each command's arguments around the trace `file`, writing to standard output.
    private static func arguments(_ command: String, _ file: String) -> [String] {
        switch command {
        case "plot": ["plot", file, "-o", "-"]
        case "distance": ["distance", "\(folder)/fixes.csv", "--trace", file]
        default: [command, file]
        }
    }

    private static let commands = ["steps", "summarize", "label", "carry", "replay", "plot", "distance"]

    @Test("each command says once what --units auto decided for a g file and an m/s² file, and writes what the named unit gives",
          arguments: commands, ["g", "ms2"])
    func saidAndApplied(command: String, unit: String) throws {
        let file = "\(Self.folder)/\(unit).csv"
        let auto = try ToolRunner.run(Self.arguments(command, file) + ["--units", "auto"])
        #expect(auto.status == 0, "\(command): \(auto.standardError)")
        let said = auto.standardError.split(separator: "\n").filter { $0.contains("read as") }
        #expect(said.count == 1, "\(command): \(auto.standardError)")
        let wording = "locomotion: \(file): read as \(unit == "g" ? "g" : "m/s²") (median |a| "
        #expect(said.allSatisfy { $0.hasPrefix(wording) && $0.hasSuffix(" over the first 500 rows)") }, "\(command): \(auto.standardError)")
        let named = try ToolRunner.run(Self.arguments(command, file) + ["--units", unit])
        #expect(named.status == 0, "\(command): \(named.standardError)")
        #expect(!named.standardError.contains("read as"), "\(command): \(named.standardError)")
        #expect(!auto.standardOutput.isEmpty && auto.standardOutput == named.standardOutput, "\(command)")
    }

    @Test("the m/s² file read as g is not what auto gives: the decision changes the result", arguments: ["steps", "summarize"])
    func decisionMatters(command: String) throws {
        let file = "\(Self.folder)/ms2.csv"
        let auto = try ToolRunner.run(Self.arguments(command, file) + ["--units", "auto"])
        let wrong = try ToolRunner.run(Self.arguments(command, file) + ["--units", "g", "--no-unit-check"])
        #expect(auto.status == 0 && wrong.status == 0, "\(auto.standardError) \(wrong.standardError)")
        #expect(auto.standardOutput != wrong.standardOutput)
    }

    @Test("several inputs read at once: one line per file, in input order")
    func oncePerFile() throws {
        let g = "\(Self.folder)/g.csv", ms2 = "\(Self.folder)/ms2.csv"
        let steps = try ToolRunner.run(["steps", g, ms2, "--units", "auto", "--jobs", "2"])
        #expect(steps.status == 0, "\(steps.standardError)")
        let said = steps.standardError.split(separator: "\n").filter { $0.contains("read as") }
        #expect(said.count == 2 && said.first?.contains("\(g): read as g") == true && said.last?.contains("\(ms2): read as m/s²") == true,
                "\(steps.standardError)")
    }

    @Test("a median |a| of neither unit is refused naming file and line, exit 1, in every command", arguments: commands)
    func neitherRefused(command: String) throws {
        let loud = "\(Self.folder)/loud.csv"
        let result = try ToolRunner.run(Self.arguments(command, loud) + ["--units", "auto"])
        #expect(result.status == 1, "\(command)")
        #expect(result.standardError.contains("\(loud):2:") && result.standardError.contains("neither about 1"), "\(command): \(result.standardError)")
    }
}

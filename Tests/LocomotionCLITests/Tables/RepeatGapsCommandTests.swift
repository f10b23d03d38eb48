import Foundation
import Testing
import LocomotionIO
import LocomotionDSP
import LocomotionTestSupport

/// `--repeat-gaps` through the built executable, on a real recording made change-only at test time: Damiano's phone
/// lying still for 27 minutes (us-tm2017, ~10 Hz), point-sampled at 5 Hz and thinned by AWARE's rule (a sample is
/// dropped when no axis changed by 0.1 m/s² since the last one kept), as an AWARE study at its default rate exports it.
@Suite(.enabled(if: ToolRunner.isAvailable && UsTm2017.isAvailable, "the locomotion executable is not built, or us-tm2017 is absent"))
struct RepeatGapsCommandTests {
    /// The trace's path, and the seconds in its gaps longer than 60 s.
    static func changeOnlyStill() throws -> (path: String, longGaps: Double) {
        var raw: [AccelerometerSample] = []
        for sample in try StepTestDatasets.usTransportationMode("Damiano_Still_1484693356845").sorted(by: { $0.time < $1.time })
            where raw.last.map({ sample.time - $0.time >= 0.001 }) ?? true { raw.append(sample) }
        // 5 Hz: the first sample at or after each tick.
        var fiveHertz: [AccelerometerSample] = []
        var tick = raw[0].time
        for sample in raw where sample.time >= tick {
            fiveHertz.append(sample)
            tick += 0.2 * ((sample.time - tick) / 0.2 + 1).rounded(.down)
        }
        let threshold = 0.1 / 9.80665
        var kept: [AccelerometerSample] = []
        for sample in fiveHertz {
            if let last = kept.last {
                let d = sample.acceleration - last.acceleration
                if abs(d.x) < threshold && abs(d.y) < threshold && abs(d.z) < threshold { continue }
            }
            kept.append(sample)
        }
        // The premise: AWARE's rule left a third or more of the time in gaps over 1 s, none over 120 s.
        let steps = zip(kept, kept.dropFirst()).map { $1.time - $0.time }
        #expect(steps.filter { $0 > 1 }.reduce(0, +) > (kept.last!.time - kept[0].time) / 3)
        #expect(steps.max()! < 120)
        var text = "timestamp,x,y,z\n"
        for sample in kept {
            text += "\((sample.time * 1000).rounded() / 1000),\(sample.acceleration.x),\(sample.acceleration.y),\(sample.acceleration.z)\n"
        }
        let path = try temporaryDirectory(prefix: "RepeatGaps").path + "/still.csv"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, steps.filter { $0 > 60 }.reduce(0, +))
    }

    /// Sums of `columns` over the rows of a CSV table.
    static func sums(_ text: String, _ columns: [String]) -> [String: Double] {
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [:] }
        var out: [String: Double] = [:]
        for line in lines.dropFirst() {
            for column in columns {
                if let index = header.firstIndex(of: column), let value = Double(line[index]) { out[column, default: 0] += value }
            }
        }
        return out
    }

    @Test("still time of a change-only recording is unknown without --repeat-gaps and stationary with it")
    func stillTimeIsNoLongerUnknown() throws {
        let (trace, longGaps) = try Self.changeOnlyStill()
        let columns = ["stationary_s", "unknown_s", "coverage"]
        let without = try ToolRunner.run(["epochs", trace])
        #expect(without.status == 0, "\(without.standardError)")
        let with = try ToolRunner.run(["epochs", trace, "--repeat-gaps", "60"])
        #expect(with.status == 0, "\(with.standardError)")
        let plain = Self.sums(without.standardOutput, columns), repeated = Self.sums(with.standardOutput, columns)
        let recorded = { (text: String) in Self.sums(text, ["stationary_s", "walking_s", "running_s", "cycling_s", "automotive_s", "unknown_s"]).values.reduce(0, +) }
        #expect(recorded(without.standardOutput) > 1500)
        // Without the option a third or more of the still time is unknown, and none is stationary (what is left
        // of the still stretches looks like a vehicle's vibration); with it, unknown only in the gaps over 60 s,
        // and most of the time stationary.
        #expect(plain["unknown_s", default: 0] > recorded(without.standardOutput) / 3)
        #expect(plain["stationary_s", default: 0] < recorded(without.standardOutput) / 10)
        #expect(repeated["unknown_s", default: 0] <= longGaps + 30)
        #expect(repeated["stationary_s", default: 0] > 0.6 * recorded(with.standardOutput))
        #expect(repeated["coverage", default: 0] > plain["coverage", default: 0])
        // A limit above the longest gap leaves nothing unknown but the classifier's warm-up.
        let all = try ToolRunner.run(["epochs", trace, "--repeat-gaps", "120"])
        #expect(Self.sums(all.standardOutput, ["unknown_s"])["unknown_s", default: 0] < 30)

        // 0 is off: the table without the option. A negative limit is refused naming the option.
        let off = try ToolRunner.run(["epochs", trace, "--repeat-gaps", "0"])
        #expect(off.status == 0 && off.standardOutput == without.standardOutput, "\(off.standardError)")
        let bad = try ToolRunner.run(["epochs", trace, "--repeat-gaps", "-1"])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("--repeat-gaps"))
    }

    @Test("--layout aware repeats gaps up to 60 s unless --repeat-gaps says otherwise, in the table split by device_id")
    func awareLayoutPresetsRepeatGaps() throws {
        let (trace, _) = try Self.changeOnlyStill()
        // The same rows as AWARE exports them: one table, epoch ms (the recording's own clock starts at 0; a start
        // on a whole minute keeps the 60 s epochs of the canonical file), m/s², a device_id.
        let start = 1_484_693_340.0
        var table = "timestamp,device_id,double_values_0,double_values_1,double_values_2,accuracy,label\n"
        for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",").map { Double($0)! }
            table += "\(Int64(((start + fields[0]) * 1000).rounded())),phone-1,\(fields[1] * 9.80665),\(fields[2] * 9.80665),\(fields[3] * 9.80665),3,\n"
        }
        let path = (trace as NSString).deletingLastPathComponent + "/aware.csv"
        try table.write(toFile: path, atomically: true, encoding: .utf8)
        let columns = ["stationary_s", "unknown_s"]
        func run(_ arguments: [String]) throws -> [String: Double] {
            let result = try ToolRunner.run(["epochs"] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            return Self.sums(result.standardOutput, columns)
        }
        let canonicalSixty = try run([trace, "--repeat-gaps", "60"]), canonicalOff = try run([trace])
        let preset = try run([path, "--layout", "aware", "--units", "ms2"])
        let auto = try run([path, "--units", "ms2"])
        let presetOff = try run([path, "--layout", "aware", "--units", "ms2", "--repeat-gaps", "0"])
        for column in columns {
            // The preset is the canonical file with --repeat-gaps 60; auto and 0 leave the gaps (within 10 s: the
            // values went through g → m/s² → g, and the times through ms).
            #expect(abs(preset[column, default: 0] - canonicalSixty[column, default: 0]) <= 10, "\(column): \(preset) vs \(canonicalSixty)")
            #expect(abs(auto[column, default: 0] - canonicalOff[column, default: 0]) <= 10, "\(column): \(auto) vs \(canonicalOff)")
            #expect(abs(presetOff[column, default: 0] - canonicalOff[column, default: 0]) <= 10, "\(column): \(presetOff) vs \(canonicalOff)")
        }
        #expect(preset["unknown_s", default: 0] < auto["unknown_s", default: 0])
        #expect(preset["stationary_s", default: 0] > 5 * auto["stationary_s", default: 0])
    }

    @Test("a real walk at 5 Hz: steps refused by `steps` (exit 1) and said by `epochs` on standard error, with or without --repeat-gaps")
    func stepsAtFiveHertzAreRefusedAndSaid() throws {
        var raw: [AccelerometerSample] = []
        for sample in try StepTestDatasets.usTransportationMode("Elena_Walking_1480699817447").sorted(by: { $0.time < $1.time })
            where raw.last.map({ sample.time - $0.time >= 0.001 }) ?? true { raw.append(sample) }
        var text = "timestamp,x,y,z\n", tick = raw[0].time
        for sample in raw where sample.time >= tick {
            text += "\((sample.time * 1000).rounded() / 1000),\(sample.acceleration.x),\(sample.acceleration.y),\(sample.acceleration.z)\n"
            tick += 0.2 * ((sample.time - tick) / 0.2 + 1).rounded(.down)
        }
        let trace = try temporaryDirectory(prefix: "RepeatGaps").path + "/walk-5hz.csv"
        try text.write(toFile: trace, atomically: true, encoding: .utf8)
        for extra in [[], ["--repeat-gaps", "60"]] {
            let steps = try ToolRunner.run(["steps", trace] + extra)
            #expect(steps.status == 1)
            #expect(steps.standardError.contains("too sparsely to count steps"))
            let epochs = try ToolRunner.run(["epochs", trace] + extra)
            #expect(epochs.status == 0, "\(epochs.standardError)")
            #expect(epochs.standardError.contains("no steps counted in"), "\(epochs.standardError)")
            #expect(epochs.standardError.contains("below 8 samples/s"))
            #expect(Self.sums(epochs.standardOutput, ["steps", "walking_s"])["steps", default: -1] == 0)
            #expect(Self.sums(epochs.standardOutput, ["walking_s"])["walking_s", default: 0] > 300)
        }
    }
}

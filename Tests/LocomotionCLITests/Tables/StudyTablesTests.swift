import Foundation
import Testing
import LocomotionTestSupport

/// The study columns and tables (carried time, valid days, cadence metrics, participants, bouts) on real
/// recordings, against what the recordings' own ground truth says they must be.
@Suite(.tags(.realData), .enabled(if: ToolRunner.isAvailable, "the locomotion executable is not built (swift build --build-tests builds it)"))
struct StudyTablesTests {
    private func converted(_ source: String, _ relativePath: String) throws -> String {
        let folder = try temporaryDirectory(prefix: "StudyTables").path
        let result = try ToolRunner.run(["convert", "--from", source, TestDatasets.folder(relativePath).path, "-o", folder])
        try #require(result.status == 0, "\(result.standardError)")
        return folder
    }

    /// The rows of a CSV table as dictionaries by column (no quoting in these tables).
    private func records(_ text: String) -> [[String: String]] {
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    private func file(_ path: String) throws -> [[String: String]] {
        records(try String(contentsOfFile: path, encoding: .utf8))
    }

    @Test("phones lying still (hhar, on their back): carried about none of the time, no valid day, no carried minute",
          .enabled(if: TestDatasets.isPresent("hhar-still-phones/raw/Phoneonback"),
                   Comment(rawValue: TestDatasets.absence("hhar-still-phones/raw/Phoneonback"))))
    func stillPhonesAreNotCarried() throws {
        let folder = try converted("hhar-still-phones", "hhar-still-phones/raw/Phoneonback")
        let daily = try ToolRunner.run(["daily", folder, "--time-zone", "UTC", "--quiet"])
        try #require(daily.status == 0, "\(daily.standardError)")
        let days = records(daily.standardOutput)
        try #require(days.count >= 10)
        let carried = days.reduce(0.0) { $0 + Double($1["carried_hours"]!)! }
        let withData = days.reduce(0.0) { $0 + Double($1["hours_with_data"]!)! }
        // The target: not carried ≥ 0.95 of the time (the warm-up, unknown, is not carried either).
        #expect(carried <= 0.05 * withData, "carried \(carried) h of \(withData) h")
        #expect(days.allSatisfy { $0["valid"] == "false" })
        #expect(days.allSatisfy { $0["cadence_peak1_spm"] == "" })
    }

    /// Oxford's walks (48 recordings of 2.5 minutes, 4 people, 7 phone positions) with every step timed by hand:
    /// the peak minute's cadence is the true steps of that minute, the minutes in the bands add up to the carried
    /// minutes, a walk is carried all the time it has data, and its bouts hold its steps.
    @Test("Oxford walks: peak 1-minute cadence within 10 % of the true steps of the best minute; carried = with data",
          .enabled(if: TestDatasets.isPresent("oxford-step-counter/raw/optimisation/data"),
                   Comment(rawValue: TestDatasets.absence("oxford-step-counter/raw/optimisation/data"))))
    func walksHaveTheirCadence() throws {
        let folder = try converted("oxford-step-counter", "oxford-step-counter/raw/optimisation/data")
        let output = folder + "/tables"
        let daily = try ToolRunner.run(["daily", folder, "--time-zone", "UTC", "--output-dir", output, "--also", "epochs",
                                        "--also", "bouts", "--also", "participants", "--minimum-carried-hours", "0.02", "--quiet"])
        try #require(daily.status == 0, "\(daily.standardError)")
        let traces = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".steps.csv") }.sorted()
        try #require(traces.count >= 40)
        var errors: [Double] = []
        for truthFile in traces {
            let name = String(truthFile.dropLast(".steps.csv".count))
            let truth = try file(folder + "/" + truthFile).map { Double($0["timestamp"]!)! }
            let days = try file("\(output)/\(name).daily.csv")
            let epochs = try file("\(output)/\(name).epochs.csv")
            let bouts = try file("\(output)/\(name).bouts.csv")
            let person = try file("\(output)/\(name).participants.csv")
            try #require(days.count == 1 && person.count == 1)
            let day = days[0]

            // The true steps of each carried minute (the epochs are the local minutes the day's metrics use).
            let carriedMinutes = epochs.filter { Double($0["carried_s"]!)! >= 30 }
            let trueSteps = carriedMinutes.map { epoch in
                let start = Double(epoch["start"]!)!, end = Double(epoch["end"]!)!
                return truth.filter { $0 >= start && $0 < end }.count
            }
            let truePeak = try #require(trueSteps.max())
            let peak = try #require(Double(day["cadence_peak1_spm"]!), "\(name): no peak")
            errors.append((peak - Double(truePeak)) / Double(truePeak))
            // Half the pedometer's error budget for a whole walk (8 % counted steps off, Docs/accuracy.md) each side.
            #expect(abs(peak - Double(truePeak)) <= 0.1 * Double(truePeak), "\(name): peak \(peak), true \(truePeak)")

            let bands = ["cadence_0_min", "cadence_1_19_min", "cadence_20_39_min", "cadence_40_59_min", "cadence_60_79_min",
                         "cadence_80_99_min", "cadence_100_119_min", "cadence_120_plus_min"].map { Int(day[$0]!)! }
            #expect(bands.reduce(0, +) == carriedMinutes.count, "\(name)")
            #expect(day["cadence_peak30_spm"] == "", "\(name): fewer than 30 minutes have no 30-minute peak")
            let percentile = try #require(Double(day["cadence_p95_spm"]!))
            #expect(percentile <= peak + 1e-9)
            #expect(abs(Double(day["carried_hours"]!)! - Double(day["hours_with_data"]!)!) <= 0.002, "\(name)")
            #expect(day["valid"] == "true")

            // A bout holds the detector's steps; the counts leave out the rare step the activity gate refused.
            let boutSteps = bouts.reduce(0) { $0 + Int($1["steps"]!)! }, counted = Int(day["steps"]!)!
            #expect(boutSteps >= counted && Double(boutSteps - counted) <= 0.02 * Double(counted), "\(name): \(boutSteps) in bouts, \(counted) counted")
            for bout in bouts {
                let duration = Double(bout["duration_s"]!)!, steps = Double(bout["steps"]!)!
                #expect(abs(Double(bout["end"]!)! - Double(bout["start"]!)! - duration) < 1e-3)
                #expect(abs(Double(bout["cadence_spm"]!)! - 60 * (steps - 1) / duration) < 0.01)
            }
            #expect(person[0]["valid_days"] == "1")
            #expect(person[0]["steps_per_day_mean"].flatMap(Double.init) == Double(day["steps"]!))
            #expect(person[0]["cadence_peak1_spm"] == day["cadence_peak1_spm"])
        }
        let meanError = errors.reduce(0, +) / Double(errors.count)
        #expect(abs(meanError) < 0.03, "mean relative error of the peak minute \(meanError)")
    }

    /// One person's sessions of us-tm2017 over several days read as one recording: the person-level row is the
    /// mean and median of the daily rows.
    @Test("us-tm2017, one person over several days: the participants row summarises the valid daily rows",
          .enabled(if: UsTm2017.isAvailable, Comment(rawValue: TestDatasets.absence("us-tm2017/raw"))))
    func participantRowSummarisesDays() throws {
        let folder = try temporaryDirectory(prefix: "StudyTables").path
        // Sessions at least an hour apart (some of the dataset's sessions overlap: one phone logged twice).
        var sessions: [String] = []
        var lastStart = -Double.infinity
        let names = try FileManager.default.contentsOfDirectory(atPath: UsTm2017.directory.path).filter { $0.hasPrefix("sensorfile_Damiano_") }
        for (start, name) in names.map({ (Double($0.dropLast(4).split(separator: "_").last!)! / 1000, $0) }).sorted(by: { $0.0 < $1.0 })
        where start >= lastStart + 3600 {
            sessions.append(UsTm2017.directory.path + "/" + name)
            lastStart = start
        }
        try #require(sessions.count >= 4)
        let converted = try ToolRunner.run(["convert", "--from", "us-tm2017"] + sessions + ["-o", folder])
        try #require(converted.status == 0, "\(converted.standardError)")
        let output = folder + "/tables"
        let daily = try ToolRunner.run(["daily", folder, "--participant", "damiano", "--time-zone", "Europe/Rome",
                                        "--minimum-carried-hours", "0.1", "--output-dir", output, "--also", "participants", "--quiet"])
        try #require(daily.status == 0, "\(daily.standardError)")
        let days = try file(output + "/damiano.daily.csv")
        let person = try #require(try file(output + "/damiano.participants.csv").first)
        let valid = days.filter { $0["valid"] == "true" }
        try #require(days.count >= 2 && !valid.isEmpty)
        #expect(person["days"] == String(days.count))
        #expect(person["valid_days"] == String(valid.count))
        #expect(valid.allSatisfy { Double($0["carried_hours"]!)! >= 0.1 })
        #expect(days.filter { $0["valid"] == "false" }.allSatisfy { Double($0["carried_hours"]!)! < 0.1 })
        let steps = valid.map { Double($0["steps"]!)! }.sorted()
        let mean = steps.reduce(0, +) / Double(steps.count)
        let median = (steps[(steps.count - 1) / 2] + steps[steps.count / 2]) / 2
        #expect(abs(Double(person["steps_per_day_mean"]!)! - mean) < 0.06)
        #expect(abs(Double(person["steps_per_day_median"]!)! - median) < 0.06)
        let walking = valid.map { Double($0["walking_min"]!)! }.reduce(0, +) / Double(valid.count)
        #expect(abs(Double(person["walking_min_per_day"]!)! - walking) < 0.02)
    }
}

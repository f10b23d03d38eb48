import Foundation
import LocomotionDSP
import LocomotionIO
import Locomotion
import LocomotionTestSupport
import Testing

/// AWARE's one accelerometer table for a whole study: three real walks of three people (us-tm2017), moved to overlap
/// in time, written at test time as ONE table — rows of the three `device_id`s interleaved by time, milliseconds,
/// m/s², gzipped — read by `daily` and `epochs` as one participant per `device_id`, with the same tables as each
/// participant's canonical CSV (steps within 1 %, minutes within 0.5).
@Suite(.tags(.realData), .enabled(if: ToolRunner.isAvailable && UsTm2017.isAvailable && TestDatasets.isPresent("gpxpy-testfiles"),
                                  Comment(rawValue: TestDatasets.absence("us-tm2017/raw or gpxpy-testfiles"))))
struct AwareCohortTests {
    private static let g = AccelerationUnit.standardGravity
    /// Session of us-tm2017 → the device_id it gets (AWARE's are UUIDs), and its start's offset from the others'.
    private static let people: [(session: String, device: String, offset: Double)] = [
        ("Elena_Walking_1480699817447", "4b1f6c2e-0c1d-4a57-9d7e-elena0000001", 0),
        ("Damiano_Walking_1484390802366", "9d2e7a41-5b3c-4e8f-a1b2-damiano00002", 7.3),
        ("andrea_Walking_1482005121341", "c7a8e3f0-2d4b-4c6a-8e9f-andrea000003", 13.9),
    ]
    private static let start = 1_709_280_000.0   // 2024-03-01T08:00:00Z

    /// The samples of each person, sorted, one per millisecond at most, on milliseconds, moved to `start + offset`.
    private static let recordings: [[AccelerometerSample]] = people.map { person in
        var samples: [AccelerometerSample] = []
        for sample in try! StepTestDatasets.usTransportationMode(person.session).sorted(by: { $0.time < $1.time })
            where samples.last.map({ sample.time - $0.time >= 0.001 }) ?? true { samples.append(sample) }
        let shift = start + person.offset - samples[0].time
        return samples.map { AccelerometerSample(time: (($0.time + shift) * 1000).rounded() / 1000, acceleration: $0.acceleration) }
    }

    private static func write(_ text: String, _ path: String) {
        try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private static func gzip(_ path: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-f", path]
        try! process.run()
        process.waitUntilExit()
        precondition(process.terminationStatus == 0)
    }

    /// AWARE table rows `(time ms, line text)` of every person, interleaved by time.
    private static let awareRows: [(milliseconds: Int64, person: Int, text: String)] = {
        var rows: [(Int64, Int, String)] = []
        for (index, samples) in recordings.enumerated() {
            for sample in samples {
                let milliseconds = Int64((sample.time * 1000).rounded())
                let a = sample.acceleration * g
                rows.append((milliseconds, index, "\(milliseconds),\(people[index].device),\(a.x),\(a.y),\(a.z),3,"))
            }
        }
        return rows.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    }()

    private static let header = "timestamp,device_id,double_values_0,double_values_1,double_values_2,accuracy,label\n"

    /// The folder: `canonical/<device>.csv` per person (seconds, g) and `aware/accelerometer.csv.gz`.
    private static let folder: String = {
        let folder = try! temporaryDirectory(prefix: "AwareCohort").path
        for (index, samples) in recordings.enumerated() {
            write("timestamp,x,y,z\n" + samples.map { "\($0.time),\($0.acceleration.x),\($0.acceleration.y),\($0.acceleration.z)\n" }.joined(),
                  "\(folder)/canonical/\(people[index].device).csv")
        }
        write(header + awareRows.map { $0.text + "\n" }.joined(), "\(folder)/aware/accelerometer.csv")
        gzip("\(folder)/aware/accelerometer.csv")
        // Fixes: the positions of a real GPS track (gpxpy's test files, one track per person), one every 10 s over
        // the person's walk, as canonical fix CSVs (seconds) and as ONE AWARE locations table (ms, interleaved).
        let tracks = ["korita-zbevnica", "cerknicko-jezero", "around-visnjan-with-car"]
        var locationRows: [(Int64, Int, String)] = []
        for (index, samples) in recordings.enumerated() {
            let track = try! FixReader.readFile(path: TestDatasets.folder("gpxpy-testfiles").appendingPathComponent("raw/\(tracks[index]).gpx").path).fixes
            var canonical = "timestamp,latitude,longitude,horizontal_accuracy\n"
            for (position, fix) in track.enumerated() {
                let milliseconds = Int64((samples[0].time * 1000).rounded()) + 5_000 + Int64(position) * 10_000
                guard Double(milliseconds) / 1000 < samples.last!.time else { break }
                canonical += "\(Double(milliseconds) / 1000),\(fix.latitude),\(fix.longitude),5\n"
                locationRows.append((milliseconds, index, "\(milliseconds),\(people[index].device),\(fix.latitude),\(fix.longitude),0,0,300,gps,5"))
            }
            write(canonical, "\(folder)/canonical/\(people[index].device).fixes.csv")
            // The same person as Beiwe exports it: accelerometer/ and gps/ files of the hour (ms; m/s²).
            let hour = "2024-03-01 08_00_00+00_00.csv"
            write("timestamp,UTC time,accuracy,x,y,z\n" + samples.map {
                let a = $0.acceleration * g
                return "\(Int64(($0.time * 1000).rounded())),-,unknown,\(a.x),\(a.y),\(a.z)\n"
            }.joined(), "\(folder)/beiwe/\(people[index].device)/accelerometer/\(hour)")
            write("timestamp,UTC time,latitude,longitude,altitude,accuracy\n" + canonical.split(separator: "\n").dropFirst().map {
                let fields = $0.split(separator: ",")
                return "\(Int64((Double(fields[0])! * 1000).rounded())),-,\(fields[1]),\(fields[2]),300,5\n"
            }.joined(), "\(folder)/beiwe/\(people[index].device)/gps/\(hour)")
            // And as gzipped canonical files with gzipped companion fixes.
            write("timestamp,x,y,z\n" + samples.map { "\($0.time),\($0.acceleration.x),\($0.acceleration.y),\($0.acceleration.z)\n" }.joined(),
                  "\(folder)/gzipped/\(people[index].device).csv")
            write(canonical, "\(folder)/gzipped/\(people[index].device).fixes.csv")
            gzip("\(folder)/gzipped/\(people[index].device).csv")
            gzip("\(folder)/gzipped/\(people[index].device).fixes.csv")
        }
        write("timestamp,device_id,double_latitude,double_longitude,double_bearing,double_speed,double_altitude,provider,accuracy\n"
              + locationRows.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { $0.2 + "\n" }.joined(), "\(folder)/aware/locations.csv")
        try! FileManager.default.copyItem(atPath: "\(folder)/aware/locations.csv", toPath: "\(folder)/aware-locations-plain.csv")
        gzip("\(folder)/aware/locations.csv")
        return folder
    }()

    private func rows(_ text: String) -> [[String: String]] {
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    @Test("the interleaved table is really interleaved: consecutive rows change device_id thousands of times")
    func interleaved() {
        let changes = zip(Self.awareRows, Self.awareRows.dropFirst()).filter { $0.person != $1.person }.count
        #expect(changes > 1000, "\(changes)")
    }

    @Test("daily and epochs of the AWARE table give each device_id the tables of its canonical CSV", arguments: ["daily", "epochs"])
    func sameTables(command: String) throws {
        let result = try ToolRunner.run([command, Self.folder + "/aware/accelerometer.csv.gz", "--units", "ms2", "--time-zone", "UTC"])
        #expect(result.status == 0, "\(result.standardError)")
        let aware = rows(result.standardOutput)
        var totalSteps = 0.0
        for person in Self.people {
            let canonicalRun = try ToolRunner.run([command, "\(Self.folder)/canonical/\(person.device).csv", "--participant", person.device, "--time-zone", "UTC"])
            #expect(canonicalRun.status == 0, "\(canonicalRun.standardError)")
            let canonical = rows(canonicalRun.standardOutput)
            let mine = aware.filter { $0["participant"] == person.device }
            #expect(!canonical.isEmpty)
            #expect(mine.count == canonical.count, "\(person.device): \(mine.count) vs \(canonical.count) rows")
            for (row, expected) in zip(mine, canonical) {
                #expect(row["start"] == expected["start"] && row["day"] == expected["day"])
                for (column, value) in expected {
                    guard let number = Double(value), let other = row[column].flatMap(Double.init) else { continue }
                    if column == "steps" {
                        totalSteps += number
                        #expect(abs(other - number) <= 0.01 * number, "\(person.device) \(column): \(other) vs \(number)")
                    } else if column.hasSuffix("_min") {
                        #expect(abs(other - number) <= 0.5, "\(person.device) \(column): \(other) vs \(number)")
                    }
                }
            }
        }
        #expect(totalSteps > 150, "three walks: \(totalSteps) steps")
        #expect(Set(aware.compactMap { $0["participant"] }) == Set(Self.people.map(\.device)))
    }

    @Test("AWARE's locations table as --fixes gives each device_id the distance of its canonical fixes", arguments: ["daily", "epochs"])
    func sameDistances(command: String) throws {
        let result = try ToolRunner.run([command, Self.folder + "/aware/accelerometer.csv.gz", "--units", "ms2", "--time-zone", "UTC",
                                         "--fixes", Self.folder + "/aware/locations.csv.gz"])
        #expect(result.status == 0, "\(result.standardError)")
        let aware = rows(result.standardOutput)
        var total = 0.0
        for person in Self.people {
            let canonicalRun = try ToolRunner.run([command, "\(Self.folder)/canonical/\(person.device).csv", "--participant", person.device,
                                                   "--time-zone", "UTC", "--fixes", "\(Self.folder)/canonical/\(person.device).fixes.csv"])
            #expect(canonicalRun.status == 0, "\(canonicalRun.standardError)")
            let canonical = rows(canonicalRun.standardOutput)
            let mine = aware.filter { $0["participant"] == person.device }
            #expect(mine.count == canonical.count)
            for (row, expected) in zip(mine, canonical) {
                let distance = Double(expected["distance_m"]!)!, other = Double(row["distance_m"]!)!
                total += distance
                #expect(abs(other - distance) <= 0.01 * distance, "\(person.device): \(other) vs \(distance) m")
                #expect(row["steps"] == expected["steps"])
            }
        }
        #expect(total > 100, "the tracks move: \(total) m")
    }

    @Test("--companion-fixes finds Beiwe's gps/ file of each accelerometer/ file, and NAME.fixes.csv.gz beside NAME.csv.gz: the distances of the canonical fix files",
          arguments: ["beiwe", "gzipped"])
    func companionDistances(layout: String) throws {
        let arguments = layout == "beiwe"
            // The accelerometer files by a pattern: the folder also holds the gps/ files, which are not traces.
            ? ["daily", Self.folder + "/beiwe/*/accelerometer/*.csv", "--participant-from", "{participant}/accelerometer/*.csv", "--units", "ms2"]
            : ["daily", Self.folder + "/gzipped", "--participant-from", "{participant}.csv.gz"]
        let result = try ToolRunner.run(arguments + ["--companion-fixes", "--time-zone", "UTC"])
        #expect(result.status == 0, "\(layout): \(result.standardError)")
        let read = rows(result.standardOutput)
        var total = 0.0
        for person in Self.people {
            let canonicalRun = try ToolRunner.run(["daily", "\(Self.folder)/canonical/\(person.device).csv", "--participant", person.device,
                                                   "--time-zone", "UTC", "--fixes", "\(Self.folder)/canonical/\(person.device).fixes.csv"])
            let canonical = rows(canonicalRun.standardOutput)
            let mine = read.filter { $0["participant"] == person.device }
            #expect(mine.count == canonical.count && !mine.isEmpty, "\(layout) \(person.device)")
            for (row, expected) in zip(mine, canonical) {
                let distance = Double(expected["distance_m"]!)!, other = Double(row["distance_m"]!)!
                total += other
                #expect(abs(other - distance) <= 0.01 * distance, "\(layout) \(person.device): \(other) vs \(distance) m")
            }
        }
        #expect(total > 100, "\(layout): the tracks move: \(total) m")
    }

    /// `line` with every field in double quotes, a `"` inside doubled: how database and spreadsheet exports
    /// (MySQL's `ENCLOSED BY '"'`, pandas' `QUOTE_ALL`) write AWARE's tables.
    private static func quotingAll(_ line: some StringProtocol) -> String {
        line.split(separator: ",", omittingEmptySubsequences: false)
            .map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",")
    }

    /// The fields of a CSV line (double quotes and `""` as CSV has them), for outputs naming such participants.
    private func csvFields(_ line: Substring) -> [String] {
        var fields: [String] = [], field = "", quoted = false
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if quoted && character == "\"" {
                if index + 1 < characters.count && characters[index + 1] == "\"" {
                    field.append("\"")
                    index += 1
                } else {
                    quoted = false
                }
            } else if !quoted && character == "\"" {
                quoted = true
            } else if !quoted && character == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
            index += 1
        }
        return fields + [field]
    }

    @Test("tables with every field quoted, a device_id holding a comma and a doubled quote: both tables name each participant alike, so every device_id gets its own fixes (the distances of its canonical files)")
    func quotedTables() throws {
        // The third person's device_id as an export may hold it: a comma and a quote inside (CSV-quoted).
        let odd = #"lab "C", phone 3"#
        let devices = Self.people.map(\.device).enumerated().map { $0.offset == 2 ? odd : $0.element }
        // Quoted first, renamed then: the odd id's comma is inside its quotes.
        func quotedRenamed(_ line: some StringProtocol) -> String {
            Self.quotingAll(line).replacingOccurrences(of: "\"\(Self.people[2].device)\"", with: #""lab ""C"", phone 3""#)
        }
        let folder = try temporaryDirectory(prefix: "AwareQuoted").path
        let accelerometer = Self.quotingAll(Self.header.dropLast()) + "\n"
            + Self.awareRows.map { quotedRenamed($0.text) + "\n" }.joined()
        try accelerometer.write(toFile: folder + "/accelerometer.csv", atomically: true, encoding: .utf8)
        let plainLocations = try String(contentsOfFile: Self.folder + "/aware-locations-plain.csv", encoding: .utf8)
        try plainLocations.split(separator: "\n").map { quotedRenamed($0) + "\n" }.joined()
            .write(toFile: folder + "/locations.csv", atomically: true, encoding: .utf8)
        let result = try ToolRunner.run(["daily", folder + "/accelerometer.csv", "--units", "ms2", "--time-zone", "UTC",
                                         "--fixes", folder + "/locations.csv"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("belong to no participant"), "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        guard let header = lines.first.map(csvFields) else { Issue.record("no output"); return }
        let read = lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, csvFields($0))) }
        #expect(Set(read.compactMap { $0["participant"] }) == Set(devices), "\(read.compactMap { $0["participant"] })")
        for (person, device) in zip(Self.people, devices) {
            let canonicalRun = try ToolRunner.run(["daily", "\(Self.folder)/canonical/\(person.device).csv", "--participant", person.device,
                                                   "--time-zone", "UTC", "--fixes", "\(Self.folder)/canonical/\(person.device).fixes.csv"])
            let canonical = rows(canonicalRun.standardOutput)
            let mine = read.filter { $0["participant"] == device }
            #expect(mine.count == canonical.count && !mine.isEmpty, "\(device)")
            for (row, expected) in zip(mine, canonical) {
                let distance = Double(expected["distance_m"]!)!, other = Double(row["distance_m"] ?? "") ?? -1
                #expect(distance > 0 && abs(other - distance) <= 0.01 * distance, "\(device): \(other) vs \(distance) m")
                #expect(row["steps"] == expected["steps"], "\(device)")
            }
        }
    }

    @Test("one device_id going back in time fails alone, naming file:line; the others' tables are written")
    func backwards() throws {
        var lines = Self.awareRows.map(\.text)
        // Damiano's 100th row moved after his 130th: his time goes back there.
        let his = lines.indices.filter { lines[$0].contains(Self.people[1].device) }
        let row = lines.remove(at: his[100])
        lines.insert(row, at: his[130])
        let path = try temporaryDirectory(prefix: "AwareBackwards").path + "/accelerometer.csv"
        try (Self.header + lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = try ToolRunner.run(["daily", path, "--units", "ms2", "--time-zone", "UTC"])
        #expect(result.status == 1)
        // The row after the moved one in Damiano's sequence now comes before it: the moved row's line is its error.
        let damianoLines = lines.enumerated().filter { $0.element.contains(Self.people[1].device) }.map { $0.offset + 2 }
        let times = lines.enumerated().filter { $0.element.contains(Self.people[1].device) }.map { Int64($0.element.split(separator: ",")[0])! }
        let firstBack = zip(times, times.dropFirst()).enumerated().first { $0.element.1 <= $0.element.0 }!.offset + 1
        #expect(result.standardError.contains("\(path):\(damianoLines[firstBack]):1:"), "\(result.standardError)")
        #expect(result.standardError.contains("device_id \(Self.people[1].device)"))
        let written = Set(rows(result.standardOutput).compactMap { $0["participant"] })
        #expect(written == [Self.people[0].device, Self.people[2].device], "\(written)")
    }

    @Test("a bad value fails its device_id alone, and the message names the device_id (the table names several participants)")
    func badValueNamesItsDevice() throws {
        var lines = Self.awareRows.map(\.text)
        let his = lines.indices.filter { lines[$0].contains(Self.people[2].device) }
        lines[his[40]] = lines[his[40]].split(separator: ",", omittingEmptySubsequences: false)
            .enumerated().map { $0.offset == 3 ? "oops" : String($0.element) }.joined(separator: ",")
        let path = try temporaryDirectory(prefix: "AwareBadValue").path + "/accelerometer.csv"
        try (Self.header + lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = try ToolRunner.run(["daily", path, "--units", "ms2", "--time-zone", "UTC"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("\(path):\(his[40] + 2):4: the field is not a finite number (device_id \(Self.people[2].device))"),
                "\(result.standardError)")
        let written = Set(rows(result.standardOutput).compactMap { $0["participant"] })
        #expect(written == [Self.people[0].device, Self.people[1].device], "\(written)")
    }

    @Test("a row with an empty device_id stops the run naming file:line, exit 1")
    func emptyDevice() throws {
        var lines = Self.awareRows.prefix(50).map(\.text)
        lines[20] = lines[20].replacingOccurrences(of: Self.people[0].device, with: "")
            .replacingOccurrences(of: Self.people[1].device, with: "").replacingOccurrences(of: Self.people[2].device, with: "")
        let path = try temporaryDirectory(prefix: "AwareEmpty").path + "/accelerometer.csv"
        try (Self.header + lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = try ToolRunner.run(["epochs", path, "--units", "ms2", "--time-zone", "UTC"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("\(path):22:2: the device_id is empty"), "\(result.standardError)")
    }

    @Test("a device_id that cannot name a file is refused like any participant name")
    func badName() throws {
        let lines = Self.awareRows.prefix(50).map { $0.text.replacingOccurrences(of: Self.people[$0.person].device, with: $0.person == 0 ? ".." : Self.people[$0.person].device) }
        let path = try temporaryDirectory(prefix: "AwareName").path + "/accelerometer.csv"
        try (Self.header + lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = try ToolRunner.run(["epochs", path, "--units", "ms2", "--time-zone", "UTC"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("'..' cannot name a participant"), "\(result.standardError)")
    }
}

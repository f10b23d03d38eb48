import Foundation
import Testing
import LocomotionIO
import LocomotionDSP
import LocomotionTestSupport

/// `--time-zones` on `summarize`, `distance` and `plot`, through the built executable, on real recordings: Elena's
/// us-tm2017 walk (515 s) once an hour for 33 hours, with the positions of a real GPS track (gpxpy's
/// korita-zbevnica, one fix every 10 s during each walk), across the flight Europe/Rome → America/New_York of
/// ``TimeZoneMapCommandTests`` (landing 2024-03-01T14:00:00Z). Their days must be `daily`'s under the same map.
@Suite(.tags(.realData), .enabled(if: ToolRunner.isAvailable && UsTm2017.isAvailable && TestDatasets.isPresent("gpxpy-testfiles"),
                                  Comment(rawValue: TestDatasets.absence("us-tm2017/raw or gpxpy-testfiles"))))
struct TimeZoneMapAnalysisCommandTests {
    static let change = TimeZoneMapCommandTests.change
    static let days = ["2024-02-29", "2024-03-01", "2024-03-02"]

    /// The folder with `walk.csv` (the walk each hour from 23:00 in Rome on 29 February), `walk.fixes.csv`, and
    /// the map as `zones.csv` (participant,time_zone,from) and `rapids.csv` (RAPIDS' device_id,tzcode,timestamp).
    static let folder: String = {
        var walk: [AccelerometerSample] = []
        for sample in try! StepTestDatasets.usTransportationMode("Elena_Walking_1480699817447").sorted(by: { $0.time < $1.time })
            where walk.last.map({ sample.time - $0.time >= 0.001 }) ?? true { walk.append(sample) }
        let duration = walk.last!.time - walk[0].time
        let track = try! FixReader.readFile(path: TestDatasets.folder("gpxpy-testfiles").appendingPathComponent("raw/korita-zbevnica.gpx").path).fixes
        let path = track + track.reversed()  // there and back: no jump where the positions start again
        var trace = "timestamp,x,y,z\n", fixes = "timestamp,latitude,longitude,horizontal_accuracy\n"
        var position = 0
        for hour in 0..<33 {
            let start = change - 16 * 3600 + Double(hour) * 3600
            for sample in walk {
                let time = ((sample.time - walk[0].time + start) * 1000).rounded() / 1000
                trace += "\(time),\(sample.acceleration.x),\(sample.acceleration.y),\(sample.acceleration.z)\n"
            }
            var time = start + 5
            while time < start + duration {
                let fix = path[position % path.count]
                fixes += "\(time),\(fix.latitude),\(fix.longitude),5\n"
                position += 1
                time += 10
            }
        }
        let folder = try! temporaryDirectory(prefix: "ZonesAnalysis").path
        try! trace.write(toFile: folder + "/walk.csv", atomically: true, encoding: .utf8)
        try! fixes.write(toFile: folder + "/walk.fixes.csv", atomically: true, encoding: .utf8)
        try! "participant,time_zone,from\nwalk,Europe/Rome,2024-02-01T00:00:00+01:00\nwalk,America/New_York,2024-03-01T14:00:00Z\n"
            .write(toFile: folder + "/zones.csv", atomically: true, encoding: .utf8)
        try! "device_id,tzcode,timestamp\nwalk,Europe/Rome,1706742000000\nwalk,America/New_York,1709301600000\n"
            .write(toFile: folder + "/rapids.csv", atomically: true, encoding: .utf8)
        return folder
    }()

    static func rows(_ text: String) -> [[String: String]] {
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    /// `daily`'s distance per day under `zoneArguments`.
    static func dailyDistances(_ zoneArguments: [String]) throws -> [(day: String, meters: Double)] {
        let daily = try ToolRunner.run(["daily", folder + "/walk.csv", "--fixes", folder + "/walk.fixes.csv"] + zoneArguments)
        #expect(daily.status == 0, "\(daily.standardError)")
        return rows(daily.standardOutput).map { ($0["day"]!, Double($0["distance_m"]!)!) }
    }

    /// `summarize --format json`'s distance per day under `zoneArguments`.
    static func summarizeDistances(_ zoneArguments: [String]) throws -> [(day: String, meters: Double)] {
        let run = try ToolRunner.run(["summarize", folder + "/walk.csv", "--fixes", folder + "/walk.fixes.csv", "--format", "json"] + zoneArguments)
        #expect(run.status == 0, "\(run.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let days = try #require(report["days"] as? [[String: Any]])
        return days.map { ($0["day"] as! String, $0["distanceMeters"] as! Double) }
    }

    /// `distance --trace`'s distance per day under `zoneArguments`.
    static func distanceDistances(_ zoneArguments: [String]) throws -> [(day: String, meters: Double)] {
        let run = try ToolRunner.run(["distance", folder + "/walk.fixes.csv", "--trace", folder + "/walk.csv"] + zoneArguments)
        #expect(run.status == 0, "\(run.standardError)")
        return rows(run.standardOutput).map { ($0["day"]!, Double($0["distance_m"]!)!) }
    }

    static func expectSame(_ found: [(day: String, meters: Double)], _ expected: [(day: String, meters: Double)], _ what: String) {
        #expect(found.map(\.day) == expected.map(\.day), "\(what)")
        for (row, reference) in zip(found, expected) {
            // daily writes metres to the centimetre, distance to the millimetre.
            #expect(abs(row.meters - reference.meters) <= 0.006, "\(what) \(row.day): \(row.meters) vs \(reference.meters) m")
        }
    }

    @Test("summarize and distance split a traveller's distance on daily's days: Rome's 29 February, the 30-h 1 March, New York's 2 March")
    func sameDaysAsDaily() throws {
        let map = ["--time-zones", Self.folder + "/zones.csv"]
        let daily = try Self.dailyDistances(map)
        #expect(daily.map(\.day) == Self.days)
        #expect(daily.allSatisfy { $0.meters > 100 }, "the walks move: \(daily)")
        Self.expectSame(try Self.summarizeDistances(map), daily, "summarize")
        Self.expectSame(try Self.distanceDistances(map), daily, "distance")
        Self.expectSame(try Self.distanceDistances(["--time-zones", Self.folder + "/rapids.csv"]), daily, "distance, RAPIDS' map")

        // The map moves distance between days, never the total: in Rome's zone alone 1 March is 24 h, so the six
        // walks from 00:00 to 05:00 in New York on 1 March are on 2 March.
        let rome = try Self.summarizeDistances(["--time-zone", "Europe/Rome"])
        #expect(rome.map(\.day) == Self.days)
        #expect(rome[1].meters < daily[1].meters - 100 && rome[2].meters > daily[2].meters + 100, "\(rome) vs \(daily)")
        #expect(abs(rome.reduce(0) { $0 + $1.meters } - daily.reduce(0) { $0 + $1.meters }) < 0.05)
        Self.expectSame(try Self.distanceDistances(["--time-zone", "Europe/Rome"]), try Self.dailyDistances(["--time-zone", "Europe/Rome"]), "Rome")
    }

    @Test("distance without --trace and summarize's text follow the map; the participant is the file's name, or --participant")
    func participantAndText() throws {
        let map = Self.folder + "/zones.csv"
        let alone = try ToolRunner.run(["distance", Self.folder + "/walk.fixes.csv", "--time-zones", map, "--participant", "walk"])
        #expect(alone.status == 0, "\(alone.standardError)")
        #expect(Self.rows(alone.standardOutput).map { $0["day"]! } == Self.days)
        // Without --trace and --participant the fix file names the participant: walk.fixes is not in the map.
        let unnamed = try ToolRunner.run(["distance", Self.folder + "/walk.fixes.csv", "--time-zones", map])
        #expect(unnamed.status == 1)
        #expect(unnamed.standardError.contains("\(map): participant 'walk.fixes' is not in the time-zone map"), "\(unnamed.standardError)")
        #expect(unnamed.standardOutput.isEmpty)
        // --time-zone is the zone of participants absent from the map, as in epochs and daily.
        let fallback = try ToolRunner.run(["distance", Self.folder + "/walk.fixes.csv", "--time-zones", map, "--time-zone", "Asia/Tokyo"])
        let tokyo = try ToolRunner.run(["distance", Self.folder + "/walk.fixes.csv", "--time-zone", "Asia/Tokyo"])
        #expect(fallback.status == 0 && fallback.standardOutput == tokyo.standardOutput, "\(fallback.standardError)")

        let text = try ToolRunner.run(["summarize", Self.folder + "/walk.csv", "--fixes", Self.folder + "/walk.fixes.csv", "--time-zones", map])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("2024-02-29 23:00 – 2024-03-02 01:09 Europe/Rome → America/New_York (32 h 09 min)"))
        #expect(text.standardOutput.contains("Distance per day (Europe/Rome → America/New_York)"))
        // The clock goes back six hours at the landing: the walk at 13:00Z is at 14:00 in Rome, the next at 09:00.
        #expect(text.standardOutput.contains("  14:08:34  09:00:00"), "\(text.standardOutput)")
        let other = try ToolRunner.run(["summarize", Self.folder + "/walk.csv", "--time-zones", map, "--participant", "nobody"])
        #expect(other.status == 1 && other.standardError.contains("participant 'nobody' is not in the time-zone map"))
    }

    @Test("plot labels the clock in the zone in force: Rome's 12:00, then New York's 09:00 after the landing")
    func plotLabels() throws {
        let svg = Self.folder + "/walk.svg"
        let run = try ToolRunner.run(["plot", Self.folder + "/walk.csv", "--fixes", Self.folder + "/walk.fixes.csv",
                                      "--time-zones", Self.folder + "/zones.csv", "-o", svg])
        #expect(run.status == 0, "\(run.standardError)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains("local time (Europe/Rome → America/New_York)"))
        let labels = text.components(separatedBy: "</text>").compactMap { $0.split(separator: ">").last.map(String.init) }
        let clocks = labels.filter { $0.count == 5 && $0.dropFirst(2).hasPrefix(":") }
        let noon = try #require(clocks.firstIndex(of: "12:00"))
        #expect(clocks.dropFirst(noon + 1).first == "09:00", "\(clocks)")
        #expect(text.contains("2024-03-01: ") && text.contains("2024-03-02: "))
    }
}

import Foundation
import Locomotion
import Testing
@testable import LocomotionIO
import LocomotionDatasets
import LocomotionTestSupport

private let gsdc = "gsdc2021-mtv-nmea"
private let gpxpy = "gpxpy-testfiles"

private func gsdcPath(_ phone: String) -> String {
    TestDatasets.folder(gsdc).appendingPathComponent("raw/2020-05-14-US-MTV-1/\(phone)_chipset.nmea").path
}

private func gpxpyPath(_ name: String) -> String {
    TestDatasets.folder(gpxpy).appendingPathComponent("raw/\(name).gpx").path
}

/// Encodes after `split` fixes, decodes, continues, and compares with the uninterrupted run.
private func checkEverySplit(_ fixes: [LocationFix], configuration: Odometer.Configuration) throws {
    let zone = TimeZone(identifier: "America/Los_Angeles")!
    var uninterrupted = Odometer(configuration: configuration, timeZone: zone)
    var states: [Data] = []
    let encoder = JSONEncoder()
    for fix in fixes {
        states.append(try encoder.encode(uninterrupted))
        uninterrupted.push(fix) { _ in }
    }
    let decoder = JSONDecoder()
    for split in fixes.indices {
        var restored = try decoder.decode(Odometer.self, from: states[split])
        for fix in fixes[split...] { restored.push(fix) { _ in } }
        #expect(restored == uninterrupted, "split after \(split) fixes")
    }
}

@Suite("Real tracks", .tags(.realData), .enabled(if: TestDatasets.isPresent(gsdc) && TestDatasets.isPresent(gpxpy), Comment(rawValue: TestDatasets.absence("\(gsdc) or \(gpxpy)"))))
struct RealTrackTests {
    @Test("GSDC chipset NMEA: one fix per epoch within the published window")
    func gsdcFixes() throws {
        for (phone, count) in [("Pixel4", 1737), ("Pixel4XLModded", 1743)] {
            let file = try FixReader.readFile(path: gsdcPath(phone))
            #expect(file.fixes.count == count)
            #expect(file.warnings.isEmpty)
            // 2020-05-14 22:10:46 … 22:39:51 UTC (SOURCE.md).
            #expect(file.fixes.first!.time >= 1_589_494_246 && file.fixes.last!.time <= 1_589_495_991)
        }
    }

    @Test("gpxpy files: every track point, segment breaks, untimed tracks")
    func gpxpyFixes() throws {
        for (name, count) in [("around-visnjan-with-car", 104), ("cerknicko-jezero", 296), ("korita-zbevnica", 871)] {
            let file = try FixReader.readFile(path: gpxpyPath(name))
            #expect(file.fixes.count == count, "\(name)")
        }
        let korita = try FixReader.readFile(path: gpxpyPath("korita-zbevnica"))
        #expect(!korita.isTimed)  // one of its tracks has no <time>
        #expect(!korita.segmentStarts.isEmpty)
    }

    @Test("RADAR-base's relative location (a real track with a reference offset added) is refused, naming why")
    func radarRelativeLocationIsRefused() throws {
        let fixes = try FixReader.readFile(path: gpxpyPath("around-visnjan-with-car")).fixes
        // As radar-output-restructure writes android_phone_relative_location: seconds, degrees with an offset.
        var text = "key.projectId,key.userId,key.sourceId,value.time,value.timeReceived,value.provider,value.latitude,value.longitude,value.altitude,value.accuracy,value.speed,value.bearing\n"
        for fix in fixes {
            text += "study,P1,s1,\(fix.time),\(fix.time + 1),GPS,\(fix.latitude - 31.7),\(fix.longitude + 12.2),0,5,0,0\n"
        }
        let path = try temporaryDirectory().appendingPathComponent("android_phone_relative_location.csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            _ = try FixReader.readFile(path: path)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.file == path && error.line == 1 && error.problem.contains("relative location")
                && error.problem.contains("reference offset")
        }
    }

    @Test("snapshot → restore → continue equals the uninterrupted run at every split of a real car track")
    func everySplitOfACarTrack() throws {
        // 104 sparse in-car points: the jump filter rejects and re-anchors often.
        let fixes = try FixReader.read(path: gpxpyPath("around-visnjan-with-car"))
        try checkEverySplit(fixes, configuration: Odometer.Configuration())
    }

    @Test("snapshot → restore → continue at every split of the first 500 GSDC fixes")
    func everySplitOfGSDC() throws {
        let fixes = Array(try FixReader.read(path: gsdcPath("Pixel4")).prefix(500))
        try checkEverySplit(fixes, configuration: Odometer.Configuration())
    }

    @Test("GSDC drive: filtered distance within 1 % of the plain sum (open sky, few jumps)")
    func gsdcDistance() throws {
        let fixes = try FixReader.read(path: gsdcPath("Pixel4"))
        let zone = TimeZone(identifier: "America/Los_Angeles")!
        let plain = Odometer.measuring(fixes, configuration: .unfiltered, timeZone: zone)
        let filtered = Odometer.measuring(fixes, timeZone: zone)
        #expect(plain.history.count == 1)
        #expect(plain.today?.day == LocalDay(year: 2020, month: 5, day: 14))
        let ratio = filtered.totalDistance / plain.totalDistance
        #expect(ratio > 0.99 && ratio <= 1)
    }
}

@Suite("Fix datasets", .tags(.realData), .enabled(if: TestDatasets.isPresent(gsdc) && TestDatasets.isPresent(gpxpy), Comment(rawValue: TestDatasets.absence("\(gsdc) or \(gpxpy)"))))
struct FixDatasetTests {
    @Test("GSDC: phone NMEA and both truth files, dated and west-negated")
    func gsdcFiles() throws {
        let files = try FixDataset.gsdc2021MTVNMEA.inputFiles(in: TestDatasets.folder(gsdc).path)
        #expect(files.map { ($0 as NSString).lastPathComponent } == [
            "Pixel4XLModded_chipset.nmea", "Pixel4_chipset.nmea", "SPAN_Pixel4_10Hz.csv", "SPAN_Pixel4_1Hz.nmea",
        ])
        let truth = try FixDataset.gsdc2021MTVNMEA.convert(file: try #require(files.first { $0.hasSuffix("10Hz.csv") }))
        #expect(truth.name == "2020-05-14-US-MTV-1_SPAN_Pixel4_10Hz")
        #expect(truth.fixes.count == 23_771)
        // 22:01:34 UTC on 2020-05-14, in Mountain View (37.4° N, 122.1° W).
        #expect(truth.fixes[0].time == 1_589_493_694)
        #expect(abs(truth.fixes[0].latitude - 37.42) < 0.05 && abs(truth.fixes[0].longitude + 122.09) < 0.05)
        let truthOneHertz = try FixDataset.gsdc2021MTVNMEA.convert(file: try #require(files.last))
        #expect(abs(truthOneHertz.fixes[0].longitude - truth.fixes[0].longitude) < 1e-4)
    }

    @Test("GPX: timed points only, untimed ones counted")
    func gpxFiles() throws {
        let files = try FixDataset.gpx.inputFiles(in: TestDatasets.folder(gpxpy).path)
        #expect(files.count == 3)
        let korita = try FixDataset.gpx.convert(file: try #require(files.first { $0.hasSuffix("korita-zbevnica.gpx") }))
        #expect(korita.fixes.count == 513 && korita.skippedCount == 358)
        #expect(throws: InputError.self) { try FixDataset.gpx.inputFiles(in: TestDatasets.folder(gsdc).path) }
    }
}

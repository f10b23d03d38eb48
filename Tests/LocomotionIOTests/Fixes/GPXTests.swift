import Foundation
import Locomotion
import Testing
@_spi(Harness) @testable import LocomotionIO
import LocomotionTestSupport

private func gpx(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
    \(body)
    </gpx>
    """
}

@Suite("GPX")
struct GPXTests {
    @Test("reads track points with times, in every segment, and marks segment starts")
    func reads() throws {
        let text = gpx("""
            <wpt lat="1" lon="1"><time>2020-01-01T00:00:00Z</time></wpt>
            <trk><trkseg>
              <trkpt lat="45.5" lon="13.5"><ele>10</ele><time>2020-12-18T06:15:50Z</time></trkpt>
              <trkpt lat="45.6" lon="13.6"><time>2020-12-18T07:15:51.25+01:00</time><speed>3.5</speed></trkpt>
            </trkseg><trkseg>
              <trkpt lat="-45.7" lon="-13.7"><time>2020-12-18T06:16:00Z</time></trkpt>
            </trkseg></trk>
            """)
        let file = try FixReader.readFile(path: temporaryFile(text, name: "t.gpx"))
        #expect(file.format == .gpx)
        #expect(file.fixes == [
            LocationFix(time: 1_608_272_150, latitude: 45.5, longitude: 13.5),
            LocationFix(time: 1_608_272_151.25, latitude: 45.6, longitude: 13.6, speed: 3.5),
            LocationFix(time: 1_608_272_160, latitude: -45.7, longitude: -13.7),
        ])
        #expect(file.segmentStarts == [2])
        #expect(file.isTimed)
    }

    @Test("a file without track points uses its waypoints")
    func waypoints() throws {
        let text = gpx(#"<wpt lat="1" lon="2"><time>2020-01-01T00:00:00Z</time></wpt><wpt lat="1.1" lon="2"><time>2020-01-01T00:00:01Z</time></wpt>"#)
        #expect(try FixReader.read(path: temporaryFile(text, name: "w.gpx")).count == 2)
    }

    @Test("points without <time> are untimed: measurable, not readable as timed fixes")
    func missingTimes() throws {
        let text = gpx(#"<trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="1.0001" lon="2"></trkpt></trkseg></trk>"#)
        let path = temporaryFile(text, name: "u.gpx")
        let file = try FixReader.readFile(path: path)
        #expect(file.fixes.count == 2 && file.fixes.allSatisfy { $0.time.isNaN })
        #expect(!file.isTimed)
        #expect(throws: InputError.self) { try FixReader.read(path: path) }
    }

    @Test("truncated GPX is an error with a line")
    func truncated() throws {
        let text = gpx(#"<trk><trkseg><trkpt lat="1" lon="2"><time>2020-01-01T00:00:00Z</time></trkpt>"#)
        let cut = String(text.prefix(text.count - 30))
        let error = try #require(fixReadError(cut, name: "cut.gpx"))
        #expect(error.line != nil)
        #expect(error.problem.contains("GPX"))
    }

    @Test("bad coordinates and times name the point's line; lenient skips them")
    func badPoints() throws {
        let text = gpx("""
            <trk><trkseg>
            <trkpt lat="1" lon="2"><time>2020-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="91" lon="2"><time>2020-01-01T00:00:01Z</time></trkpt>
            <trkpt lat="1" lon="2"><time>yesterday</time></trkpt>
            <trkpt lon="2"><time>2020-01-01T00:00:03Z</time></trkpt>
            </trkseg></trk>
            """)
        let error = try #require(fixReadError(text, name: "bad.gpx"))
        #expect(error.line == 5 && error.problem.contains("lat"))
        let file = try FixReader.readFile(path: temporaryFile(text, name: "bad.gpx"), options: FixReadingOptions(lenient: true))
        #expect(file.fixes.count == 1)
        #expect(file.warnings.map(\.line) == [5, 6, 7])
    }

    @Test("a document that is not GPX is refused")
    func notGPX() throws {
        let error = try #require(fixReadError("<kml><Placemark/></kml>", name: "x.gpx"))
        #expect(error.problem.contains("not a GPX"))
    }

    @Test("the writer round-trips exactly, fractions, accuracy and speed included")
    func roundTrip() throws {
        let fixes = [
            LocationFix(time: 1_608_272_150, latitude: 45.123456789, longitude: 13.987654321, horizontalAccuracy: 4.5, speed: 1.25),
            LocationFix(time: 1_608_272_151.123, latitude: -33.8688, longitude: 151.2093),
            LocationFix(time: 1_608_272_152.000001, latitude: 0, longitude: -0.5, horizontalAccuracy: 0, speed: nil),
            LocationFix(time: 1_608_272_153.7, latitude: 89.99999, longitude: 179.99999, horizontalAccuracy: nil, speed: 30),
        ]
        let path = temporaryFile(try GPXWriter.string(fixes), name: "round.gpx")
        #expect(try FixReader.read(path: path) == fixes)
    }

    @Test("ISO 8601 times parse and format as inverses", arguments: [0.0, 1.5, 951_782_400.25, 1_608_272_151.123, 4_102_444_799.999])
    func timestamps(seconds: Double) throws {
        #expect(UTCTimestamp.parse(try #require(UTCTimestamp.format(seconds))) == seconds)
        #expect(UTCTimestamp.parse("2000-02-29T00:00:00Z") == 951_782_400)
        #expect(UTCTimestamp.parse("2000-02-30T00:00:00Z") == nil)
        #expect(UTCTimestamp.parse("2000-02-28T23:00:00-01:00") == 951_782_400)
    }
}

import Foundation
import Locomotion
import Testing
@_spi(Harness) @testable import LocomotionIO
import LocomotionTestSupport

/// Bad-input cases for the location-fix readers (CSV, GPX, NMEA) beyond the
/// readers' own tests: hostile XML, truncation between points, malformed NMEA
/// fields, and fix values that are finite but absurd.
@Suite struct FixInputReliabilityTests {
    private func readError(_ text: String, name: String, lenient: Bool = false) -> InputError? {
        do {
            _ = try FixReader.readFile(path: temporaryFile(text, name: name), options: FixReadingOptions(lenient: lenient))
            return nil
        } catch {
            return error
        }
    }

    private static let gpxHeader = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><trkseg>

        """
    private static let twoPoints = """
        <trkpt lat="47.0" lon="8.5"><time>2023-11-14T22:13:20Z</time></trkpt>
        <trkpt lat="47.0001" lon="8.5"><time>2023-11-14T22:13:21Z</time></trkpt>

        """

    @Test func gpxTruncatedBetweenPointsIsRefused() {
        // A logger killed while writing: the last complete point is flushed, the closing tags never come.
        let error = readError(Self.gpxHeader + Self.twoPoints, name: "cut.gpx")
        #expect(error?.problem.contains("truncated GPX") == true)
        #expect(error?.line == 5)
    }

    /// 0 when `<gpx><t\xF3/></gpx>` is refused at line 1, column 8 (the byte).
    private static func nonUTF8NameOutcome() -> Int32 {
        let bytes: [UInt8] = Array("<gpx><t".utf8) + [0xF3] + Array("/></gpx>".utf8)
        do {
            _ = try FixReader.parse(bytes, file: "crash.gpx", options: FixReadingOptions(format: .gpx))
            return 1
        } catch {
            return error.line == 1 && error.column == 8 ? 0 : 2
        }
    }

    @Test func gpxNameThatIsNotUTF8DoesNotCrash() async {
        // Found by FuzzGPXReader (minimised): a byte that is not UTF-8 in an element name made
        // FoundationXML's XMLParser trap (SIGILL in _NSXMLParserStartElementNs), taking
        // `locomotion distance` down with it. Since GPX is read by XMLScanner: an InputError at
        // the byte. Run in a child process so that a regression cannot take the test run down.
        await #expect(processExitsWith: .success) {
            exit(FixInputReliabilityTests.nonUTF8NameOutcome())
        }
    }

    @Test func gpxProcessingInstructionWithoutDataDoesNotCrash() async {
        // Found by FuzzGPXReader (minimised): `<?pi?>` made FoundationXML's XMLParser call
        // strlen(NULL) in its processing-instruction callback (SIGSEGV, exit 139 of
        // `locomotion distance`). Now the instruction is skipped and the document read.
        await #expect(processExitsWith: .success) {
            let text = #"<?pi?><gpx><wpt lat="1" lon="2"/></gpx>"#
            let file = try? FixReader.parse(Array(text.utf8), file: "crash.gpx", options: FixReadingOptions(format: .gpx))
            if file?.fixes.count != 1 { exit(1) }
        }
    }

    @Test func gpxEntityExpansionIsRefusedNotExpanded() {
        // "Billion laughs": 10⁹ bytes if expanded. DTD entities are never expanded: `&i;` is undefined.
        var entities = #"<!ENTITY a "aaaaaaaaaa">"#
        for (previous, name) in zip("abcdefgh", "bcdefghi") {
            entities += "\n<!ENTITY \(name) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n\(entities)\n]>\n"
            + #"<gpx version="1.1" creator="x"><trk><trkseg><trkpt lat="1" lon="2"><time>2020-01-01T00:00:00Z</time>"#
            + "<desc>&i;</desc></trkpt></trkseg></trk></gpx>\n"
        let error = readError(text, name: "laughs.gpx")
        #expect(error?.line == 13)
        #expect(error?.problem.contains("undefined entity &i;") == true)
    }

    @Test func gpxExternalEntitiesAreNotRead() {
        // An external entity must not pull a local file into the data.
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
            <gpx version="1.1" creator="x"><trk><trkseg>
            <trkpt lat="1" lon="2"><time>&secret;</time></trkpt>
            </trkseg></trk></gpx>
            """
        let error = readError(text, name: "xxe.gpx")
        #expect(error?.line == 4)
        #expect(error?.problem.contains("undefined entity &secret;") == true, "the entity was resolved: \(String(describing: error))")
    }

    @Test(arguments: [#"lat="nan" lon="8.5""#, #"lat="47" lon="1e400""#, #"lat="" lon="8.5""#,
                      #"lat="47" lon="-180.0001""#, #"lat="-90.5" lon="8.5""#])
    func gpxImpossibleCoordinatesNameThePoint(attributes: String) {
        let text = Self.gpxHeader + "<trkpt \(attributes)><time>2023-11-14T22:13:20Z</time></trkpt>\n</trkseg></trk></gpx>\n"
        let error = readError(text, name: "bad.gpx")
        #expect(error?.line == 4)
        #expect(error?.problem.contains("lat") == true || error?.problem.contains("lon") == true)
    }

    @Test func gpxBinaryGarbageIsRefused() {
        var generator = SplitMix64(seed: 11)
        let garbage = (0..<4000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let path = temporaryFile(garbage, name: "garbage.gpx")
        #expect(throws: InputError.self) { _ = try FixReader.readFile(path: path) }
    }

    // MARK: Empty input

    @Test(arguments: [
        ("timestamp,latitude,longitude\n", "fixes.csv", false, "no fixes: the file has a header but no data rows"),
        ("timestamp,latitude,longitude\r\n\r\n", "fixes.csv", false, "no fixes: the file has a header but no data rows"),
        ("timestamp,latitude,longitude\nx,1,2\n1,100,2\n", "fixes.csv", true, "no fixes: all 2 entries were skipped as bad; the first at line 2"),
        (#"<gpx><rte><rtept lat="1" lon="2"/></rte></gpx>"#, "track.gpx", false, "no fixes: the GPX has no <trkpt> or <wpt>"),
        (#"<gpx><trk><trkseg><trkpt lat="91" lon="2"/></trkseg></trk></gpx>"#, "track.gpx", true, "no fixes: all 1 entries were skipped"),
        ("$GPRMC,221047.00,V,,,,,,,140520,,,N*7D\n", "log.nmea", false, "no fixes: no GGA or RMC sentence with a position"),
    ])
    func emptyInputIsAnError(text: String, name: String, lenient: Bool, problem: String) {
        // As for traces: a file that holds no fixes is refused (exit 1), not an empty table.
        let error = readError(text, name: name, lenient: lenient)
        #expect(error?.problem.hasPrefix(problem) == true, "\(String(describing: error))")
    }

    // MARK: NMEA

    private static func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        let hex = String(checksum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count == 1 ? "0" + hex : hex)\n"
    }

    @Test(arguments: ["*6", "*6AX", "*GG", "", "*6A*6A"])
    func nmeaMalformedChecksumsAreRefused(ending: String) {
        let good = Self.sentence("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W")
        let bad = "$GPRMC,123520,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W" + ending + "\n"
        let error = readError(good + bad, name: "log.nmea")
        #expect(error?.line == 2)
        #expect(error?.problem.contains("checksum") == true)
        // Lenient reading keeps the good sentence.
        #expect(readError(good + bad, name: "log.nmea", lenient: true) == nil)
    }

    @Test func nmeaNegativeTimeOfDayIsRefused() throws {
        // `-10000` is not hhmmss; Int("-1") parses, so it must be refused explicitly.
        let text = Self.sentence("GPRMC,-10000,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W")
        let error = readError(text, name: "log.nmea")
        #expect(error?.line == 1)
    }

    @Test func nmeaBinaryLinesAreRefusedOrSkipped() throws {
        let good = Self.sentence("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W")
        let text = good + "\u{0}\u{1}\u{7F}garbage\n" + good.replacingOccurrences(of: "123519", with: "123520")
        #expect(readError(text, name: "log.nmea")?.line == 2)
        let file = try FixReader.readFile(path: temporaryFile(text, name: "log.nmea"), options: FixReadingOptions(lenient: true))
        #expect(file.fixes.count == 1, "the third line's checksum no longer matches, so only the first remains")
    }

    // MARK: Values that are finite but absurd

    @Test func absurdFixTimesDoNotTrapTheOdometer() async {
        // 1e300 s passes the CSV reader (it is finite); the odometer's day arithmetic used to trap on it.
        await #expect(processExitsWith: .success) {
            var odometer = Odometer(timeZone: TimeZone(identifier: "UTC")!)
            for time in [1e300, -1e300, 1e20, Double.greatestFiniteMagnitude] {
                odometer.push(LocationFix(time: time, latitude: 47, longitude: 8.5)) { _ in }
            }
            _ = odometer.totalDistance
        }
    }

    /// 0 when the GPX writer refuses a second fix at `time` with an error naming it, else a code saying what went wrong.
    private static func gpxWriterRefusal(time: Double) -> Int32 {
        let fixes = [LocationFix(time: 1_700_000_000, latitude: 47, longitude: 8.5), LocationFix(time: time, latitude: 47, longitude: 8.5)]
        do {
            _ = try GPXWriter.string(fixes)
            return 1
        } catch {
            return error.problem.contains("fix 2") && error.problem.contains("0001–9999") ? 0 : 2
        }
    }

    @Test func gpxWriterRefusesTimesGPXCannotHold() async {
        // A fix time of 1e300 s is finite (the CSV reader accepts it); UTCTimestamp.format used to
        // convert it to Int and trap. Now it is an OutputError naming the fix; the child process
        // guards the test run against a regression.
        await #expect(processExitsWith: .success) {
            for time in [1e300, -1e300, Double.infinity, -Double.infinity, 253_402_300_800, -62_135_596_801, Double.greatestFiniteMagnitude] {
                let code = FixInputReliabilityTests.gpxWriterRefusal(time: time)
                if code != 0 { exit(code) }
            }
        }
    }

    @Test func gpxWriterWritesTheYearsISO8601Has() throws {
        // The first and last second GPX can express round-trip; a NaN time is written as no <time>.
        let fixes = [LocationFix(time: -62_135_596_800, latitude: 1, longitude: 2), LocationFix(time: 253_402_300_799.5, latitude: 1, longitude: 2)]
        let text = try GPXWriter.string(fixes)
        #expect(text.contains("0001-01-01T00:00:00Z") && text.contains("9999-12-31T23:59:59.5Z"))
        #expect(try FixReader.parse(Array(text.utf8), file: "w.gpx").fixes == fixes)
        #expect(try !GPXWriter.string([LocationFix(time: .nan, latitude: 1, longitude: 2)]).contains("<time>"))
        #expect(throws: OutputError.self) { try GPXWriter.string([LocationFix(time: 0, latitude: .nan, longitude: 2)]) }
        #expect(throws: OutputError.self) { try GPXWriter.string([LocationFix(time: 0, latitude: 1, longitude: 2, speed: .infinity)]) }
    }

    /// 0 when the NMEA writer refuses a fix at `time` with an error naming the years it can write.
    private static func nmeaWriterRefusal(time: Double) -> Int32 {
        do {
            _ = try NMEAWriter.string([LocationFix(time: time, latitude: 47, longitude: 8.5)])
            return 1
        } catch {
            return error.problem.contains("1980–2079") ? 0 : 2
        }
    }

    @Test func nmeaWriterRefusesTimesRMCCannotHold() async {
        // Int((time * 100).rounded()) trapped beyond ±9.2e16 s and on NaN; a time before 1980 or from
        // 2080 on would read back a century off. All are OutputErrors now.
        await #expect(processExitsWith: .success) {
            for time in [1e300, -1e300, Double.nan, Double.infinity, 315_532_799, 3_471_292_800, 9.3e16] {
                let code = FixInputReliabilityTests.nmeaWriterRefusal(time: time)
                if code != 0 { exit(code) }
            }
        }
    }

    @Test func nmeaWriterRefusesImpossiblePositions() async {
        // Int(abs(latitude)) trapped on NaN and infinities.
        await #expect(processExitsWith: .success) {
            for (latitude, longitude, speed) in [(Double.nan, 8.5, 1.0), (47, Double.infinity, 1), (91, 8.5, 1), (47, 8.5, Double.nan)] {
                let fix = LocationFix(time: 1_700_000_000, latitude: latitude, longitude: longitude, speed: speed)
                if (try? NMEAWriter.sentences(fix)) != nil { exit(1) }
            }
            if (try? NMEAWriter.sentences(LocationFix(time: 3_471_292_799, latitude: -90, longitude: 180))) == nil { exit(2) }
        }
    }
}

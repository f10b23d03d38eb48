import Foundation
import Locomotion
import Testing
@testable import LocomotionIO

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

    @Test func gpxNameThatIsNotUTF8DoesNotCrash() async {
        // Found by FuzzGPXReader (minimised): a byte that is not UTF-8 in an element name makes
        // FoundationXML's XMLParser trap (SIGILL in _NSXMLParserStartElementNs), taking
        // `locomotion distance` down with it. Expected: an InputError naming line 1.
        await withKnownIssue("FoundationXML's XMLParser traps on a non-UTF-8 byte in an element or attribute name") {
            await #expect(processExitsWith: .success) {
                let bytes: [UInt8] = Array("<gpx><t".utf8) + [0xF3] + Array("/></gpx>".utf8)
                _ = try? FixReader.parse(bytes, file: "crash.gpx", options: FixReadingOptions(format: .gpx))
            }
        }
    }

    @Test func gpxProcessingInstructionWithoutDataDoesNotCrash() async {
        // Found by FuzzGPXReader (minimised): `<?pi?>` makes FoundationXML's XMLParser call
        // strlen(NULL) in its processing-instruction callback (SIGSEGV, exit 139 of
        // `locomotion distance`). Expected: read as GPX (the instruction ignored) or an InputError.
        await withKnownIssue("FoundationXML's XMLParser crashes on a processing instruction without data") {
            await #expect(processExitsWith: .success) {
                _ = try? FixReader.parse(Array("<?pi?><gpx/>".utf8), file: "crash.gpx", options: FixReadingOptions(format: .gpx))
            }
        }
    }

    @Test func gpxEntityExpansionIsRefusedNotExpanded() {
        // "Billion laughs": 10⁹ bytes if expanded. libxml2's amplification limit stops it.
        var entities = #"<!ENTITY a "aaaaaaaaaa">"#
        for (previous, name) in zip("abcdefgh", "bcdefghi") {
            entities += "\n<!ENTITY \(name) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n\(entities)\n]>\n"
            + #"<gpx version="1.1" creator="x"><trk><trkseg><trkpt lat="1" lon="2"><time>2020-01-01T00:00:00Z</time>"#
            + "<desc>&i;</desc></trkpt></trkseg></trk></gpx>\n"
        let error = readError(text, name: "laughs.gpx")
        #expect(error?.line != nil)
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
        #expect(error?.problem.contains("``") == true, "the entity was resolved: \(String(describing: error))")
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
        var generator = SplitMix(seed: 11)
        let garbage = (0..<4000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let path = temporaryFile(garbage, name: "garbage.gpx")
        #expect(throws: InputError.self) { _ = try FixReader.readFile(path: path) }
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
                odometer.record(LocationFix(time: time, latitude: 47, longitude: 8.5))
            }
            _ = odometer.totalDistance
        }
    }

    @Test func gpxWriterDoesNotTrapOnAbsurdTimes() async {
        // A fix time of 1e300 s is finite (the CSV reader accepts it); UTCTimestamp.format converts
        // it to Int and traps. Reported; this records the known issue without crashing the run.
        await withKnownIssue("GPXWriter (UTCTimestamp.format) traps on a finite time beyond Int range") {
            await #expect(processExitsWith: .success) {
                _ = GPXWriter.string([LocationFix(time: 1e300, latitude: 47, longitude: 8.5)])
            }
        }
    }
}

import Foundation
import Locomotion
import Testing
@_spi(Harness) @testable import LocomotionIO
import LocomotionTestSupport

/// The InputError reading `text` (as a file called `name`) throws, or nil.
func fixReadError(_ text: String, name: String = "fixes.csv", lenient: Bool = false) -> InputError? {
    do {
        _ = try FixReader.readFile(path: temporaryFile(text, name: name), options: FixReadingOptions(lenient: lenient))
        return nil
    } catch {
        return error
    }
}

@Suite("Fix CSV")
struct FixCSVTests {
    @Test("reads columns by name, optional fields empty or absent")
    func reads() throws {
        let text = "latitude,timestamp,longitude,speed,horizontal_accuracy,extra\n52.5,1700000000.5,13.4,1.2,4,x\n52.6,1700000001,13.5,,,y\n"
        let fixes = try FixReader.read(path: temporaryFile(text, name: "a.csv"))
        #expect(fixes == [
            LocationFix(time: 1_700_000_000.5, latitude: 52.5, longitude: 13.4, horizontalAccuracy: 4, speed: 1.2),
            LocationFix(time: 1_700_000_001, latitude: 52.6, longitude: 13.5),
        ])
        let minimal = try FixReader.read(path: temporaryFile("timestamp,latitude,longitude\r\n1,2,3\r\n", name: "b.csv"))
        #expect(minimal == [LocationFix(time: 1, latitude: 2, longitude: 3)])
    }

    @Test("a negative speed means not reported (CoreLocation's −1)")
    func negativeSpeed() throws {
        let fixes = try FixReader.read(path: temporaryFile("timestamp,latitude,longitude,speed\n1,2,3,-1\n", name: "a.csv"))
        #expect(fixes[0].speed == nil)
    }

    @Test("bad rows name file, line and column")
    func errors() throws {
        let header = "timestamp,latitude,longitude,horizontal_accuracy\n"
        var error = try #require(fixReadError(header + "1,52,13,5\n2,abc,13,5\n"))
        #expect(error.line == 3 && error.column == 2)
        #expect(error.problem.contains("latitude"))
        #expect(error.file.hasSuffix("fixes.csv"))

        error = try #require(fixReadError(header + "1,95,13,5\n"))
        #expect(error.line == 2 && error.column == 2 && error.problem.contains("outside"))
        error = try #require(fixReadError(header + "1,52,181,5\n"))
        #expect(error.line == 2 && error.column == 3)
        error = try #require(fixReadError(header + "1,52,13,-1\n"))
        #expect(error.line == 2 && error.column == 4 && error.hint != nil)
        error = try #require(fixReadError(header + "1,52\n"))
        #expect(error.line == 2)
        error = try #require(fixReadError(header + "nan,52,13,5\n"))
        #expect(error.line == 2 && error.column == 1)
    }

    @Test("a missing header or column is an error with a hint")
    func header() throws {
        var error = try #require(fixReadError("1700000000,52,13\n"))
        #expect(error.line == 1 && error.hint?.description.contains("header") == true)
        error = try #require(fixReadError("timestamp,lat,lon\n1,2,3\n"))
        #expect(error.problem.contains("latitude"))
        error = try #require(fixReadError("\n\n"))
        #expect(error.problem.contains("header"))
    }

    @Test("empty and missing files are errors")
    func emptyAndMissing() throws {
        let empty = try #require(fixReadError(""))
        #expect(empty.problem.contains("empty"))
        #expect(throws: InputError.self) { try FixReader.read(path: "/nonexistent/fixes.csv") }
    }

    @Test("lenient reading skips bad rows with a warning each")
    func lenient() throws {
        let text = "timestamp,latitude,longitude\n1,52,13\n2,x,13\n3,52,200\n4,52.1,13\n"
        let file = try FixReader.readFile(path: temporaryFile(text, name: "a.csv"), options: FixReadingOptions(lenient: true))
        #expect(file.fixes.map(\.time) == [1, 4])
        #expect(file.warnings.map(\.line) == [3, 4])
        #expect(file.warnings[0].column == 2)
    }

    @Test("the writer round-trips exactly")
    func roundTrip() throws {
        var generator = SplitMix64(seed: 1)
        let fixes = (0..<500).map { index in
            LocationFix(time: 1_600_000_000 + Double.random(in: 0..<1e6, using: &generator),
                        latitude: Double.random(in: -90...90, using: &generator),
                        longitude: Double.random(in: -180...180, using: &generator),
                        horizontalAccuracy: index % 3 == 0 ? nil : Double.random(in: 0..<100, using: &generator),
                        speed: index % 4 == 0 ? nil : Double.random(in: 0..<40, using: &generator))
        }
        let path = temporaryFile(FixCSVWriter.string(fixes), name: "round.csv")
        #expect(try FixReader.read(path: path) == fixes)
    }
}

@Suite("Fix format detection")
struct FixFormatTests {
    @Test("by extension, then by the first byte")
    func detect() {
        #expect(FixFormat.detect(path: "a.GPX", contents: Array("timestamp".utf8)) == .gpx)
        #expect(FixFormat.detect(path: "a.nmea", contents: []) == .nmea)
        #expect(FixFormat.detect(path: "a.txt", contents: Array("\n  <?xml".utf8)) == .gpx)
        #expect(FixFormat.detect(path: "-", contents: Array("$GPGGA".utf8)) == .nmea)
        #expect(FixFormat.detect(path: "log", contents: Array("timestamp,latitude".utf8)) == .csv)
    }
}

import Foundation
import Locomotion
import Testing
@_spi(Harness) @testable import LocomotionIO
import LocomotionTestSupport

/// A sentence with its checksum.
func sentence(_ body: String) -> String {
    "$" + body + "*" + String(format2: body.utf8.reduce(UInt8(0)) { $0 ^ $1 })
}

@Suite("NMEA")
struct NMEATests {
    let gga = "GPGGA,221046.00,3725.415069,N,12205.647326,W,7,,0.38,-32.83,M,0.0,M,0.0,0000"
    let rmc = "GPRMC,221046.00,A,3725.415069,N,12205.647326,W,010.0,000.0,140520,,,A"

    @Test("GGA and RMC of one epoch make one fix with date, position and speed")
    func reads() throws {
        let text = [sentence(gga), sentence(rmc), sentence("GPGSV,1,1,00")].joined(separator: "\n") + "\n"
        let fixes = try FixReader.read(path: temporaryFile(text, name: "a.nmea"))
        #expect(fixes.count == 1)
        let fix = try #require(fixes.first)
        #expect(fix.time == 1_589_494_246)  // 2020-05-14 22:10:46 UTC
        #expect(abs(fix.latitude - (37 + 25.415069 / 60)) < 1e-12)
        #expect(abs(fix.longitude + (122 + 5.647326 / 60)) < 1e-12)
        #expect(abs(fix.speed! - 10 * 1852 / 3600) < 1e-12)
        #expect(fix.horizontalAccuracy == nil)
    }

    @Test("the published checksums of the GSDC file are accepted")
    func publishedChecksum() throws {
        let text = """
            $GPGGA,221046.00,3725.415069,N,12205.647326,W,7,,0.38,-32.83,M,0.0,M,0.0,0000*73
            $GPRMC,221046.00,A,3725.415069,N,12205.647326,W,000.0,000.0,140520,,,A*47

            """
        #expect(try FixReader.read(path: temporaryFile(text, name: "a.nmea")).count == 1)
    }

    @Test("a wrong or missing checksum is an error naming line and column; lenient skips the sentence")
    func checksums() throws {
        let good = sentence(rmc)
        let bad = String(good.dropLast(2)) + (good.hasSuffix("00") ? "01" : "00")
        let text = good + "\n" + bad.replacingOccurrences(of: "221046", with: "221047") + "\n"
        var error = try #require(fixReadError(text, name: "bad.nmea"))
        #expect(error.line == 2 && error.column != nil && error.problem.contains("checksum"))
        let file = try FixReader.readFile(path: temporaryFile(text, name: "bad.nmea"), options: FixReadingOptions(lenient: true))
        #expect(file.fixes.count == 1)
        #expect(file.warnings.map(\.line) == [2])
        error = try #require(fixReadError("$" + rmc + "\n", name: "none.nmea"))
        #expect(error.problem.contains("no checksum"))
    }

    @Test("GN and other talkers are read; invalid epochs yield no fix")
    func talkersAndInvalid() throws {
        let text = [
            sentence(gga.replacingOccurrences(of: "GPGGA", with: "GNGGA")),
            sentence(rmc.replacingOccurrences(of: "GPRMC", with: "GNRMC")),
            sentence("GNGGA,221047.00,,,,,0,,,,M,,M,,"),
            sentence("GNRMC,221047.00,V,,,,,,,140520,,,N"),
        ].joined(separator: "\n")
        let fixes = try FixReader.read(path: temporaryFile(text, name: "gn.nmea"))
        #expect(fixes.count == 1)
    }

    @Test("the date rolls over at UTC midnight, also for epochs before the first RMC")
    func midnight() throws {
        let text = [
            sentence("GPGGA,235959.00,3725.0,N,12205.0,W,1,08,1.0,0,M,0,M,,"),
            sentence("GPGGA,000000.00,3725.0,N,12205.0,W,1,08,1.0,0,M,0,M,,"),
            sentence("GPRMC,000000.00,A,3725.0,N,12205.0,W,0.0,0.0,150520,,,A"),
            sentence("GPGGA,000001.00,3725.0,N,12205.0,W,1,08,1.0,0,M,0,M,,"),
        ].joined(separator: "\n")
        let fixes = try FixReader.read(path: temporaryFile(text, name: "m.nmea"))
        #expect(fixes.map(\.time) == [1_589_500_799, 1_589_500_800, 1_589_500_801])
    }

    @Test("GGA without any RMC has no date: an error")
    func noDate() throws {
        let error = try #require(fixReadError(sentence(gga) + "\n", name: "g.nmea"))
        #expect(error.problem.contains("RMC"))
    }

    @Test("bad fields and non-NMEA lines are errors with line and column")
    func badFields() throws {
        var error = try #require(fixReadError(sentence("GPGGA,221046.00,9125.0,N,12205.0,W,1,08,1.0,0,M,0,M,,") + "\n", name: "a.nmea"))
        #expect(error.line == 1 && error.column == 18 && error.problem.contains("latitude"))
        error = try #require(fixReadError(sentence(rmc) + "\nhello\n", name: "a.nmea"))
        #expect(error.line == 2 && error.column == 1)
        error = try #require(fixReadError(sentence("GPRMC,2210,A,3725.0,N,12205.0,W,0,0,140520,,,A") + "\n", name: "a.nmea"))
        #expect(error.column == 8 && error.problem.contains("time"))
    }
}

@Suite("NMEA writer")
struct NMEAWriterTests {
    @Test("written sentences read back to the same fixes within NMEA's precision")
    func roundTrip() throws {
        var generator = SplitMix64(seed: 1)
        let fixes = (0..<300).map { index in
            LocationFix(time: 1_589_494_246 + Double(index) * 1.37 + 86_390,
                        latitude: Double.random(in: -89.9...89.9, using: &generator),
                        longitude: Double.random(in: -179.9...179.9, using: &generator),
                        speed: index % 5 == 0 ? nil : Double.random(in: 0..<60, using: &generator))
        }
        let read = try FixReader.read(path: temporaryFile(NMEAWriter.string(fixes), name: "w.nmea"))
        #expect(read.count == fixes.count)
        for (original, copy) in zip(fixes, read) {
            #expect(abs(copy.time - original.time) <= 0.005 + 1e-6)
            #expect(abs(copy.latitude - original.latitude) < 1e-8)
            #expect(abs(copy.longitude - original.longitude) < 1e-8)
            #expect((copy.speed == nil) == (original.speed == nil))
            if let speed = original.speed { #expect(abs(copy.speed! - speed) < 0.001) }
        }
    }
}

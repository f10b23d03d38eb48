import Foundation
import Testing
import Locomotion
import LocomotionIO

@Suite("Time-zone map")
struct TimeZoneMapTests {
    let rome = TimeZone(identifier: "Europe/Rome")!, newYork = TimeZone(identifier: "America/New_York")!

    func problem(_ text: String) -> String? {
        do { _ = try TimeZoneMap(text: text, file: "zones.csv"); return nil } catch { return error.description }
    }

    @Test("RAPIDS' device_id,tzcode,timestamp (ms) and participant,time_zone,from (ISO 8601 or seconds) give the same schedules")
    func layouts() throws {
        let rapids = try TimeZoneMap(text: "device_id,tzcode,timestamp\na,Europe/Rome,1706742000000\na,America/New_York,1709301600000\nb,Asia/Tokyo,0\n", file: "r.csv")
        let plain = try TimeZoneMap(text: "participant,time_zone,from\r\na,Europe/Rome,2024-02-01T00:00:00+01:00\r\nb,Asia/Tokyo,0\r\na,America/New_York,2024-03-01T14:00:00.000Z\r\n", file: "p.csv")
        #expect(rapids.schedules == plain.schedules)
        let a = try #require(rapids.schedules["a"])
        #expect(a.initial == rome && a.changes == [.init(time: 1_709_301_600, zone: newYork)])
        // Extra columns and any column order; quoted fields.
        let reordered = try TimeZoneMap(text: "timestamp,\"tzcode\",device_id,note\n1709301600000,\"America/New_York\",a,flight\n", file: "x.csv")
        #expect(reordered.schedules["a"] == ZoneSchedule(newYork))
    }

    @Test("absent participants: --time-zone when given, else an error naming the map")
    func fallback() throws {
        let map = try TimeZoneMap(text: "participant,time_zone,from\na,Europe/Rome,0\n", file: "zones.csv")
        #expect(try map.schedule(of: "b", fallback: newYork) == ZoneSchedule(newYork))
        #expect(try map.schedule(of: "a", fallback: newYork) == ZoneSchedule(rome))
        #expect(throws: InputError.self) { try map.schedule(of: "b", fallback: nil) }
        do { _ = try map.schedule(of: "b", fallback: nil) } catch {
            #expect(error.description.hasPrefix("zones.csv: participant 'b' is not in the time-zone map"))
        }
    }

    @Test("an unknown zone, a bad time, rows out of order or at the same time, a bad header: errors naming file:line:column")
    func errors() {
        let header = "participant,time_zone,from\n"
        #expect(problem(header + "a,Europe/Rome,0\na,EST,10\n")?.hasPrefix("zones.csv:3:2: unknown time zone 'EST'") == true)
        #expect(problem(header + "a,Mars/Olympus,0\n")?.hasPrefix("zones.csv:2:2: unknown time zone") == true)
        #expect(problem(header + "a,Europe/Rome,2024-03-01T14:00:00\n")?.hasPrefix("zones.csv:2:3: '2024-03-01T14:00:00' is not a time") == true)
        #expect(problem("device_id,tzcode,timestamp\na,Europe/Rome,2024-03-01T14:00:00Z\n")?.hasPrefix("zones.csv:2:3:") == true)
        #expect(problem(header + "a,Europe/Rome,10\nb,Europe/Rome,5\na,Europe/Rome,5\n")?.hasPrefix("zones.csv:4:3: participant 'a''s rows are not in time order") == true)
        #expect(problem(header + "a,Europe/Rome,10\na,America/New_York,10\n")?.hasPrefix("zones.csv:3:3: participant 'a' has two rows at the same time (line 2 too)") == true)
        #expect(problem("who,zone,when\n")?.hasPrefix("zones.csv:1: the header") == true)
        #expect(problem("")?.hasPrefix("zones.csv: the time-zone map is empty") == true)
        #expect(problem(header + "a,Europe/Rome\n")?.hasPrefix("zones.csv:2: 2 fields") == true)
        #expect(problem(header + ",Europe/Rome,0\n")?.hasPrefix("zones.csv:2:1: no participant") == true)
        #expect(problem(header + "a,Europe/Rome,0\n\n") == nil)
    }
}

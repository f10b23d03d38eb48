import Foundation
@testable import LocomotionIO
import LocomotionTestSupport
import Testing

/// The one `device_id` rule of AWARE's tables (``AwareDeviceID``), and both readers following it.
@Suite struct AwareDeviceIDTests {
    private func read(_ field: String) -> (AwareDeviceID.Outcome, String) {
        var name: [UInt8] = []
        let outcome = Array(field.utf8).withUnsafeBufferPointer { AwareDeviceID.read($0, into: &name) }
        return (outcome, String(decoding: name, as: UTF8.self))
    }

    @Test("CSV quotes are undone; blanks around the name, inside or outside the quotes, are not part of it", arguments: [
        ("abc", "abc"), ("  abc\t", "abc"), ("\"abc\"", "abc"), (" \"abc\" ", "abc"), ("\" abc \"", "abc"),
        ("\"a, b\"", "a, b"), ("\"lab \"\"C\"\"\"", "lab \"C\""), ("\"\"\"\"", "\""), ("lab phone", "lab phone"),
    ])
    func names(field: String, expected: String) {
        let (outcome, name) = read(field)
        #expect(outcome == .named && name == expected, "\(field) → \(outcome) \(name)")
    }

    @Test("empty fields and quotes outside CSV's rule name nobody", arguments: [
        ("", AwareDeviceID.Outcome.empty), ("   ", .empty), ("\"\"", .empty), ("\"  \"", .empty),
        ("\"abc", .badQuotes), ("abc\"", .badQuotes), ("a\"b", .badQuotes), ("\"a\"b\"", .badQuotes), ("\"", .badQuotes),
        ("\"abc\"\"", .badQuotes),
    ])
    func refused(field: String, expected: AwareDeviceID.Outcome) {
        #expect(read(field).0 == expected, "\(field)")
    }

    @Test("the accelerometer and the locations table name the same participants from the same quoted ids")
    func bothTablesAgree() throws {
        let ids = ["\"abc\"", " \"lab \"\"C\"\", phone 3\" ", "plain", "\" padded \""]
        var accelerometer = "timestamp,device_id,double_values_0,double_values_1,double_values_2,accuracy,label\n"
        var locations = "\"timestamp\",\"device_id\",\"double_latitude\",\"double_longitude\",\"double_bearing\",\"double_speed\",\"double_altitude\",\"provider\",\"accuracy\"\n"
        for index in 0..<40 {
            for (position, id) in ids.enumerated() {
                let time = 1_709_280_000_000 + index * 200 + position
                accelerometer += "\"\(time)\",\(id),\"0.1\",0.2,9.8,3,\"free, text\"\n"
                if index % 10 == 0 { locations += "\(time),\(id),\"46.0\",\"8.0\",0,0,300,\"gps, fused\",\"5\"\n" }
            }
        }
        let split = try AwareTableSplit(path: temporaryFile(accelerometer, name: "aware.csv"),
                                        options: TraceReadingOptions(units: .metersPerSecondSquared))
        let fixes = try AwareLocations.split(path: temporaryFile(locations, name: "locations.csv"), lenient: false)
        #expect(split.participants == ["abc", "lab \"C\", phone 3", "plain", "padded"])
        #expect(fixes.order == split.participants)
        for id in split.participants {
            #expect(fixes.fixes[id]?.fixes.count == 4, "\(id)")
            #expect(fixes.fixes[id]?.fixes.first.map { $0.latitude == 46 && $0.horizontalAccuracy == 5 } == true, "\(id)")
        }
    }

    @Test("both tables stop at a device_id that is empty or badly quoted, naming file:line:column")
    func bothTablesRefuse() throws {
        let header = "timestamp,device_id,double_values_0,double_values_1,double_values_2\n"
        let locationsHeader = "timestamp,device_id,double_latitude,double_longitude\n"
        for (id, problem) in [("\"\"", "the device_id is empty"), ("\"abc", "double quote outside CSV's quoting")] {
            // A quote left open swallows the rest of the row in the accelerometer table: a short row there.
            let table = temporaryFile(header + "1709280000000,a,0,0,9.8\n1709280000200,\(id),0,0,9.8\n", name: "aware.csv")
            #expect { try AwareTableSplit(path: table, options: TraceReadingOptions(units: .metersPerSecondSquared)) } throws: { error in
                guard let error = error as? InputError, error.line == 3 else { return false }
                return id == "\"\"" ? error.column == 2 && error.problem == problem : error.problem.contains("fewer than 5 fields")
            }
            let locations = temporaryFile(locationsHeader + "1709280000000,a,46,8\n1709280000200,\(id),46,8\n", name: "locations.csv")
            #expect { try AwareLocations.split(path: locations, lenient: false) } throws: { error in
                (error as? InputError).map { $0.line == 3 && $0.column == 2 && $0.problem.contains(problem) } ?? false
            }
        }
        let nfc = "Zo\u{00EB}", nfd = "Zoe\u{0308}"
        let locations = temporaryFile(locationsHeader + "1709280000000,\(nfc),46,8\n1709280000200,\"\(nfd)\",46,8\n", name: "locations.csv")
        #expect { try AwareLocations.split(path: locations, lenient: false) } throws: { error in
            (error as? InputError).map { $0.line == 3 && $0.problem.contains("Unicode normalisation") } ?? false
        }
    }
}

import Locomotion

/// Reads CSV `timestamp,latitude,longitude[,horizontal_accuracy][,speed]`.
///
/// A column `accuracy` is read as `horizontal_accuracy` when the file has no `horizontal_accuracy` (Beiwe's gps files).
/// The header names the columns (any order, extra columns ignored). Timestamps
/// are decimal seconds; empty optional fields mean "not reported". A negative
/// speed is read as "not reported" (CoreLocation writes −1 for an invalid
/// speed); a negative accuracy is an error (CoreLocation's mark of an invalid fix).
/// Time order is not checked here: the odometer counts duplicates and backwards steps.
/// The first fix's time decides the unit (``TimestampPlausibility/fixUnit(time:file:line:)``): seconds, or
/// milliseconds, microseconds or nanoseconds since 1970 (as AWARE and Beiwe write them), read as seconds.
enum FixCSVReader {
    static let requiredColumns = ["timestamp", "latitude", "longitude"]

    static func parse(_ bytes: [UInt8], file: String, lenient: Bool) throws(InputError) -> FixFile {
        var columns: [String: Int]?
        var fixes: [LocationFix] = []
        var warnings: [InputWarning] = []
        var divisor = 1.0
        try forEachLine(of: bytes, file: file) { (number, line) throws(InputError) in
            if line.isBlank { return }
            let fields = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            guard let header = columns else {
                columns = try readHeader(fields, file: file, line: number)
                return
            }
            var fix: LocationFix
            do throws(InputError) {
                fix = try readRow(fields, columns: header, file: file, line: number)
            } catch {
                guard lenient else { throw error }
                warnings.append(InputWarning(error))
                return
            }
            // The first fix decides the file's unit (a unit of the whole file, refused even leniently).
            if fixes.isEmpty { divisor = try TimestampPlausibility.fixUnit(time: fix.time, file: file, line: number).divisor }
            fix.time /= divisor
            fixes.append(fix)
        }
        guard columns != nil else {
            throw InputError(file: file, problem: "no header line", hint: "the first line must be `timestamp,latitude,longitude[,horizontal_accuracy][,speed]`")
        }
        return FixFile(file: file, format: .csv, fixes: fixes, warnings: warnings)
    }

    static func readHeader(_ fields: [ArraySlice<UInt8>], file: String, line: Int) throws(InputError) -> [String: Int] {
        var columns: [String: Int] = [:]
        for (index, field) in fields.enumerated() {
            let name = field.trimmedText.lowercased()
            if columns[name] == nil { columns[name] = index }
        }
        // RADAR-base's android_phone_relative_location adds a random reference offset, never sent, to every latitude
        // and longitude: the east–west size of a degree depends on the true latitude, so no distance follows from them.
        if columns["value.latitude"] != nil && columns["value.longitude"] != nil {
            throw InputError(file: file, line: line, problem: "this is RADAR-base's relative location (value.latitude, value.longitude): "
                             + "its coordinates carry an unknown reference offset, so distances between its fixes are not the distances travelled",
                             hint: "give fixes in true coordinates (timestamp,latitude,longitude); see Docs/formats.md, RADAR-base")
        }
        // Beiwe's gps files (and Android loggers) name the horizontal accuracy (m) `accuracy`.
        if columns["horizontal_accuracy"] == nil, let accuracy = columns["accuracy"] { columns["horizontal_accuracy"] = accuracy }
        for name in requiredColumns where columns[name] == nil {
            let startsWithNumber = fields.first.map { Double($0.trimmedText) != nil } ?? false
            throw InputError(file: file, line: line, problem: "the header has no `\(name)` column",
                             hint: startsWithNumber
                                ? "the file starts with data; add the header `timestamp,latitude,longitude[,horizontal_accuracy][,speed]`"
                                : "expected `timestamp,latitude,longitude[,horizontal_accuracy][,speed]`")
        }
        return columns
    }

    static func readRow(_ fields: [ArraySlice<UInt8>], columns: [String: Int], file: String, line: Int) throws(InputError) -> LocationFix {
        func number(_ name: String, required: Bool) throws(InputError) -> Double? {
            guard let index = columns[name] else { return nil }
            guard index < fields.count else {
                if !required { return nil }
                throw InputError(file: file, line: line, problem: "the row has \(fields.count) fields; `\(name)` is field \(index + 1)")
            }
            let text = fields[index].trimmedText
            if text.isEmpty {
                if !required { return nil }
                throw InputError(file: file, line: line, column: index + 1, problem: "`\(name)` is empty")
            }
            guard let value = Double(text), value.isFinite else {
                throw InputError(file: file, line: line, column: index + 1, problem: "`\(name)` is not a number: `\(text)`")
            }
            return value
        }
        let time = try number("timestamp", required: true)!
        let latitude = try number("latitude", required: true)!
        let longitude = try number("longitude", required: true)!
        guard (-90...90).contains(latitude) else {
            throw InputError(file: file, line: line, column: columns["latitude"]! + 1,
                             problem: "latitude \(latitude) is outside −90…90", hint: "are latitude and longitude swapped?")
        }
        guard (-180...180).contains(longitude) else {
            throw InputError(file: file, line: line, column: columns["longitude"]! + 1, problem: "longitude \(longitude) is outside −180…180")
        }
        let accuracy = try number("horizontal_accuracy", required: false)
        if let accuracy, accuracy < 0 {
            throw InputError(file: file, line: line, column: columns["horizontal_accuracy"]! + 1,
                             problem: "horizontal_accuracy \(accuracy) is negative",
                             hint: "CoreLocation marks invalid fixes with −1: drop those rows or pass \(ReadingOption.lenient)")
        }
        var speed = try number("speed", required: false)
        if let value = speed, value < 0 { speed = nil }
        return LocationFix(time: time, latitude: latitude, longitude: longitude, horizontalAccuracy: accuracy, speed: speed)
    }
}

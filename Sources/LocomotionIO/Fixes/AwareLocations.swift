import Locomotion

/// AWARE's locations table — `timestamp,device_id,double_latitude,double_longitude,double_bearing,double_speed,
/// double_altitude,provider,accuracy`, one file for every participant, timestamps in milliseconds — split into one
/// ``FixFile`` per `device_id`.
///
/// Each row is read as a fix CSV row is (``FixCSVReader``): `double_latitude`, `double_longitude`, `accuracy` as the
/// horizontal accuracy (m), `double_speed` as the speed (m/s). AWARE writes Android's `getSpeed()`, which is 0 when the
/// provider gave no speed, so a speed of 0 is read as "not reported" (the odometer then uses the positions alone,
/// which is also right for a fix at rest). Each participant's unit is decided from its first fix, as for a fix file.
/// The `device_id`s are read by ``AwareDeviceID``'s rule, the accelerometer table's (``AwareTableSplit``), so each
/// participant's fixes carry the name its trace has; fields are split outside double quotes, and a field in quotes
/// (a fully quoted export) is read without them. The whole file is read into memory, as every fix file is (a fix every 180 s by AWARE's default: small).
package enum AwareLocations {
    /// Whether `path`'s header names AWARE's locations table (`device_id` and `double_latitude` among its columns);
    /// false for streams and unreadable files.
    /// - Complexity: reads the first line.
    package static func isLocationsTable(_ path: String) -> Bool {
        AwareTableSplit.header(of: path).map { $0.contains("device_id") && $0.contains("double_latitude") } ?? false
    }

    /// The fixes of each `device_id` of the table at `path`, and the `device_id`s in the order they first appear.
    /// - Throws: ``InputError`` naming file:line for a missing column, a row without a `device_id`, and (strict
    ///   mode) a bad row; lenient mode skips bad rows with a warning in the participant's ``FixFile/warnings``.
    /// - Complexity: O(size of the file), which is held in memory.
    package static func split(path: String, lenient: Bool) throws(InputError) -> (fixes: [String: FixFile], order: [String]) {
        let bytes = try FixReader.readContents(of: path)
        var columns: [String: Int]?
        var deviceColumn = 0
        var fixes: [String: FixFile] = [:]
        var divisors: [String: Double] = [:]
        var names = AwareDeviceID.Names()
        var bounds: [(Int, Int)] = []
        var nameBytes: [UInt8] = []
        try forEachLine(of: bytes, file: path) { (number, line) throws(InputError) in
            if line.isBlank { return }
            // Fields split outside double quotes, each without its blanks and one pair of quotes (a fully quoted
            // export's numbers read as numbers); the device_id by the accelerometer table's rule.
            var device: AwareDeviceID.Outcome = .empty
            let fields: [ArraySlice<UInt8>] = line.withUnsafeBufferPointer { buffer in
                _ = CSVBytes.quotedFieldBounds(of: buffer, into: &bounds)
                if columns != nil && deviceColumn < bounds.count {
                    let (from, to) = bounds[deviceColumn]
                    device = AwareDeviceID.read(UnsafeBufferPointer(rebasing: buffer[from..<to]), into: &nameBytes)
                }
                return bounds.map { from, to in
                    let field = CSVBytes.trimmed(buffer.baseAddress!, from, to)
                    let start = line.startIndex + (field.baseAddress! - buffer.baseAddress!)
                    return line[start..<(start + field.count)]
                }
            }
            guard let header = columns else {
                let names = fields.map { $0.trimmedText.lowercased() }
                let wanted = ["timestamp", "device_id", "double_latitude", "double_longitude"]
                let missing = wanted.filter { !names.contains($0) }
                guard missing.isEmpty else {
                    throw InputError(file: path, line: number, problem: "AWARE's locations table needs the columns \(wanted.joined(separator: ", ")); \(missing.joined(separator: ", ")) missing")
                }
                // The fix reader's names for AWARE's columns.
                var mapped: [String: Int] = [:]
                for (name, aware) in [("timestamp", "timestamp"), ("latitude", "double_latitude"), ("longitude", "double_longitude"),
                                      ("horizontal_accuracy", "accuracy"), ("speed", "double_speed")] {
                    if let index = names.firstIndex(of: aware) { mapped[name] = index }
                }
                deviceColumn = names.firstIndex(of: "device_id")!
                columns = mapped
                return
            }
            guard device == .named else { throw AwareDeviceID.error(device, file: path, line: number, column: deviceColumn) }
            let name: String
            switch names.position(of: nameBytes) {
            case .known(let position):
                name = names.order[position]
            case .new(let position):
                name = names.order[position]
                fixes[name] = FixFile(file: path, format: .csv, fixes: [])
            case .normalisationClash(let clash):
                throw AwareDeviceID.Names.clash(clash, file: path, line: number, column: deviceColumn)
            }
            var fix: LocationFix
            do throws(InputError) {
                fix = try FixCSVReader.readRow(fields, columns: header, file: path, line: number)
            } catch {
                guard lenient else { throw error }
                fixes[name]!.warnings.append(InputWarning(error))
                return
            }
            if fix.speed == 0 { fix.speed = nil }
            let divisor: Double
            if let known = divisors[name] {
                divisor = known
            } else {
                divisor = try TimestampPlausibility.fixUnit(time: fix.time, file: path, line: number).divisor
                divisors[name] = divisor
            }
            fix.time /= divisor
            fixes[name]!.fixes.append(fix)
        }
        guard columns != nil else {
            throw InputError(file: path, problem: "no header line", hint: "expected AWARE's locations table")
        }
        return (fixes, names.order)
    }
}

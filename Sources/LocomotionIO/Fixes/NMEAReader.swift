import Locomotion

/// Reads NMEA 0183 position sentences: `$--GGA` and `$--RMC` from any talker
/// (`GP` GPS, `GN` multi-constellation, `GL`, `GA`, `GB`, …).
///
/// Rules:
/// - Sentences of one epoch (same time of day, consecutive lines) make one fix.
///   The position comes from GGA when its fix quality is not 0, else from RMC
///   when its status is `A`; an epoch with neither is "no fix" and yields nothing.
///   Speed comes from RMC (knots → m/s). NMEA has no horizontal accuracy in
///   metres (HDOP is a ratio), so `horizontalAccuracy` is nil.
/// - The date comes from RMC (`ddmmyy`, years 80–99 → 19xx, else 20xx). Epochs
///   before the first RMC take the next RMC's date; a time of day that falls
///   back by more than 12 hours is the next day. A file with GGA but no RMC has
///   no date and is an error.
/// - The checksum (`*hh`, XOR of the bytes between `$` and `*`) of every GGA and
///   RMC sentence must be present and right; a bad or missing one is an error,
///   or with `lenient` the sentence is skipped (recorded in ``FixFile/warnings``).
///   Other sentences (GSV, GSA, VTG, proprietary `$P…`) are ignored unread.
/// - A line that does not start with `$` (after spaces) is an error (lenient: skipped);
///   blank lines are ignored.
package enum NMEAReader {
    package struct Epoch {
        package var timeOfDay: Double
        package var timeText: Substring
        package var line: Int
        package var date: Int?          // days since 1970
        package var ggaPosition: (Double, Double)?
        package var rmcPosition: (Double, Double)?
        package var speed: Double?
    }

    package static let metresPerSecondPerKnot = 1852.0 / 3600.0

    package static func parse(_ bytes: [UInt8], file: String, lenient: Bool) throws(InputError) -> FixFile {
        var epochs: [Epoch] = []
        var warnings: [InputWarning] = []
        var sawGGA = false
        try forEachLine(of: bytes, file: file) { (number, line) throws(InputError) in
            if line.isBlank { return }
            do throws(InputError) {
                try read(line, number: number, file: file, into: &epochs, sawGGA: &sawGGA)
            } catch {
                guard lenient else { throw error }
                warnings.append(InputWarning(error))
            }
        }
        guard epochs.contains(where: { $0.date != nil }) || epochs.isEmpty else {
            throw InputError(file: file, problem: "no $--RMC sentence, so the fixes have no date (GGA gives only the time of day)",
                             hint: "log RMC sentences too")
        }
        if epochs.isEmpty && !sawGGA && warnings.isEmpty {
            throw InputError(file: file, problem: "no $--GGA or $--RMC sentence", hint: "expected NMEA 0183 position sentences")
        }
        assignDates(&epochs)
        var fixes: [LocationFix] = []
        fixes.reserveCapacity(epochs.count)
        for epoch in epochs {
            guard let date = epoch.date, let (latitude, longitude) = epoch.ggaPosition ?? epoch.rmcPosition else { continue }
            fixes.append(LocationFix(time: Double(date) * 86_400 + epoch.timeOfDay, latitude: latitude, longitude: longitude,
                                     horizontalAccuracy: nil, speed: epoch.speed))
        }
        return FixFile(file: file, format: .nmea, fixes: fixes, warnings: warnings)
    }

    /// Checks and decodes one line into the epoch list.
    package static func read(_ line: ArraySlice<UInt8>, number: Int, file: String, into epochs: inout [Epoch], sawGGA: inout Bool) throws(InputError) {
        let text = line.trimmedText
        guard text.first == "$" else {
            throw InputError(file: file, line: number, column: 1, problem: "not an NMEA sentence (does not start with `$`)")
        }
        let body = text.dropFirst()
        let star = body.lastIndex(of: "*")
        let fieldsText = star.map { body[..<$0] } ?? body
        let fields = fieldsText.split(separator: ",", omittingEmptySubsequences: false)
        let address = fields[0]
        guard address.count == 5, !address.hasPrefix("P") else { return }
        let kind = address.suffix(3)
        guard kind == "GGA" || kind == "RMC" else { return }

        guard let star else {
            throw InputError(file: file, line: number, problem: "\(address) sentence has no checksum (*hh)", hint: "pass \(ReadingOption.lenient) to skip such sentences")
        }
        let checksumText = body[body.index(after: star)...]
        let computed = fieldsText.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        guard checksumText.count == 2, let stated = UInt8(checksumText, radix: 16) else {
            throw InputError(file: file, line: number, column: text.count - checksumText.count + 1,
                             problem: "\(address) checksum `\(checksumText)` is not two hex digits")
        }
        guard stated == computed else {
            throw InputError(file: file, line: number, column: text.count - 1,
                             problem: "\(address) checksum is \(String(format2: stated)) but the sentence sums to \(String(format2: computed))",
                             hint: "the line is corrupted; pass \(ReadingOption.lenient) to skip such sentences")
        }

        func field(_ index: Int) -> Substring { index < fields.count ? fields[index] : "" }
        func column(_ index: Int) -> Int {
            // 1-based character column of field `index` in the line.
            1 + 1 + fields.prefix(index).reduce(0) { $0 + $1.count + 1 }
        }
        let timeText = field(1)
        guard let timeOfDay = parseTimeOfDay(timeText) else {
            throw InputError(file: file, line: number, column: column(1), problem: "\(address) time `\(timeText)` is not hhmmss[.ss]")
        }
        if epochs.last?.timeText != timeText {
            epochs.append(Epoch(timeOfDay: timeOfDay, timeText: timeText, line: number))
        }
        var epoch = epochs[epochs.count - 1]

        func position(latitudeField: Int) throws(InputError) -> (Double, Double) {
            guard let latitude = parseAngle(field(latitudeField), degreeDigits: 2, hemisphere: field(latitudeField + 1), positive: "N", negative: "S"),
                  (-90...90).contains(latitude) else {
                throw InputError(file: file, line: number, column: column(latitudeField),
                                 problem: "\(address) latitude `\(field(latitudeField)),\(field(latitudeField + 1))` is not ddmm.mmm,N|S within ±90°")
            }
            guard let longitude = parseAngle(field(latitudeField + 2), degreeDigits: 3, hemisphere: field(latitudeField + 3), positive: "E", negative: "W"),
                  (-180...180).contains(longitude) else {
                throw InputError(file: file, line: number, column: column(latitudeField + 2),
                                 problem: "\(address) longitude `\(field(latitudeField + 2)),\(field(latitudeField + 3))` is not dddmm.mmm,E|W within ±180°")
            }
            return (latitude, longitude)
        }

        if kind == "GGA" {
            sawGGA = true
            let quality = field(6)
            if !quality.isEmpty, quality != "0", !field(2).isEmpty {
                epoch.ggaPosition = try position(latitudeField: 2)
            }
        } else {
            let dateText = field(9)
            guard let date = parseDate(dateText) else {
                throw InputError(file: file, line: number, column: column(9), problem: "\(address) date `\(dateText)` is not ddmmyy")
            }
            epoch.date = date
            if field(2) == "A", !field(3).isEmpty {
                epoch.rmcPosition = try position(latitudeField: 3)
                if let knots = Double(field(7)), knots.isFinite, knots >= 0 {
                    epoch.speed = knots * metresPerSecondPerKnot
                }
            }
        }
        epochs[epochs.count - 1] = epoch
    }

    /// Dates for epochs without RMC, from their neighbours, rolling over midnight.
    package static func assignDates(_ epochs: inout [Epoch]) {
        let halfDay = 43_200.0
        var known: (date: Int, timeOfDay: Double)?
        for index in epochs.indices {
            if let date = epochs[index].date {
                known = (date, epochs[index].timeOfDay)
            } else if var previous = known {
                if epochs[index].timeOfDay < previous.timeOfDay - halfDay { previous.date += 1 }
                previous.timeOfDay = epochs[index].timeOfDay
                epochs[index].date = previous.date
                known = previous
            }
        }
        // Epochs before the first RMC: count back from it.
        guard let firstDated = epochs.firstIndex(where: { $0.date != nil }) else { return }
        var next = (date: epochs[firstDated].date!, timeOfDay: epochs[firstDated].timeOfDay)
        for index in stride(from: firstDated - 1, through: 0, by: -1) {
            if epochs[index].timeOfDay > next.timeOfDay + halfDay { next.date -= 1 }
            next.timeOfDay = epochs[index].timeOfDay
            epochs[index].date = next.date
        }
    }

    /// `hhmmss[.sss]` → seconds of the day.
    package static func parseTimeOfDay(_ text: Substring) -> Double? {
        // Digits only (and one decimal point): Int("-1") would parse a signed field.
        guard text.count >= 6, text.prefix(6).allSatisfy(\.isASCIIDigit),
              text.dropFirst(6).allSatisfy({ $0.isASCIIDigit || $0 == "." }), let hours = Int(text.prefix(2)), let minutes = Int(text.dropFirst(2).prefix(2)),
              let seconds = Double(text.dropFirst(4)), hours < 24, minutes < 60, seconds >= 0, seconds < 61 else { return nil }
        return Double(hours * 3600 + minutes * 60) + seconds
    }

    /// `ddmmyy` → days since 1970.
    package static func parseDate(_ text: Substring) -> Int? {
        guard text.count == 6, text.allSatisfy(\.isASCIIDigit), let day = Int(text.prefix(2)), let month = Int(text.dropFirst(2).prefix(2)),
              let shortYear = Int(text.suffix(2)) else { return nil }
        let date = LocalDay(year: shortYear >= 80 ? 1900 + shortYear : 2000 + shortYear, month: month, day: day)
        guard (1...12).contains(month), LocalDay(daysSince1970: date.daysSince1970) == date else { return nil }
        return date.daysSince1970
    }

    /// `(d)ddmm.mmmm` with a hemisphere letter → signed degrees.
    package static func parseAngle(_ text: Substring, degreeDigits: Int, hemisphere: Substring, positive: Character, negative: Character) -> Double? {
        guard text.count > degreeDigits + 1, text.allSatisfy({ $0.isASCIIDigit || $0 == "." }),
              let degrees = Int(text.prefix(degreeDigits)),
              let minutes = Double(text.dropFirst(degreeDigits)), minutes >= 0, minutes < 60 else { return nil }
        let value = Double(degrees) + minutes / 60
        switch hemisphere.first {
        case positive where hemisphere.count == 1: return value
        case negative where hemisphere.count == 1: return -value
        default: return nil
        }
    }
}

extension Character {
    /// 0…9 only (not other Unicode digits).
    package var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension String {
    /// Two upper-case hex digits.
    package init(format2 value: UInt8) {
        let digits = Array("0123456789ABCDEF")
        self = String([digits[Int(value >> 4)], digits[Int(value & 0xF)]])
    }
}

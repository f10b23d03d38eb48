import Locomotion

/// ISO 8601 date-times as GPX writes them (`2020-12-18T06:15:50Z`), to and from
/// seconds since the Unix epoch, without Foundation's formatters (pure arithmetic).
enum UTCTimestamp {
    /// Seconds since the epoch, or nil when `text` is not
    /// `YYYY-MM-DDTHH:MM:SS[.fraction][Z|±HH:MM|±HHMM]` (no zone: UTC) with a real
    /// date and seconds 00–59: GPX times are XML Schema `dateTime`s, which have no
    /// leap second (a `:60` would silently become the next minute).
    static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"), let day = digits(2),
              expect("Tt "), let hour = digits(2), expect(":"), let minute = digits(2), expect(":"), let second = digits(2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
        let date = LocalDay(year: year, month: month, day: day)
        guard LocalDay(daysSince1970: date.daysSince1970) == date else { return nil }
        var fraction = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            index += 1
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > start else { return nil }
            fraction = String(decoding: bytes[start..<index], as: UTF8.self)
        }
        var offset = 0
        if index < bytes.count {
            if expect("Zz") {
                // UTC
            } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
                guard let hours = digits(2) else { return nil }
                _ = expect(":")
                guard let minutes = digits(2), hours < 24, minutes < 60 else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            } else {
                return nil
            }
        }
        guard index == bytes.count else { return nil }
        let whole = date.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second - offset
        guard !fraction.isEmpty else { return Double(whole) }
        // Through the decimal text, so that what `format` wrote reads back to the same Double.
        if whole >= 0 { return Double("\(whole).\(fraction)") }
        return Double(whole) + Double("0.\(fraction)")!
    }

    /// The times ``format(_:)`` can write: the four-digit years 0001–9999 of
    /// ISO 8601 (and of ``parse(_:)``), in seconds since the epoch.
    static let formattableRange: Range<Double> = -62_135_596_800 ..< 253_402_300_800

    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` for `seconds` since the epoch, or nil
    /// outside ``formattableRange`` (NaN and infinities included). The
    /// fraction is the shortest that reads back to the same Double (for times
    /// at or after 1970), so `parse(format(t)) == t`.
    static func format(_ seconds: Double) -> String? {
        guard formattableRange.contains(seconds) else { return nil }
        var whole = Int(seconds.rounded(.down))
        var fraction = ""
        let text = "\(seconds)"
        if seconds >= 0, !text.contains("e"), let dot = text.firstIndex(of: ".") {
            let digits = text[text.index(after: dot)...]
            if digits != "0" { fraction = "." + digits }
        } else if seconds > 0, seconds < 1, let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(e, offsetBy: 2)...]) {
            // Under 10⁻⁴ s Swift prints `1.2345e-07`: spell the same digits out (`.00000012345`) so they read back exactly.
            fraction = "." + String(repeating: "0", count: exponent - 1) + text[..<e].filter { $0 != "." }
        } else if seconds != seconds.rounded(.down) {
            var micro = Int(((seconds - Double(whole)) * 1e6).rounded())
            if micro == 1_000_000 { whole += 1; micro = 0 }
            let padded = String(micro)
            fraction = "." + String(repeating: "0", count: 6 - padded.count) + padded
        }
        let day = LocalDay(daysSince1970: Int((Double(whole) / 86_400).rounded(.down)))
        let secondOfDay = whole - day.daysSince1970 * 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(day)T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))\(fraction)Z"
    }
}

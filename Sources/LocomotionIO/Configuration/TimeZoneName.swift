import Foundation

/// What `--time-zone` accepts (every command alike): an IANA identifier as the tz database spells it
/// (`Europe/Zurich`, `America/New_York`, `UTC`, `Etc/GMT-14`), or an explicit offset `UTC+HH:MM` / `UTC-HH:MM`
/// (east of Greenwich positive, at most 14 hours, no daylight saving).
///
/// Foundation would also take abbreviations (`BST` becomes Asia/Dhaka, not British Summer Time) and POSIX-style
/// `GMT-14` (the opposite sign of `Etc/GMT-14`): a guess that moves every epoch and day without a word, so
/// neither is a zone here.
package enum TimeZoneName {
    /// The zone `name` names, or nil when it is not an IANA identifier or an offset of the form above.
    package static func zone(_ name: String) -> TimeZone? {
        if let offset = offsetSeconds(name) { return TimeZone(secondsFromGMT: offset) }
        // IANA's names are Area/Location (`Etc/GMT-14` too), or UTC and GMT; every other top-level name is an
        // abbreviation or a POSIX rule. Foundation keeps the identifier it was given only for a zone it knows.
        guard name == "UTC" || name == "GMT" || name.contains("/"), let zone = TimeZone(identifier: name),
              name == "UTC" || zone.identifier == name else { return nil }
        return zone
    }

    /// The words of the refusal.
    package static func problem(_ name: String) -> String {
        "unknown time zone '\(name)' (use an IANA name such as Europe/Zurich, America/New_York or UTC, or an offset such as UTC+05:30; abbreviations such as BST are ambiguous)"
    }

    /// Seconds east of UTC of `UTC±HH:MM`, or nil.
    private static func offsetSeconds(_ name: String) -> Int? {
        let scalars = Array(name.unicodeScalars)
        guard scalars.count == 9, name.hasPrefix("UTC"), scalars[3] == "+" || scalars[3] == "-", scalars[6] == ":" else { return nil }
        let digits = [scalars[4], scalars[5], scalars[7], scalars[8]].compactMap { $0.properties.numericType == .decimal && $0.isASCII ? Int($0.value) - 48 : nil }
        guard digits.count == 4 else { return nil }
        let hours = digits[0] * 10 + digits[1], minutes = digits[2] * 10 + digits[3]
        guard minutes < 60, hours * 60 + minutes <= 14 * 60 else { return nil }
        return (scalars[3] == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}

import Foundation

/// How the command line writes numbers: every command's figures go through these few forms, so that one value
/// reads the same in every output.
package enum NumberText {
    /// `value` rounded to `places` decimals (at most 6), written as Swift writes a `Double`: always with a fraction
    /// ("1800.0", "12.5"), the shortest text that reads back as the rounded value.
    package static func rounded(_ value: Double, _ places: Int) -> String {
        String((value * scale(places)).rounded() / scale(places))
    }

    /// `value` rounded to `places` decimals (at most 6) without trailing zeros ("12.5", "3", "0.9167"): the shortest
    /// text that reads back as the rounded number. Values too large to round through `Int` are written as they
    /// are; a value that is not finite is empty.
    package static func decimals(_ value: Double, _ places: Int) -> String {
        let scale = scale(places)
        guard value.isFinite, (value * scale).magnitude < 1e18 else { return value.isFinite ? "\(value)" : "" }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return "\(rounded)"
    }

    /// `value` with exactly `places` decimals ("12.500"), as C's `%.*f` writes it.
    package static func fixed(_ value: Double, _ places: Int) -> String {
        String(format: "%.\(places)f", value)
    }

    /// A JSON number: the shortest text that reads back as `value`, or `null` for a value JSON cannot hold.
    package static func json(_ value: Double) -> String { value.isFinite ? "\(value)" : "null" }

    private static func scale(_ places: Int) -> Double {
        [1.0, 10, 100, 1000, 10_000, 100_000, 1_000_000][min(max(places, 0), 6)]
    }
}

import Locomotion

/// Writes fixes as CSV `timestamp,latitude,longitude,horizontal_accuracy,speed`
/// (empty fields for values not reported). Numbers are written in the shortest
/// form that reads back to the same `Double`, so the file round-trips exactly
/// through ``FixReader``.
@_spi(Harness) public enum FixCSVWriter {
    /// The header line, with its line break.
    public static let header = "timestamp,latitude,longitude,horizontal_accuracy,speed\n"

    /// One row, with its line break.
    /// - Complexity: O(1).
    public static func row(_ fix: LocationFix) -> String {
        "\(fix.time),\(fix.latitude),\(fix.longitude),\(fix.horizontalAccuracy.map { "\($0)" } ?? ""),\(fix.speed.map { "\($0)" } ?? "")\n"
    }

    /// A whole file: the header and one row per fix.
    /// - Complexity: O(n).
    public static func string(_ fixes: some Sequence<LocationFix>) -> String {
        var text = header
        for fix in fixes { text += row(fix) }
        return text
    }
}

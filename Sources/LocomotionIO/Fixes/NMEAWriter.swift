import Foundation
import Locomotion

/// Writes fixes as NMEA 0183 `$GPGGA` + `$GPRMC` pairs with checksums, one pair per fix.
///
/// NMEA has a fixed-point format: times to the centisecond, angles as degrees and
/// minutes with 7 decimals (≈ 0.2 mm), speed in knots with 3 decimals. Reading the
/// file back with ``FixReader`` gives the same fixes to that precision; horizontal
/// accuracy is not representable and is dropped. Fixes must be in 1980–2079
/// (RMC's two-digit year, as ``FixReader`` reads it back).
@_spi(Harness) public enum NMEAWriter {
    /// The times NMEA can write: 1980-01-01 up to 2080-01-01, in seconds since the epoch.
    static let writableTimes: Range<Double> = 315_532_800 ..< 3_471_292_800

    /// The GGA and RMC sentences of one fix, each ending in CR LF.
    ///
    /// - Throws: ``OutputError`` (with an empty `file`) when the fix has a time
    ///   outside 1980–2079 (NaN and infinities included), a latitude outside
    ///   −90…90, a longitude outside −180…180, or a speed that is not finite.
    /// - Complexity: O(1).
    public static func sentences(_ fix: LocationFix) throws(OutputError) -> String {
        guard writableTimes.contains(fix.time) else {
            throw OutputError(file: "", problem: "cannot write a fix at time \(fix.time) s as NMEA: RMC dates cover 1980–2079")
        }
        guard (-90...90).contains(fix.latitude), (-180...180).contains(fix.longitude), fix.speed?.isFinite ?? true else {
            throw OutputError(file: "", problem: "cannot write the fix at time \(fix.time) s as NMEA: "
                              + "latitude \(fix.latitude), longitude \(fix.longitude), speed \(fix.speed.map { "\($0)" } ?? "none")")
        }
        let centiseconds = Int((fix.time * 100).rounded())
        let daySeconds = Double(centiseconds % 8_640_000) / 100
        let day = LocalDay(daysSince1970: Int((Double(centiseconds) / 8_640_000).rounded(.down)))
        let seconds = Int(daySeconds)
        let time = String(format: "%02d%02d%05.2f", seconds / 3600, seconds / 60 % 60, daySeconds - Double(seconds - seconds % 60))
        let latitude = angle(fix.latitude, degreeDigits: 2, positive: "N", negative: "S")
        let longitude = angle(fix.longitude, degreeDigits: 3, positive: "E", negative: "W")
        let knots = fix.speed.map { String(format: "%.3f", $0 / NMEAReader.metresPerSecondPerKnot) } ?? ""
        let date = String(format: "%02d%02d%02d", day.day, day.month, day.year % 100)
        let gga = "GPGGA,\(time),\(latitude),\(longitude),1,,,,M,,M,,"
        let rmc = "GPRMC,\(time),A,\(latitude),\(longitude),\(knots),,\(date),,,A"
        return checked(gga) + checked(rmc)
    }

    /// A whole file, one GGA + RMC pair per fix.
    ///
    /// - Throws: ``OutputError`` for the first fix ``sentences(_:)`` refuses.
    /// - Complexity: O(n).
    public static func string(_ fixes: some Sequence<LocationFix>) throws(OutputError) -> String {
        var text = ""
        for fix in fixes { text += try sentences(fix) }
        return text
    }

    static func checked(_ body: String) -> String {
        "$\(body)*\(String(format2: body.utf8.reduce(UInt8(0)) { $0 ^ $1 }))\r\n"
    }

    /// `(d)ddmm.mmmmmmm,H`.
    static func angle(_ degrees: Double, degreeDigits: Int, positive: String, negative: String) -> String {
        let magnitude = abs(degrees)
        var whole = Int(magnitude)
        var minutes = ((magnitude - Double(whole)) * 60 * 1e7).rounded() / 1e7
        if minutes >= 60 { whole += 1; minutes -= 60 }
        let format = degreeDigits == 2 ? "%02d%010.7f" : "%03d%010.7f"
        return String(format: format, whole, minutes) + "," + (degrees < 0 ? negative : positive)
    }
}

import Foundation
import Locomotion

/// Writes fixes as a GPX 1.1 document with one track and one segment.
///
/// Times are ISO 8601 UTC with the shortest fraction that reads back to the
/// same `Double`; accuracy and speed go into `<extensions>` as
/// `locomotion:horizontal_accuracy` / `locomotion:speed`, so the file
/// round-trips through ``FixReader``. Coordinates are written in Swift's
/// shortest round-trip form. A fix whose time is NaN gets no `<time>`.
@_spi(Harness) public enum GPXWriter {
    /// The whole document.
    ///
    /// - Throws: ``OutputError`` (with an empty `file`) naming the first fix GPX
    ///   cannot hold: a time outside the years 0001–9999 or infinite, a latitude
    ///   outside −90…90 or longitude outside −180…180 (NaN included), a
    ///   non-finite accuracy or speed.
    /// - Complexity: O(n).
    public static func string(_ fixes: some Sequence<LocationFix>, creator: String = "locomotion") throws(OutputError) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="\(escaped(creator))" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:locomotion="urn:locomotion:gpx-extensions:1">
              <trk>
                <trkseg>

            """
        for (index, fix) in fixes.enumerated() {
            func refuse(_ problem: String) -> OutputError {
                OutputError(file: "", problem: "cannot write fix \(index + 1) as GPX: \(problem)")
            }
            guard (-90...90).contains(fix.latitude), (-180...180).contains(fix.longitude) else {
                throw refuse("latitude \(fix.latitude), longitude \(fix.longitude) is not a position")
            }
            guard fix.horizontalAccuracy?.isFinite ?? true, fix.speed?.isFinite ?? true else {
                throw refuse("a non-finite accuracy or speed")
            }
            text += "      <trkpt lat=\"\(fix.latitude)\" lon=\"\(fix.longitude)\">"
            if !fix.time.isNaN {
                guard let time = UTCTimestamp.format(fix.time) else {
                    throw refuse("time \(fix.time) s is outside the years 0001–9999 that GPX times express")
                }
                text += "<time>\(time)</time>"
            }
            if fix.horizontalAccuracy != nil || fix.speed != nil {
                text += "<extensions>"
                if let accuracy = fix.horizontalAccuracy {
                    text += "<locomotion:horizontal_accuracy>\(accuracy)</locomotion:horizontal_accuracy>"
                }
                if let speed = fix.speed { text += "<locomotion:speed>\(speed)</locomotion:speed>" }
                text += "</extensions>"
            }
            text += "</trkpt>\n"
        }
        text += "    </trkseg>\n  </trk>\n</gpx>\n"
        return text
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

import Foundation
import Locomotion

/// Writes fixes as a GPX 1.1 document with one track and one segment.
///
/// Times are ISO 8601 UTC with the shortest fraction that reads back to the
/// same `Double`; accuracy and speed go into `<extensions>` as
/// `locomotion:horizontal_accuracy` / `locomotion:speed`, so the file
/// round-trips through ``FixReader``. Coordinates are written in Swift's
/// shortest round-trip form. A fix whose time is NaN gets no `<time>`.
public enum GPXWriter {
    /// The whole document. O(n).
    public static func string(_ fixes: some Sequence<LocationFix>, creator: String = "locomotion") -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="\(escaped(creator))" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:locomotion="urn:locomotion:gpx-extensions:1">
              <trk>
                <trkseg>

            """
        for fix in fixes {
            text += "      <trkpt lat=\"\(fix.latitude)\" lon=\"\(fix.longitude)\">"
            if !fix.time.isNaN { text += "<time>\(UTCTimestamp.format(fix.time))</time>" }
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

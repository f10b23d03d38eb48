import Foundation

/// Wording of times, durations and counts shared by `plot` and `summarize`.
package enum ReportText {
    /// `2023-11-14 08:00 – 08:40 UTC (40 min)` or `0:00 – 0:40 (40 min)`.
    package static func rangeText(start: Double, end: Double, labels: TimeAxis.Labels) -> String {
        let duration = durationText(end - start)
        switch labels {
        case .relative(let origin):
            return "\(clockText(start - origin)) – \(clockText(end - origin)) after the first sample (\(duration))"
        case .absolute, .scheduled:
            // Each end in the zone in force at it (one zone: its offset at the start, as the axis).
            let startOffset = Double(labels.offset(at: start)), endOffset = Double(labels.offset(at: end, else: start))
            let localStart = start + startOffset, localEnd = end + endOffset
            let startDay = Int((localStart / 86400).rounded(.down)), endDay = Int((localEnd / 86400).rounded(.down))
            let endDate = endDay != startDay ? "\(TimeAxis.isoDate(daysSince1970: endDay)) " : ""
            let zoneName = TimeAxis(start: start, end: end, left: 0, right: 1, labels: labels).zoneName(from: start, to: end) ?? "UTC"
            return "\(TimeAxis.isoDate(daysSince1970: startDay)) \(clockText(localStart - Double(startDay) * 86400, padded: true)) – "
                + "\(endDate)\(clockText(localEnd - Double(endDay) * 86400, padded: true)) \(zoneName) (\(duration))"
        }
    }

    /// `h:mm` of a number of seconds (rounded to the minute).
    package static func clockText(_ seconds: Double, padded: Bool = false) -> String {
        let minutes = Int((seconds / 60).rounded())
        return "\(padded ? TimeAxis.twoDigits(minutes / 60) : String(minutes / 60)):\(TimeAxis.twoDigits(minutes % 60))"
    }

    /// `45 s`, `40 min`, `2 h 05 min`, `3 d 4 h`.
    package static func durationText(_ seconds: Double) -> String {
        if seconds < 90 { return "\(Int(seconds.rounded())) s" }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return "\(minutes) min" }
        if minutes < 48 * 60 { return "\(minutes / 60) h \(TimeAxis.twoDigits(minutes % 60)) min" }
        return "\(minutes / 1440) d \(minutes / 60 % 24) h"
    }

    /// `1 234 567`: thin-space thousands groups, readable in any locale.
    package static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "\u{2009}" }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// The last path component, or `standard input` for "-".
    package static func fileName(_ path: String) -> String {
        path == "-" ? "standard input" : (path.split(separator: "/").last.map(String.init) ?? path)
    }

    /// A time of day to the second (`08:05:12`) in the labels' zone, or `h:mm:ss` since the origin.
    package static func timeText(_ time: Double, labels: TimeAxis.Labels) -> String {
        let seconds: Int
        switch labels {
        case .relative(let origin):
            seconds = Int((time - origin).rounded(.down))
            return "\(seconds / 3600):\(TimeAxis.twoDigits(seconds / 60 % 60)):\(TimeAxis.twoDigits(seconds % 60))"
        case .absolute, .scheduled:
            let local = time + Double(labels.offset(at: time))
            seconds = Int((local - (local / 86400).rounded(.down) * 86400).rounded(.down))
            return "\(TimeAxis.twoDigits(seconds / 3600)):\(TimeAxis.twoDigits(seconds / 60 % 60)):\(TimeAxis.twoDigits(seconds % 60))"
        }
    }

    /// A duration as a clock, `m:ss` or `h:mm:ss` (`5:47`, `1:02:03`), for table columns.
    package static func durationClock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let hours = total / 3600, minutes = total / 60 % 60, rest = total % 60
        return hours > 0 ? "\(hours):\(TimeAxis.twoDigits(minutes)):\(TimeAxis.twoDigits(rest))" : "\(minutes):\(TimeAxis.twoDigits(rest))"
    }

    /// `850 m` or `12.3 km`.
    package static func distanceText(_ meters: Double) -> String {
        meters < 1000 ? "\(Int(meters.rounded())) m" : "\((meters / 100).rounded() / 10) km"
    }

    /// `text` padded with spaces to `width` characters (left-aligned), or right-aligned.
    package static func padded(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }

    /// `42 %` (rounded; `<1 %` for small non-zero shares).
    package static func percent(_ share: Double) -> String {
        let value = share * 100
        if value > 0 && value < 0.5 { return "<1 %" }
        return "\(Int(value.rounded())) %"
    }
}

import Foundation
import Locomotion

/// Maps times (seconds, the trace's clock) to horizontal pixels and chooses
/// readable tick marks: relative `h:mm` from an origin, or clock time in a zone.
package struct TimeAxis: Sendable {
    /// How tick labels read.
    package enum Labels: Sendable {
        /// Time since `origin` (seconds), `h:mm` or `m:ss`; for traces on an arbitrary clock.
        case relative(origin: Double)
        /// Local clock time in the zone, `HH:mm` or `HH:mm:ss`, with the date where it changes;
        /// for traces stamped in Unix time.
        case absolute(TimeZone)
        /// Local clock time in the zone in force at each time (a participant who travelled): as ``absolute(_:)``,
        /// each change of zone moving the clock at its instant.
        case scheduled(ZoneSchedule)
    }

    /// One tick: where, and what it says.
    package struct Tick: Sendable, Hashable {
        package var time: Double
        package var label: String
        /// The date (`YYYY-MM-DD`) under the first tick and where the local day changes; absolute labels only.
        package var date: String?
    }

    /// The time range shown, in seconds (`end > start`).
    package var start: Double
    package var end: Double
    /// The horizontal pixel range the time range maps onto.
    package var left: Double
    package var right: Double
    package var labels: Labels

    /// The pixel of `time`: linear, `start` ↦ `left`, `end` ↦ `right`.
    package func x(_ time: Double) -> Double {
        left + (time - start) / (end - start) * (right - left)
    }

    /// Tick spacings to choose from, in seconds: round numbers on a clock.
    package static let spacings: [Double] = [
        1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800,
        3600, 7200, 10800, 21600, 43200, 86400, 2 * 86400, 7 * 86400, 14 * 86400, 28 * 86400,
    ]

    /// The smallest round spacing giving at most `maximumCount` ticks.
    package func spacing(maximumCount: Int) -> Double {
        let span = end - start
        return Self.spacings.first { span / $0 <= Double(max(1, maximumCount)) } ?? (span / Double(max(1, maximumCount))).rounded(.up)
    }

    /// Ticks at multiples of a round spacing (in local time for absolute labels, in the zone in force for scheduled
    /// ones), at most `maximumCount` (about: a change of zone may add one).
    package func ticks(maximumCount: Int) -> [Tick] {
        let step = spacing(maximumCount: maximumCount)
        var ticks: [Tick] = []
        // A tick within a thousandth of the range before the start still counts (a trace starting at 08:00:00.3).
        let tolerance = (end - start) / 1000
        var previousDay: Int?
        let pieces = self.pieces()
        for (index, piece) in pieces.enumerated() {
            let isFirst = index == 0, isLast = index == pieces.count - 1
            // Tick times are multiples of `step` in (time + shift).
            var multiple = ((piece.start + piece.shift - (isFirst ? tolerance : 0)) / step).rounded(.up)
            while true {
                let time = multiple * step - piece.shift
                if isLast ? time > end + tolerance : time >= piece.end { break }
                // Just after a change of zone the new clock's first round time may fall close to the old clock's
                // last tick: the labels would overlap, so it is left out.
                if let last = ticks.last, time - last.time < step / 2 {
                    multiple += 1
                    continue
                }
                ticks.append(tick(at: time, shiftedBy: piece.shift, step: step, previousDay: &previousDay))
                multiple += 1
            }
        }
        return ticks
    }

    /// The shown range cut where the clock changes (scheduled labels: at each change of zone inside it), each piece
    /// with the shift (s) from the trace's clock to the labels' clock.
    private func pieces() -> [(start: Double, end: Double, shift: Double)] {
        switch labels {
        case .relative(let origin): return [(start, end, -origin)]
        case .absolute(let zone): return [(start, end, Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: start))))]
        case .scheduled(let zones):
            let cuts = zones.changes.map(\.time).filter { $0 > start && $0 < end }
            let starts = [start] + cuts, ends = cuts + [end]
            return zip(starts, ends).map { ($0, $1, Double(zones.offset(at: $0))) }
        }
    }

    private func tick(at time: Double, shiftedBy shift: Double, step: Double, previousDay: inout Int?) -> Tick {
        let shifted = (time + shift).rounded()
        switch labels {
        case .relative:
            let sign = shifted < 0 ? "−" : ""
            let seconds = Int(abs(shifted))
            let label = step >= 60
                ? "\(sign)\(seconds / 3600):\(Self.twoDigits(seconds / 60 % 60))"
                : "\(sign)\(seconds / 60):\(Self.twoDigits(seconds % 60))"
            return Tick(time: time, label: label)
        case .absolute, .scheduled:
            let day = Int((shifted / 86400).rounded(.down))
            let secondOfDay = Int(shifted) - day * 86400
            var label = "\(Self.twoDigits(secondOfDay / 3600)):\(Self.twoDigits(secondOfDay / 60 % 60))"
            if step < 60 { label += ":\(Self.twoDigits(secondOfDay % 60))" }
            let date = day != previousDay ? Self.isoDate(daysSince1970: day) : nil
            previousDay = day
            return Tick(time: time, label: label, date: date)
        }
    }

    /// A title for the axis naming the clock (and, for relative labels, whether ticks at `spacing`
    /// seconds read h:mm or m:ss).
    package func title(spacing: Double) -> String {
        switch labels {
        case .relative: return spacing >= 60 ? "time since the first sample (h:mm)" : "time since the first sample (m:ss)"
        case .absolute(let zone):
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: start))
            let hours = abs(offset) / 3600, minutes = abs(offset) / 60 % 60
            let utc = offset == 0 ? "UTC" : "UTC\(offset < 0 ? "−" : "+")\(Self.twoDigits(hours)):\(Self.twoDigits(minutes))"
            return Self.isUniversal(zone) ? "time (UTC)" : "time (\(zone.identifier), \(utc))"
        case .scheduled:
            let names = zoneName(from: start, to: end) ?? ""
            return names.contains("→") ? "local time (\(names))" : "time (\(names))"
        }
    }

    /// The name of the zone (or zones, in order, `Europe/Rome → America/New_York`) in force from `start` to `end`;
    /// nil for relative labels.
    package func zoneName(from start: Double, to end: Double) -> String? {
        var axis = self
        axis.start = start
        axis.end = end
        switch labels {
        case .relative: return nil
        case .absolute(let zone): return Self.isUniversal(zone) ? "UTC" : zone.identifier
        case .scheduled(let zones):
            var names: [String] = []
            for (start, _, _) in axis.pieces() {
                let zone = zones.zone(at: start)
                let name = Self.isUniversal(zone) ? "UTC" : zone.identifier
                if names.last != name { names.append(name) }
            }
            return names.joined(separator: " → ")
        }
    }

    /// True for UTC under any of its names (Foundation on Linux calls it GMT).
    package static func isUniversal(_ zone: TimeZone) -> Bool {
        ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Z"].contains(zone.identifier)
    }

    package static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// `YYYY-MM-DD` of a day number (days since 1970-01-01, proleptic Gregorian; H. Hinnant's algorithm).
    package static func isoDate(daysSince1970 days: Int) -> String {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return "\(year)-\(twoDigits(month))-\(twoDigits(day))"
    }
}

extension TimeAxis.Labels {
    /// The UTC offset (s) of the clock at `time`: the zone's (absolute), the zone in force's (scheduled), 0 for
    /// relative labels. With `reference`, one zone's offset is taken at `reference` instead (a range is labelled in
    /// the offset of its start) — a schedule's always at `time`.
    package func offset(at time: Double, else reference: Double? = nil) -> Int {
        switch self {
        case .relative: return 0
        case .absolute(let zone): return zone.secondsFromGMT(for: Date(timeIntervalSince1970: reference ?? time))
        case .scheduled(let zones): return zones.offset(at: time)
        }
    }
}

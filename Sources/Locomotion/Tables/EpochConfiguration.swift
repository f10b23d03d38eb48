import Foundation

extension RecordingTables {
    /// How ``EpochAccumulator`` cuts time into epochs and days.
    ///
    /// Epochs start on local-time boundaries: with a length of 60 s every epoch is one local minute, with 900 s a
    /// quarter of an hour from the day start on. Local time follows `timeZone` (daylight saving included), so a
    /// spring-forward day has 23 h of epochs and a fall-back day 25 h; every instant belongs to exactly one epoch.
    package struct Configuration: Sendable, Hashable, Codable {
        /// Length of an epoch in seconds; it must divide a day (86 400 s), e.g. 1, 5, 15, 30, 60, 300, 900, 3600.
        package var length: Int
        /// The zones whose local time places epoch boundaries and days: one, or a participant's travels.
        package var zones: ZoneSchedule
        /// The zone whose local time places epoch boundaries and days (the first of ``zones``; setting it makes
        /// ``zones`` that one zone).
        package var timeZone: TimeZone {
            get { zones.initial }
            set { zones = ZoneSchedule(newValue) }
        }
        /// Seconds after local midnight at which each day starts (0: midnight); a multiple of `length`, so that no
        /// epoch straddles two days. The same rule as ``Odometer/Configuration/dayStart``.
        package var dayStart: Int
        /// The longest interval between consecutive samples (s) that counts as covered by data; a longer one is a
        /// gap, never filled. Pass the classifier's ``ActivityClassifier/Configuration/maximumGap`` so that gaps
        /// are the same ones the classifier reports as unknown.
        package var maximumGap: Double

        /// One-minute epochs on local midnight, gaps longer than a second.
        package init(length: Int = 60, timeZone: TimeZone, dayStart: Int = 0, maximumGap: Double = 1) {
            self.length = length
            self.zones = ZoneSchedule(timeZone)
            self.dayStart = dayStart
            self.maximumGap = maximumGap
        }

        /// Epochs and days on the local time of `zones`, otherwise as above.
        package init(length: Int = 60, zones: ZoneSchedule, dayStart: Int = 0, maximumGap: Double = 1) {
            self.init(length: length, timeZone: zones.initial, dayStart: dayStart, maximumGap: maximumGap)
            self.zones = zones
        }

        /// Seconds in a day.
        package static let secondsPerDay = 86_400

        /// Why the configuration cannot be used, or nil when it can.
        package var problem: String? {
            guard length > 0, Self.secondsPerDay % length == 0 else {
                return "the epoch length must be a whole number of seconds that divides a day (86400 s), not \(length)"
            }
            guard (0..<Self.secondsPerDay).contains(dayStart), dayStart % length == 0 else {
                return "the day start must be within the day and a multiple of the epoch length (\(length) s), not \(dayStart) s"
            }
            guard maximumGap > 0, maximumGap.isFinite else {
                return "the maximum gap must be a positive number of seconds, not \(maximumGap)"
            }
            return nil
        }
    }
}

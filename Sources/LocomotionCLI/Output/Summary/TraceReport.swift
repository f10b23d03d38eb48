import LocomotionIO
import LocomotionEvaluation

/// What `locomotion summarize` reports about one trace: a plain value, filled
/// from a ``TraceAnalysis`` and written as text for people or JSON for scripts.
/// Times in seconds (the trace's clock), distances in metres.
struct TraceReport: Sendable, Hashable, Codable {
    /// Where the data came from.
    struct Source: Sendable, Hashable, Codable {
        var trace: String
        var samples: Int
        /// Nominal rate from the median sampling interval, Hz.
        var samplingRate: Double?
        var start: Double
        var end: Double
        var fixes: String?
        var fixCount: Int?
        /// The zone of clock times and days (IANA name).
        var timeZone: String
    }

    /// One maximal stretch of one activity.
    struct ActivityRow: Sendable, Hashable, Codable {
        var start: Double
        var end: Double
        var activity: String
        var confidence: String
    }

    /// Time spent in one activity.
    struct ActivityTotal: Sendable, Hashable, Codable {
        var activity: String
        var seconds: Double
        /// Share of the trace's duration, 0…1.
        var share: Double
    }

    /// Steps and cadence, as `locomotion steps` reports them.
    struct Steps: Sendable, Hashable, Codable {
        var count: Int
        /// Walking bouts found.
        var bouts: Int
        /// Time in bouts, seconds.
        var walkingSeconds: Double
        /// Mean cadence while walking, steps per minute; nil without bouts.
        var stepsPerMinute: Double?
    }

    /// Distance on one local day.
    struct Day: Sendable, Hashable, Codable {
        var day: String
        var distanceMeters: Double
        var acceptedFixes: Int
        var rejectedJumps: Int
        var rejectedInaccurate: Int
        var rejectedNotMoving: Int
    }

    /// Recording modes and what low power saved.
    struct Gating: Sendable, Hashable, Codable {
        var policy: String
        var highAccuracySeconds: Double
        var lowPowerSeconds: Double
        var gapSeconds: Double
        var switches: Int
        /// Low-power share of the time with input (gaps excluded), 0…1.
        var lowPowerShare: Double
        /// The power figures assumed, milliwatts.
        var highAccuracyMilliwatts: Double
        var lowPowerMilliwatts: Double
        /// Share of the sensor energy of always-high-accuracy recording that the gate saved, 0…1 (model).
        var energySavedShare: Double
    }

    var source: Source
    var activities: [ActivityRow]
    var activityTotals: [ActivityTotal]
    var steps: Steps?
    var days: [Day]?
    var gating: Gating
    /// What is missing from the report, and why.
    var notes: [String]
}

extension TraceReport.Gating {
    /// Default power figures for the energy estimate, milliwatts (``RecordingEnergyModel``'s: assumptions, not
    /// measurements; pass your device's).
    static let defaultHighAccuracyMilliwatts = RecordingEnergyModel.defaultHighAccuracyMilliwatts
    static let defaultLowPowerMilliwatts = RecordingEnergyModel.defaultLowPowerMilliwatts
}

@_spi(Tuning) import Locomotion

/// Gating decisions scored against ground-truth activity.
///
/// Truth segments fall into four categories under the policy: *recorded*
/// (an activity the policy records), *still* (stationary), *unrecorded
/// moving* (e.g. automotive under on-foot) and *unknown* (not scored).
/// Consecutive truth segments of one category form a *bout*. Each bout has a
/// settling allowance at its start — the onset allowance for recorded bouts,
/// the stop timeout for still bouts, the switch timeout for unrecorded moving
/// bouts — and the rest of it is *steady* time. Precise definitions in
/// Docs/gating.md.
package struct GateTruthComparison: Sendable, Hashable, Codable {
    /// Seconds not counted at the start of a recorded bout.
    package var onsetAllowance: Double
    /// Truth seconds of recorded activities, and the share of them in high accuracy.
    package var recordedTime: Double
    package var recordedHighAccuracyShare: Double
    /// The share of recorded-activity time in high accuracy, not counting the
    /// first `onsetAllowance` seconds of each recorded bout (target ≥ 0.95).
    package var recordedHighAccuracyShareAfterOnset: Double
    /// Recorded-activity seconds that count for the after-onset share.
    package var recordedTimeAfterOnset: Double
    /// Truth seconds of stationary, and the share in low power (gaps count as low power).
    package var stillTime: Double
    package var stillLowPowerShare: Double
    /// The same, not counting the first stop-timeout seconds of each still bout (target ≥ 0.95).
    package var stillLowPowerShareAfterStopTimeout: Double
    /// Still seconds that count for the after-stop-timeout share.
    package var stillTimeAfterStopTimeout: Double
    /// Truth seconds of moving activities the policy does not record, and the share in low power.
    package var unrecordedMovingTime: Double
    package var unrecordedMovingLowPowerShare: Double
    /// The same, not counting the first switch-timeout seconds of each such bout.
    package var unrecordedMovingLowPowerShareAfterSwitchTimeout: Double
    /// Unrecorded moving seconds that count for the after-switch-timeout share.
    package var unrecordedMovingTimeAfterSwitchTimeout: Double
    /// Per truth activity: seconds and share in high accuracy.
    package var activities: [ActivityModeShare]
    /// Recorded bouts, and for each the delay in seconds from its start to
    /// the first high-accuracy moment within it (bouts never recorded are `missedBouts`).
    package var recordedBouts: Int
    package var onsetDelays: [Double]
    package var missedBouts: Int
    /// Median and largest onset delay in seconds (0 without onsets).
    package var medianOnsetDelay: Double
    package var maximumOnsetDelay: Double
    /// Steady seconds (bouts less their allowances, unknown excluded), mode
    /// switches within them, and switches per steady hour (target ≤ 2).
    package var steadyTime: Double
    package var steadySwitches: Int
    package var steadySwitchesPerHour: Double
    /// Per clock hour of the inputs' time (`floor(t / 3600)`), the
    /// completeness of recording of recorded-activity time.
    package var hours: [HourCompleteness]
    package var completeHours: Int
    package var incompleteHours: Int
    package var lostHours: Int

    /// An hour counts only with at least this much recorded-activity truth time (seconds).
    package static let minimumMovingTimePerHour = 60.0
    /// Hour status thresholds on the recorded share of moving time.
    package static let completeShare = 0.95
    package static let lostShare = 0.05

    init(timeline: ModeTimeline, truth: [ActivitySegment], configuration: RecordingGate.Configuration, onsetAllowance: Double) {
        self.onsetAllowance = onsetAllowance
        let policy = configuration.policy

        // Per-activity shares.
        var byActivity: [MotionActivity: (time: Double, high: Double)] = [:]
        for segment in truth where segment.duration > 0 {
            let high = timeline.highTime(from: segment.start, to: segment.end)
            byActivity[segment.activity, default: (0, 0)].time += segment.duration
            byActivity[segment.activity, default: (0, 0)].high += high
        }
        activities = MotionActivity.allCases.compactMap { activity in
            guard let entry = byActivity[activity], entry.time > 0 else { return nil }
            return ActivityModeShare(activity: activity, time: entry.time, highAccuracyShare: entry.high / entry.time)
        }

        // Bouts of one category.
        let bouts = Bout.bouts(of: truth, policy: policy)
        var recorded = (time: 0.0, high: 0.0, steadyTime: 0.0, steadyHigh: 0.0)
        var still = (time: 0.0, high: 0.0, steadyTime: 0.0, steadyHigh: 0.0)
        var riding = (time: 0.0, high: 0.0, steadyTime: 0.0, steadyHigh: 0.0)
        var delays: [Double] = []
        var missed = 0
        var steady = 0.0
        var steadyIntervals: [(Double, Double)] = []
        for bout in bouts {
            let allowance: Double
            switch bout.category {
            case .recorded: allowance = onsetAllowance
            case .still: allowance = configuration.stopTimeout
            case .unrecordedMoving: allowance = configuration.switchTimeout
            case .unknown: continue
            }
            let high = timeline.highTime(from: bout.start, to: bout.end)
            let steadyStart = min(bout.end, bout.start + allowance)
            let steadyHigh = timeline.highTime(from: steadyStart, to: bout.end)
            let steadyLength = bout.end - steadyStart
            if steadyLength > 0 {
                steady += steadyLength
                steadyIntervals.append((steadyStart, bout.end))
            }
            let totals = (bout.end - bout.start, high, steadyLength, steadyHigh)
            switch bout.category {
            case .recorded:
                recorded = (recorded.0 + totals.0, recorded.1 + totals.1, recorded.2 + totals.2, recorded.3 + totals.3)
                if let first = timeline.nextHighAccuracy(from: bout.start), first < bout.end {
                    delays.append(first - bout.start)
                } else {
                    missed += 1
                }
            case .still:
                still = (still.0 + totals.0, still.1 + totals.1, still.2 + totals.2, still.3 + totals.3)
            case .unrecordedMoving:
                riding = (riding.0 + totals.0, riding.1 + totals.1, riding.2 + totals.2, riding.3 + totals.3)
            case .unknown:
                break
            }
        }
        func share(_ part: Double, _ whole: Double) -> Double { whole > 0 ? part / whole : 0 }
        recordedTime = recorded.time
        recordedHighAccuracyShare = share(recorded.high, recorded.time)
        recordedHighAccuracyShareAfterOnset = share(recorded.steadyHigh, recorded.steadyTime)
        recordedTimeAfterOnset = recorded.steadyTime
        stillTime = still.time
        stillLowPowerShare = share(still.time - still.high, still.time)
        stillLowPowerShareAfterStopTimeout = share(still.steadyTime - still.steadyHigh, still.steadyTime)
        stillTimeAfterStopTimeout = still.steadyTime
        unrecordedMovingTime = riding.time
        unrecordedMovingLowPowerShare = share(riding.time - riding.high, riding.time)
        unrecordedMovingLowPowerShareAfterSwitchTimeout = share(riding.steadyTime - riding.steadyHigh, riding.steadyTime)
        unrecordedMovingTimeAfterSwitchTimeout = riding.steadyTime
        recordedBouts = bouts.filter { $0.category == .recorded }.count
        onsetDelays = delays
        missedBouts = missed
        let sortedDelays = delays.sorted()
        medianOnsetDelay = sortedDelays.isEmpty ? 0 : sortedDelays.count % 2 == 1
            ? sortedDelays[sortedDelays.count / 2]
            : (sortedDelays[sortedDelays.count / 2 - 1] + sortedDelays[sortedDelays.count / 2]) / 2
        maximumOnsetDelay = sortedDelays.last ?? 0

        // Switches inside steady time (intervals are disjoint and ordered).
        var switchCount = 0
        var interval = 0
        let segments = timeline.segments
        for i in segments.indices.dropFirst() where segments[i].mode != segments[i - 1].mode {
            let time = segments[i].start
            while interval < steadyIntervals.count && steadyIntervals[interval].1 < time { interval += 1 }
            if interval < steadyIntervals.count && steadyIntervals[interval].0 < time && time < steadyIntervals[interval].1 {
                switchCount += 1
            }
        }
        steadyTime = steady
        steadySwitches = switchCount
        steadySwitchesPerHour = steady > 0 ? Double(switchCount) / (steady / 3600) : 0

        // Per-hour completeness of recorded-activity time.
        var perHour: [Int: (moving: Double, recorded: Double)] = [:]
        for bout in bouts where bout.category == .recorded {
            var hour = Int((bout.start / 3600).rounded(.down))
            while Double(hour) * 3600 < bout.end {
                let from = max(bout.start, Double(hour) * 3600)
                let to = min(bout.end, Double(hour + 1) * 3600)
                if to > from {
                    perHour[hour, default: (0, 0)].moving += to - from
                    perHour[hour, default: (0, 0)].recorded += timeline.highTime(from: from, to: to)
                }
                hour += 1
            }
        }
        hours = perHour.keys.sorted().compactMap { hour in
            let entry = perHour[hour]!
            guard entry.moving >= Self.minimumMovingTimePerHour else { return nil }
            return HourCompleteness(hourStart: Double(hour) * 3600, movingTime: entry.moving, recordedTime: entry.recorded)
        }
        completeHours = hours.filter { $0.status == .complete }.count
        incompleteHours = hours.filter { $0.status == .incomplete }.count
        lostHours = hours.filter { $0.status == .lost }.count
    }
}

/// Seconds of one truth activity and the share of them in high accuracy.
package struct ActivityModeShare: Sendable, Hashable, Codable {
    package var activity: MotionActivity
    package var time: Double
    package var highAccuracyShare: Double
}

/// How completely one clock hour's recorded-activity time was recorded.
package struct HourCompleteness: Sendable, Hashable, Codable {
    /// How completely: ≥ 95 % recorded, under 5 %, or in between.
    package enum Status: String, Sendable, Hashable, Codable {
        case complete, incomplete, lost
    }
    /// Start of the hour in seconds (a multiple of 3600 in the inputs' clock).
    package var hourStart: Double
    /// Truth seconds of recorded activities in the hour.
    package var movingTime: Double
    /// Of those, seconds in high accuracy.
    package var recordedTime: Double
    /// `recordedTime / movingTime`.
    package var recordedShare: Double
    package var status: Status

    init(hourStart: Double, movingTime: Double, recordedTime: Double) {
        self.hourStart = hourStart
        self.movingTime = movingTime
        self.recordedTime = recordedTime
        recordedShare = movingTime > 0 ? recordedTime / movingTime : 0
        status = recordedShare >= GateTruthComparison.completeShare ? .complete
            : recordedShare < GateTruthComparison.lostShare ? .lost : .incomplete
    }
}

/// A maximal run of truth segments of one category under a policy.
struct Bout: Hashable {
    enum Category: Hashable { case recorded, still, unrecordedMoving, unknown }
    var category: Category
    var start: Double
    var end: Double

    static func category(of activity: MotionActivity, policy: RecordingGate.Policy) -> Category {
        if policy.records(activity) { return .recorded }
        switch activity {
        case .stationary: return .still
        case .unknown: return .unknown
        default: return .unrecordedMoving
        }
    }

    /// Merges consecutive truth segments of one category; a hole between
    /// segments ends a bout.
    static func bouts(of truth: [ActivitySegment], policy: RecordingGate.Policy) -> [Bout] {
        var bouts: [Bout] = []
        for segment in truth where segment.duration > 0 {
            let category = category(of: segment.activity, policy: policy)
            if var last = bouts.last, last.category == category, last.end == segment.start {
                last.end = segment.end
                bouts[bouts.count - 1] = last
            } else {
                bouts.append(Bout(category: category, start: segment.start, end: segment.end))
            }
        }
        return bouts
    }
}

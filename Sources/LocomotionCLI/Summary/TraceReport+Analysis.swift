import Locomotion
import LocomotionEvaluation

extension TraceReport {
    /// The report of `analysis`, with `timeZone` naming the zone of days and clock times, and the
    /// power figures (milliwatts) of the energy estimate.
    init(analysis: TraceAnalysis, fixesPath: String?, timeZone: String,
         highAccuracyMilliwatts: Double, lowPowerMilliwatts: Double) {
        source = Source(trace: analysis.file, samples: analysis.sampleCount, samplingRate: analysis.samplingRate,
                        start: analysis.start, end: analysis.end, fixes: fixesPath, fixCount: analysis.fixCount,
                        timeZone: timeZone)
        notes = []

        activities = analysis.activities.map {
            ActivityRow(start: $0.start, end: $0.end, activity: $0.activity.rawValue, confidence: $0.confidence.rawValue)
        }
        let duration = analysis.end - analysis.start
        activityTotals = MotionActivity.allCases.compactMap { activity in
            let seconds = analysis.activities.filter { $0.activity == activity }.reduce(0) { $0 + $1.duration }
            return seconds > 0 ? ActivityTotal(activity: activity.rawValue, seconds: seconds,
                                               share: duration > 0 ? seconds / duration : 0) : nil
        }

        if analysis.stepsRefused {
            notes.append("No steps counted: the trace is sampled too sparsely (see Docs/steps.md).")
        } else {
            let detection = analysis.steps
            steps = Steps(count: detection.steps.count, bouts: detection.bouts.count,
                          walkingSeconds: detection.walkingDuration, stepsPerMinute: detection.stepsPerMinute)
        }

        if let odometer = analysis.odometer {
            days = (odometer.history + (odometer.undated.map { [$0] } ?? [])).map { tally in
                Day(day: tally.day?.description ?? "undated", distanceMeters: tally.distance,
                    acceptedFixes: tally.acceptedFixes, rejectedJumps: tally.rejectedJumps,
                    rejectedInaccurate: tally.rejectedInaccurate, rejectedNotMoving: tally.rejectedNotMoving)
            }
        } else {
            notes.append("No distance: pass --fixes FILE (CSV, GPX or NMEA) for the distance per day.")
        }

        let summary = ReplaySummary(segments: analysis.modes, sampleTimes: [Double](), truth: nil,
                                    configuration: analysis.gating)
        let covered = summary.highAccuracyTime + summary.lowPowerTime
        gating = Gating(
            policy: summary.policy, highAccuracySeconds: summary.highAccuracyTime, lowPowerSeconds: summary.lowPowerTime,
            gapSeconds: summary.gapTime, switches: summary.switches,
            lowPowerShare: covered > 0 ? summary.lowPowerTime / covered : 0,
            highAccuracyMilliwatts: highAccuracyMilliwatts, lowPowerMilliwatts: lowPowerMilliwatts,
            energySavedShare: Gating.energySavedShare(
                highAccuracySeconds: summary.highAccuracyTime, lowPowerSeconds: summary.lowPowerTime,
                highAccuracyMilliwatts: highAccuracyMilliwatts, lowPowerMilliwatts: lowPowerMilliwatts))
    }
}

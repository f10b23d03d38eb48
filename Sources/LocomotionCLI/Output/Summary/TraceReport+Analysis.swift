import LocomotionIO
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
        activityTotals = analysis.activityTotals.map {
            ActivityTotal(activity: $0.activity.rawValue, seconds: $0.duration, share: $0.share)
        }

        if analysis.stepsRefused {
            notes.append("No steps counted: the trace is sampled too sparsely (see Docs/steps.md).")
        } else {
            let detection = analysis.steps
            steps = Steps(count: detection.steps.count, bouts: detection.bouts.count,
                          walkingSeconds: detection.walkingDuration, stepsPerMinute: detection.stepsPerMinute)
        }

        if let tallies = analysis.days {
            days = tallies.map { tally in
                Day(day: tally.day?.description ?? "undated", distanceMeters: tally.distance,
                    acceptedFixes: tally.acceptedFixes, rejectedJumps: tally.rejectedJumps,
                    rejectedInaccurate: tally.rejectedInaccurate, rejectedNotMoving: tally.rejectedNotMoving)
            }
        } else {
            notes.append("No distance: pass --fixes FILE (CSV, GPX or NMEA) for the distance per day.")
        }

        let modes = analysis.modeTotals
        let covered = modes.highAccuracyTime + modes.lowPowerTime
        let energy = RecordingEnergyModel(highAccuracyMilliwatts: highAccuracyMilliwatts, lowPowerMilliwatts: lowPowerMilliwatts)
        gating = Gating(
            policy: modes.policy, highAccuracySeconds: modes.highAccuracyTime, lowPowerSeconds: modes.lowPowerTime,
            gapSeconds: modes.gapTime, switches: modes.switches,
            lowPowerShare: covered > 0 ? modes.lowPowerTime / covered : 0,
            highAccuracyMilliwatts: highAccuracyMilliwatts, lowPowerMilliwatts: lowPowerMilliwatts,
            energySavedShare: energy.energySavedShare(highAccuracySeconds: modes.highAccuracyTime,
                                                      lowPowerSeconds: modes.lowPowerTime))
    }
}

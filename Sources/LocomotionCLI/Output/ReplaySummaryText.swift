import LocomotionIO
import Locomotion
import LocomotionEvaluation

/// The replay summary as `key=value` lines for stderr (the JSON form has the same fields).
enum ReplaySummaryText {
    static func render(_ summary: ReplaySummary) -> String {
        func number(_ value: Double, _ digits: Int = 1) -> String { NumberText.rounded(value, digits) }
        func percent(_ share: Double) -> String { number(share * 100) + "%" }
        var lines = [
            "policy=\(summary.policy)",
            "duration_s=\(number(summary.duration))",
            "high_accuracy_s=\(number(summary.highAccuracyTime)) (\(percent(summary.highAccuracyShare)))",
            "low_power_s=\(number(summary.lowPowerTime)) (\(percent(summary.lowPowerShare)))",
            "gap_s=\(number(summary.gapTime)) gaps=\(summary.gaps)",
            "switches=\(summary.switches) (\(number(summary.switchesPerHour, 2)) per hour)",
            "samples=\(summary.samples) recorded_samples=\(summary.recordedSamples) (\(percent(summary.recordedSampleShare)))",
        ]
        if let loop = summary.closedLoop {
            let rows = loop.samplesReceived + loop.samplesNotReceived
            lines.append("closed_loop samples_received=\(loop.samplesReceived) (\(percent(rows > 0 ? Double(loop.samplesReceived) / Double(rows) : 0))) fixes_received=\(loop.fixesReceived) fixes_not_received=\(loop.fixesNotReceived)")
        }
        if let truth = summary.truth {
            lines += [
                "recorded_activity_s=\(number(truth.recordedTime)) high_accuracy=\(percent(truth.recordedHighAccuracyShare)) after_onset_\(number(truth.onsetAllowance, 0))s=\(percent(truth.recordedHighAccuracyShareAfterOnset))",
                "onset_delay_s median=\(number(truth.medianOnsetDelay)) max=\(number(truth.maximumOnsetDelay)) bouts=\(truth.recordedBouts) missed=\(truth.missedBouts)",
                "still_s=\(number(truth.stillTime)) low_power=\(percent(truth.stillLowPowerShare)) after_stop_timeout=\(percent(truth.stillLowPowerShareAfterStopTimeout))",
                "unrecorded_moving_s=\(number(truth.unrecordedMovingTime)) low_power=\(percent(truth.unrecordedMovingLowPowerShare)) after_switch_timeout=\(percent(truth.unrecordedMovingLowPowerShareAfterSwitchTimeout))",
                "steady_switches=\(truth.steadySwitches) (\(number(truth.steadySwitchesPerHour, 2)) per steady hour over \(number(truth.steadyTime / 3600, 2)) h)",
                "hours complete=\(truth.completeHours) incomplete=\(truth.incompleteHours) lost=\(truth.lostHours)",
            ]
            for activity in truth.activities {
                lines.append("activity=\(activity.activity) s=\(number(activity.time)) high_accuracy=\(percent(activity.highAccuracyShare))")
            }
        }
        for row in summary.activityAgreement ?? [] {
            let shares = row.reported.sorted { $0.value > $1.value }
                .map { "\($0.key)=\(percent(row.time > 0 ? $0.value / row.time : 0))" }.joined(separator: " ")
            lines.append("truth=\(row.truth) reported_as \(shares)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

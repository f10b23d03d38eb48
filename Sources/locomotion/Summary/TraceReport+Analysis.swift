import Locomotion

extension TraceReport {
    /// The report of `analysis`, with `timeZone` naming the zone of days and clock times.
    init(analysis: TraceAnalysis, fixesPath: String?, timeZone: String, power: (highAccuracy: Double, lowPower: Double)) {
        source = Source(trace: analysis.trace.file, samples: analysis.trace.samples.count, samplingRate: analysis.samplingRate,
                        start: analysis.start, end: analysis.end, fixes: fixesPath, fixCount: analysis.fixes?.count,
                        timeZone: timeZone)
        missing = analysis.missing
        if let segments = analysis.activities {
            activities = segments.map {
                ActivityRow(start: $0.start, end: $0.end, activity: $0.activity.rawValue, confidence: $0.confidence.rawValue)
            }
            let duration = analysis.end - analysis.start
            activityTotals = MotionActivity.allCases.compactMap { activity in
                let seconds = segments.filter { $0.activity == activity }.reduce(0) { $0 + $1.duration }
                return seconds > 0 ? ActivityTotal(activity: activity.rawValue, seconds: seconds,
                                                   share: duration > 0 ? seconds / duration : 0) : nil
            }
        }
        if let times = analysis.stepTimes { steps = Steps(stepTimes: times) }
    }
}

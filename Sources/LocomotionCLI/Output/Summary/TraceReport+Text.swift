import LocomotionIO
extension TraceReport {
    /// Segments listed one by one up to this many; beyond, only those of at least ``listedMinimumDuration``.
    static let listedSegmentLimit = 30
    /// Shortest segment listed when there are many, seconds.
    static let listedMinimumDuration = 60.0

    /// The report for people: a few short sections, times in `labels`' clock.
    func text(labels: TimeAxis.Labels) -> String {
        var lines: [String] = []
        lines.append("Locomotion summary: \(ReportText.fileName(source.trace))")
        var sourceLine = ReportText.rangeText(start: source.start, end: source.end, labels: labels)
        sourceLine += " · \(ReportText.grouped(source.samples)) samples"
        if let rate = source.samplingRate { sourceLine += " at \(ReportText.grouped(Int(rate.rounded()))) Hz" }
        if let fixes = source.fixes, let count = source.fixCount {
            sourceLine += " · \(ReportText.grouped(count)) fixes from \(ReportText.fileName(fixes))"
        }
        lines.append(sourceLine)

        lines.append("")
        lines += activityLines(activities, labels: labels)
        if let steps {
            lines.append("")
            var line = "Steps: \(ReportText.grouped(steps.count))"
            line += " in \(steps.bouts) walking bout\(steps.bouts == 1 ? "" : "s")"
            if steps.bouts > 0 { line += " (\(ReportText.durationText(steps.walkingSeconds)))" }
            if let cadence = steps.stepsPerMinute { line += " · cadence \(Int(cadence.rounded())) steps/min while walking" }
            lines.append(line)
        }
        if let days {
            lines.append("")
            lines += distanceLines(days)
        }
        lines.append("")
        lines += gatingLines(gating)
        if !notes.isEmpty {
            lines.append("")
            lines += notes
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func activityLines(_ rows: [ActivityRow], labels: TimeAxis.Labels) -> [String] {
        var lines = ["Activity: \(rows.count) segment\(rows.count == 1 ? "" : "s")"]
        let listed = rows.count <= Self.listedSegmentLimit ? rows : rows.filter { $0.end - $0.start >= Self.listedMinimumDuration }
        let timeWidth = max(8, listed.map { ReportText.timeText($0.end, labels: labels).count }.max() ?? 8)
        lines.append("  " + ReportText.padded("start", timeWidth) + "  " + ReportText.padded("end", timeWidth)
                     + "  duration  activity    confidence")
        for row in listed {
            lines.append("  " + ReportText.padded(ReportText.timeText(row.start, labels: labels), timeWidth)
                         + "  " + ReportText.padded(ReportText.timeText(row.end, labels: labels), timeWidth)
                         + "  " + ReportText.padded(ReportText.durationClock(row.end - row.start), 8, right: true)
                         + "  " + ReportText.padded(row.activity, 10) + "  " + row.confidence)
        }
        if listed.count < rows.count {
            lines.append("  (\(rows.count - listed.count) segments shorter than \(Int(Self.listedMinimumDuration)) s "
                         + "not listed; `locomotion label` lists every one)")
        }
        if !activityTotals.isEmpty {
            lines.append("  Time in each: " + activityTotals.map {
                "\($0.activity) \(ReportText.durationText($0.seconds)) (\(ReportText.percent($0.share)))"
            }.joined(separator: " · "))
        }
        return lines
    }

    private func distanceLines(_ days: [Day]) -> [String] {
        var lines = ["Distance per day (\(source.timeZone))"]
        if days.isEmpty {
            lines.append("  no dated fixes")
            return lines
        }
        lines.append("  day         distance  fixes used  jumps  inaccurate  not moving")
        for day in days {
            lines.append("  " + ReportText.padded(day.day, 10)
                         + "  " + ReportText.padded(ReportText.distanceText(day.distanceMeters), 8, right: true)
                         + "  " + ReportText.padded(ReportText.grouped(day.acceptedFixes), 10, right: true)
                         + "  " + ReportText.padded(ReportText.grouped(day.rejectedJumps), 5, right: true)
                         + "  " + ReportText.padded(ReportText.grouped(day.rejectedInaccurate), 10, right: true)
                         + "  " + ReportText.padded(ReportText.grouped(day.rejectedNotMoving), 10, right: true))
        }
        if days.count > 1 {
            let total = days.reduce(0) { $0 + $1.distanceMeters }
            lines.append("  " + ReportText.padded("total", 10) + "  " + ReportText.padded(ReportText.distanceText(total), 8, right: true))
        }
        return lines
    }

    private func gatingLines(_ gating: Gating) -> [String] {
        let covered = gating.highAccuracySeconds + gating.lowPowerSeconds
        func share(_ seconds: Double) -> String { covered > 0 ? " (\(ReportText.percent(seconds / covered)))" : "" }
        var lines = ["Recording modes (policy \(gating.policy))"]
        lines.append("  high-accuracy  " + ReportText.padded(ReportText.durationText(gating.highAccuracySeconds), 10, right: true)
                     + share(gating.highAccuracySeconds))
        lines.append("  low-power      " + ReportText.padded(ReportText.durationText(gating.lowPowerSeconds), 10, right: true)
                     + share(gating.lowPowerSeconds))
        if gating.gapSeconds > 0 {
            lines.append("  gaps (no input)" + ReportText.padded(ReportText.durationText(gating.gapSeconds), 11, right: true))
        }
        lines.append("  \(gating.switches) switch\(gating.switches == 1 ? "" : "es"). Low power saved "
                     + "\(ReportText.percent(gating.lowPowerShare)) of the recording time and about "
                     + "\(ReportText.percent(gating.energySavedShare)) of the sensor energy")
        lines.append("  (model: \(ReportText.grouped(Int(gating.highAccuracyMilliwatts.rounded()))) mW at high accuracy, "
                     + "\(ReportText.grouped(Int(gating.lowPowerMilliwatts.rounded()))) mW at low power; "
                     + "set with --high-accuracy-milliwatts, --low-power-milliwatts).")
        return lines
    }
}

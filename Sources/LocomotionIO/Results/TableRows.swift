import Foundation
import Locomotion

/// The rows of every table the tool writes (``ResultTable``), as CSV lines or JSON Lines objects, each with its
/// line break: the columns come from the table, so the header and every row agree.
package enum TableRows {
    /// One value of a row: text, a number (nil: empty / null) or a flag.
    package enum Value {
        case text(String)
        case number(String?)
        case flag(Bool)
    }

    /// The tables of a cohort run (`epochs`, `daily`, and `--also`).
    package enum Table: String, CaseIterable, Sendable {
        case epochs, daily, segments, participants, bouts

        /// The `--output-dir` suffix of the table (before `.csv` / `.jsonl`).
        package var suffix: String { "." + rawValue }

        /// The table's columns.
        package var table: ResultTable { ResultTable(rawValue: rawValue)! }

        package var columns: [String] { table.columnNames }
    }

    package static func header(_ table: Table, format: OutputFormat) -> String {
        table.table.header(format)
    }

    package static func epoch(_ epoch: EpochSummary, file: String, participant: String, format: OutputFormat) -> String {
        var values: [Value] = [.text(file), .text(participant), .text(epoch.day.description),
                               .number(time(epoch.start)), .number(time(epoch.end)),
                               .text(localTime(epoch.start, offset: epoch.utcOffset)), .text(epoch.tally.activity.rawValue)]
        values += MotionActivity.allCases.map { .number(NumberText.decimals(epoch.tally.activities[$0], 3)) }
        values += [.number(String(epoch.tally.steps)), .number(epoch.tally.stepsPerMinute.map { NumberText.decimals($0, 2) }),
                   .number(NumberText.decimals(epoch.tally.distance, 2)), .number(epoch.tally.highAccuracyShare.map { NumberText.decimals($0, 4) }),
                   .number(NumberText.decimals(epoch.coverage, 4)), .number(NumberText.decimals(epoch.tally.carriedSeconds, 3))]
        return line(values, table: .epochs, format: format)
    }

    /// A row of the daily table; `timeZone` gives the local times of the first and last sample.
    package static func day(_ day: DaySummary, participant: String, timeZone: TimeZone, format: OutputFormat) -> String {
        Self.day(day, participant: participant, zones: ZoneSchedule(timeZone), format: format)
    }

    /// A row of the daily table; `zones` gives the local times of the first and last sample (each in the zone of
    /// its instant).
    package static func day(_ day: DaySummary, participant: String, zones: ZoneSchedule, format: OutputFormat) -> String {
        func local(_ time: Double?) -> Value {
            guard let time else { return .number(nil) }
            return .text(localTime(time, offset: zones.offset(at: time)))
        }
        var values: [Value] = [.text(participant), .text(day.day.description), .number(time(day.start)), .number(time(day.end)),
                               .number(String(day.tally.steps)), .number(day.tally.stepsPerMinute.map { NumberText.decimals($0, 2) })]
        values += MotionActivity.allCases.map { .number(NumberText.decimals(day.tally.activities[$0] / 60, 2)) }
        values += [.number(NumberText.decimals(day.tally.distance, 2)), .number(String(day.tally.bouts)),
                   .number(day.tally.longestBout.map { NumberText.decimals($0.duration, 2) }),
                   .number(day.tally.longestBout.map { String($0.stepCount) }),
                   .number(day.tally.highAccuracyShare.map { NumberText.decimals($0, 4) }), .number(NumberText.decimals(day.coveredHours, 3)),
                   .number(day.tally.firstSample.map(time)), .number(day.tally.lastSample.map(time)),
                   local(day.tally.firstSample), local(day.tally.lastSample),
                   .flag(day.hasTooLittleData), .number(NumberText.decimals(day.carriedHours, 3)), .flag(day.isValid),
                   cadence(day.minuteCadences.peak(minutes: 1)), cadence(day.minuteCadences.peak(minutes: 30)),
                   cadence(day.minuteCadences.quantile(0.95))]
        values += day.minuteCadences.bandMinutes.map { .number(String($0)) }
        return line(values, table: .daily, format: format)
    }

    package static func segment(_ segment: ActivitySegment, file: String, participant: String, format: OutputFormat) -> String {
        line([.text(file), .text(participant), .number(time(segment.start)), .number(time(segment.end)),
              .text(segment.activity.rawValue), .text(segment.confidence.rawValue)], table: .segments, format: format)
    }

    /// A row of the person-level table: `participant` over their valid days.
    package static func participant(_ summary: ParticipantSummary, participant: String, format: OutputFormat) -> String {
        var values: [Value] = [.text(participant), .number(String(summary.dayCount)), .number(String(summary.validDayCount)),
                               .number(summary.stepsPerDayMean.map { NumberText.decimals($0, 1) }),
                               .number(summary.stepsPerDayMedian.map { NumberText.decimals($0, 1) })]
        values += MotionActivity.allCases.map { activity in .number(summary.activitiesPerDay.map { NumberText.decimals($0[activity] / 60, 2) }) }
        values += [.number(summary.distancePerDay.map { NumberText.decimals($0, 2) }),
                   .number(summary.carriedHoursPerDay.map { NumberText.decimals($0, 3) }),
                   cadence(summary.cadencePeak1), cadence(summary.cadencePeak30), cadence(summary.cadencePercentile95)]
        return line(values, table: .participants, format: format)
    }

    /// A row of the walking-bout table.
    package static func bout(_ bout: WalkingBout, file: String, participant: String, format: OutputFormat) -> String {
        line([.text(file), .text(participant), .number(time(bout.start)), .number(time(bout.end)),
              .number(NumberText.decimals(bout.duration, 3)), .number(String(bout.stepCount)),
              cadence(bout.stepsPerMinute)], table: .bouts, format: format)
    }

    /// A cadence (steps/min) to two decimals, empty when there is none.
    private static func cadence(_ value: Double?) -> Value { .number(value.map { NumberText.decimals($0, 2) }) }

    /// A row of `table`: `values` in the order of its columns.
    package static func line(_ values: [Value], table: ResultTable, format: OutputFormat) -> String {
        switch format {
        case .csv:
            return values.map { value in
                switch value {
                case .text(let text): csvField(text)
                case .number(let number): number ?? ""
                case .flag(let flag): flag ? "true" : "false"
                }
            }.joined(separator: ",") + "\n"
        case .json:
            return "{" + zip(table.columnNames, values).map { column, value in
                let encoded = switch value {
                case .text(let text): JSONObject.string(text)
                case .number(let number): number ?? "null"
                case .flag(let flag): flag ? "true" : "false"
                }
                return "\"\(column)\":\(encoded)"
            }.joined(separator: ",") + "}\n"
        }
    }

    /// A time in seconds as the input's clock gives it (to the microsecond; whole seconds without decimals).
    package static func time(_ value: Double) -> String { NumberText.decimals(value, 6) }


    /// The local wall-clock time of `time` at UTC offset `offset` (s), ISO 8601 with the offset:
    /// `2026-03-29T03:00:00+02:00`. An offset with seconds (local mean time before a zone's standard time,
    /// Africa/Monrovia's −00:43:08 until 1972) keeps them, `1900-01-01T00:00:00-00:43:08` (ISO 8601's extended
    /// form, as Python's `datetime.fromisoformat` reads it), so the text names the same instant as `time`.
    package static func localTime(_ time: Double, offset: Int) -> String {
        let local = time + Double(offset)
        guard local.isFinite, local.magnitude < 1e15 else { return "" }
        let whole = Int(local.rounded(.down))
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let second = whole - days * 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let sign = offset < 0 ? "-" : "+"
        let offsetMinutes = abs(offset) / 60
        let offsetSeconds = abs(offset) % 60
        return "\(LocalDay(daysSince1970: days))T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))"
            + "\(sign)\(two(offsetMinutes / 60)):\(two(offsetMinutes % 60))"
            + (offsetSeconds == 0 ? "" : ":\(two(offsetSeconds))")
    }

    // MARK: The other commands' tables

    /// A row of `label`'s table: an activity segment, times as the input's clock gives them. In JSON with the
    /// rule, the temporal model's transition (absent for the rule-only model, the warm-up and gaps), the reason in
    /// words and the feature values of `explanation`, the update that opened the segment.
    package static func activity(_ segment: ActivitySegment, _ explanation: ActivityExplanation, format: OutputFormat) -> String {
        switch format {
        case .csv:
            return line([.number("\(segment.start)"), .number("\(segment.end)"), .text("\(segment.activity)"),
                         .text("\(segment.confidence)")], table: .activity, format: .csv)
        case .json:
            var features = JSONObject()
            for (name, value) in explanation.features.sorted(by: { $0.key < $1.key }) {
                features.add(name, number: NumberText.json(value))
            }
            var row = JSONObject()
            row.add("start", number: NumberText.json(segment.start))
            row.add("end", number: NumberText.json(segment.end))
            row.add("activity", "\(segment.activity)")
            row.add("confidence", "\(segment.confidence)")
            row.add("rule", explanation.rule.rawValue)
            if let transition = explanation.transition { row.add("transition", transition) }
            row.add("reason", explanation.reason)
            row.add("features", features)
            return row.line
        }
    }

    /// A row of `steps --events`: the time of one step.
    package static func stepTime(_ time: Double, format: OutputFormat) -> String {
        line([.number(format == .csv ? "\(time)" : NumberText.json(time))], table: .stepTimes, format: format)
    }

    /// A row of `steps`' summary table: steps, cadence while walking, bouts and walking time of a trace.
    package static func steps(_ result: StepDetection, format: OutputFormat) -> String {
        line([.number(String(result.steps.count)), .number(result.stepsPerMinute.map { NumberText.decimals($0, 2) }),
              .number(String(result.bouts.count)), .number(NumberText.decimals(result.walkingDuration, 2))],
             table: .steps, format: format)
    }

    /// `steps`' summary of one trace as `key=value` lines (the columns of ``ResultTable/steps``).
    package static func stepsText(_ result: StepDetection) -> String {
        let values = [String(result.steps.count), result.stepsPerMinute.map { NumberText.decimals($0, 2) } ?? "",
                      String(result.bouts.count), NumberText.decimals(result.walkingDuration, 2)]
        return zip(ResultTable.steps.columnNames, values).map { "\($0)=\($1)\n" }.joined()
    }

    /// A row of `distance`'s table: one local day's tally (or the undated fixes'); with `details`, a row of
    /// ``ResultTable/distanceDetails``.
    package static func distance(_ tally: DailyDistance, format: OutputFormat, details: Bool = false) -> String {
        let counts = [tally.acceptedFixes, tally.rejectedJumps, tally.rejectedInaccurate, tally.rejectedNotMoving,
                      tally.rejectedOutOfOrder, tally.rejectedInvalid, tally.reanchors]
        var values: [Value] = [.text(tally.day?.description ?? "undated"), .number(NumberText.fixed(tally.distance, 3))]
            + counts.map { .number(String($0)) }
        if details {
            values += [tally.rejectedSpikes, tally.rejectedStill, tally.speedSteps].map { .number(String($0)) }
                + [.number(NumberText.fixed(tally.speedAddedDistance, 3)), .number(String(tally.sparseChordSteps))]
        }
        return line(values, table: details ? .distanceDetails : .distance, format: format)
    }

    /// A row of `replay`'s table: a recording-mode segment, times with millisecond resolution (the inputs'
    /// precision, without binary-fraction noise such as `…454.5690002`). In JSON also the rule and the trigger of
    /// the reason.
    package static func mode(_ segment: RecordingGate.Segment, format: OutputFormat) -> String {
        let values: [Value] = [.number(NumberText.fixed(segment.start, 3)), .number(NumberText.fixed(segment.end, 3)),
                               .text(segment.mode.rawValue), .text(segment.reason.code)]
        switch format {
        case .csv:
            return line(values, table: .modes, format: .csv)
        case .json:
            var row = line(values, table: .modes, format: .json)
            row.removeLast(2)  // "}\n": the reason's parts follow
            return row + ",\"rule\":" + JSONObject.string(segment.reason.rule.rawValue)
                + ",\"trigger\":" + JSONObject.string(segment.reason.trigger.rawValue) + "}\n"
        }
    }

    /// A row of `carry`'s table: a stretch of one carry state from `start` to `end` (s, the input's clock), opened by
    /// `update`. In JSON also the evidence of that update (g): `excess_g` and `noise_g`.
    package static func carry(start: Double, end: Double, update: CarryUpdate, format: OutputFormat) -> String {
        switch format {
        case .csv:
            return line([.number("\(start)"), .number("\(end)"), .text(update.state.rawValue),
                         .text(update.reason.rawValue)], table: .carry, format: .csv)
        case .json:
            var row = JSONObject()
            row.add("start", number: NumberText.json(start))
            row.add("end", number: NumberText.json(end))
            row.add("state", update.state.rawValue)
            row.add("reason", update.reason.rawValue)
            row.add("excess_g", number: NumberText.json(update.excessDeviation))
            row.add("noise_g", number: NumberText.json(update.noiseDeviation))
            return row.line
        }
    }
}

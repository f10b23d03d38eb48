import Foundation
import Locomotion

/// The rows of `epochs`, `daily` and the segments table as CSV lines or JSON Lines objects: the columns in one
/// place, so the header and every row agree and the Spark job reads one schema (Docs/cohorts.md lists them).
package enum TableRows {
    /// One value of a row: text, a number (nil: empty / null) or a flag.
    package enum Value {
        case text(String)
        case number(String?)
        case flag(Bool)
    }

    /// The tables a run can write.
    package enum Table: String, CaseIterable, Sendable {
        case epochs, daily, segments

        /// The `--output-dir` suffix of the table (before `.csv` / `.jsonl`).
        package var suffix: String { "." + rawValue }

        package var columns: [String] {
            switch self {
            case .epochs:
                ["file", "participant", "day", "start", "end", "local_start", "activity"]
                    + MotionActivity.allCases.map { "\($0)_s" }
                    + ["steps", "cadence_spm", "distance_m", "high_accuracy_share", "coverage"]
            case .daily:
                ["participant", "day", "start", "end", "steps", "cadence_spm"]
                    + MotionActivity.allCases.map { "\($0)_min" }
                    + ["distance_m", "walking_bouts", "longest_bout_s", "longest_bout_steps", "high_accuracy_share",
                       "hours_with_data", "first_sample", "last_sample", "first_local", "last_local", "low_data"]
            case .segments:
                ["file", "participant", "start", "end", "activity", "confidence"]
            }
        }
    }

    package static func header(_ table: Table, format: OutputFormat) -> String {
        format == .csv ? table.columns.joined(separator: ",") + "\n" : ""
    }

    package static func epoch(_ epoch: EpochSummary, file: String, participant: String, format: OutputFormat) -> String {
        var values: [Value] = [.text(file), .text(participant), .text(epoch.day.description),
                               .number(time(epoch.start)), .number(time(epoch.end)),
                               .text(localTime(epoch.start, offset: epoch.utcOffset)), .text(epoch.tally.activity.rawValue)]
        values += MotionActivity.allCases.map { .number(NumberText.decimals(epoch.tally.activities[$0], 3)) }
        values += [.number(String(epoch.tally.steps)), .number(epoch.tally.stepsPerMinute.map { NumberText.decimals($0, 2) }),
                   .number(NumberText.decimals(epoch.tally.distance, 2)), .number(epoch.tally.highAccuracyShare.map { NumberText.decimals($0, 4) }),
                   .number(NumberText.decimals(epoch.coverage, 4))]
        return line(values, table: .epochs, format: format)
    }

    /// A row of the daily table; `timeZone` gives the local times of the first and last sample.
    package static func day(_ day: DaySummary, participant: String, timeZone: TimeZone, format: OutputFormat) -> String {
        func local(_ time: Double?) -> Value {
            guard let time else { return .number(nil) }
            return .text(localTime(time, offset: timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: time))))
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
                   .flag(day.hasTooLittleData)]
        return line(values, table: .daily, format: format)
    }

    package static func segment(_ segment: ActivitySegment, file: String, participant: String, format: OutputFormat) -> String {
        line([.text(file), .text(participant), .number(time(segment.start)), .number(time(segment.end)),
              .text(segment.activity.rawValue), .text(segment.confidence.rawValue)], table: .segments, format: format)
    }

    private static func line(_ values: [Value], table: Table, format: OutputFormat) -> String {
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
            return "{" + zip(table.columns, values).map { column, value in
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
    /// `2026-03-29T03:00:00+02:00`.
    package static func localTime(_ time: Double, offset: Int) -> String {
        let local = time + Double(offset)
        guard local.isFinite, local.magnitude < 1e15 else { return "" }
        let whole = Int(local.rounded(.down))
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let second = whole - days * 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let sign = offset < 0 ? "-" : "+"
        let offsetMinutes = abs(offset) / 60
        return "\(LocalDay(daysSince1970: days))T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))"
            + "\(sign)\(two(offsetMinutes / 60)):\(two(offsetMinutes % 60))"
    }
}

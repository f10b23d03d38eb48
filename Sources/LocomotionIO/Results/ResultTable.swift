import Locomotion

/// One column of a table the tool writes: its name and the type of its values (what a reader that types them takes
/// them as — the Spark job's Parquet schema). Every value may be empty (null).
package struct ResultColumn: Sendable, Hashable {
    /// The types of values.
    package enum Kind: String, Sendable {
        case string, double, long, boolean
    }

    package var name: String
    package var kind: Kind

    package init(_ name: String, _ kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

/// Every table the tool writes, its columns defined here once: the header of a CSV output and the keys of a JSON
/// Lines output come from ``columns`` (the JSON of `label`, `replay` and `carry` adds keys after them), the row writers of
/// ``TableRows`` fill them in that order, the Spark job's schema (`Integrations/spark/locomotion_spark/tables.json`)
/// is generated from them (``sparkSchema``) and `Docs/cohorts.md` lists them; tests fail when either drifts.
package enum ResultTable: String, CaseIterable, Sendable {
    /// `locomotion label`: one row per activity segment.
    case activity
    /// `locomotion steps --events`: one row per step.
    case stepTimes = "step-times"
    /// `locomotion steps`: the summary of a trace, one row (several inputs into one table).
    case steps
    /// `locomotion distance`: one row per local day (and one for undated fixes).
    case distance
    /// `locomotion distance --details`: ``distance``'s columns, then every step dropped or shortened by reason and how
    /// steps were measured.
    case distanceDetails = "distance-details"
    /// `locomotion replay`: one row per recording-mode segment.
    case modes
    /// `locomotion carry`: one row per stretch carried, not carried or unknown.
    case carry
    /// `locomotion epochs`: one row per epoch.
    case epochs
    /// `locomotion daily`: one row per participant and local day.
    case daily
    /// `epochs`/`daily --also segments`: the activity segments of a cohort.
    case segments
    /// `daily --also participants`: one row per participant over their valid days.
    case participants
    /// `epochs`/`daily --also bouts`: one row per walking bout.
    case bouts

    package var columns: [ResultColumn] {
        let activities = MotionActivity.allCases
        switch self {
        case .activity:
            return [.init("start", .double), .init("end", .double), .init("activity", .string), .init("confidence", .string)]
        case .stepTimes:
            return [.init("timestamp", .double)]
        case .steps:
            return [.init("steps", .long), .init("cadence_spm", .double), .init("bouts", .long), .init("walking_s", .double)]
        case .distance:
            return [.init("day", .string), .init("distance_m", .double)]
                + ["accepted_fixes", "rejected_jumps", "rejected_inaccurate", "rejected_not_moving", "rejected_out_of_order",
                   "rejected_invalid", "reanchors"].map { .init($0, .long) }
        case .distanceDetails:
            return ResultTable.distance.columns
                + ["rejected_spikes", "rejected_still", "speed_steps"].map { .init($0, .long) }
                + [.init("speed_added_m", .double), .init("sparse_chord_steps", .long)]
        case .modes:
            return [.init("start", .double), .init("end", .double), .init("mode", .string), .init("reason", .string)]
        case .carry:
            return [.init("start", .double), .init("end", .double), .init("state", .string), .init("reason", .string)]
        case .epochs:
            return [.init("file", .string), .init("participant", .string), .init("day", .string), .init("start", .double),
                    .init("end", .double), .init("local_start", .string), .init("activity", .string)]
                + activities.map { .init("\($0)_s", .double) }
                + [.init("steps", .long), .init("cadence_spm", .double), .init("distance_m", .double),
                   .init("high_accuracy_share", .double), .init("coverage", .double), .init("carried_s", .double)]
        case .daily:
            return [.init("participant", .string), .init("day", .string), .init("start", .double), .init("end", .double),
                    .init("steps", .long), .init("cadence_spm", .double)]
                + activities.map { .init("\($0)_min", .double) }
                + [.init("distance_m", .double), .init("walking_bouts", .long), .init("longest_bout_s", .double),
                   .init("longest_bout_steps", .long), .init("high_accuracy_share", .double),
                   .init("hours_with_data", .double), .init("first_sample", .double), .init("last_sample", .double),
                   .init("first_local", .string), .init("last_local", .string), .init("low_data", .boolean),
                   .init("carried_hours", .double), .init("valid", .boolean), .init("cadence_peak1_spm", .double),
                   .init("cadence_peak30_spm", .double), .init("cadence_p95_spm", .double)]
                + ResultTable.cadenceBandColumns.map { .init($0, .long) }
        case .segments:
            return [.init("file", .string), .init("participant", .string), .init("start", .double), .init("end", .double),
                    .init("activity", .string), .init("confidence", .string)]
        case .participants:
            return [.init("participant", .string), .init("days", .long), .init("valid_days", .long),
                    .init("steps_per_day_mean", .double), .init("steps_per_day_median", .double)]
                + activities.map { .init("\($0)_min_per_day", .double) }
                + [.init("distance_m_per_day", .double), .init("carried_hours_per_day", .double),
                   .init("cadence_peak1_spm", .double), .init("cadence_peak30_spm", .double), .init("cadence_p95_spm", .double)]
        case .bouts:
            return [.init("file", .string), .init("participant", .string), .init("start", .double), .init("end", .double),
                    .init("duration_s", .double), .init("steps", .long), .init("cadence_spm", .double)]
        }
    }

    /// The daily table's minutes in each cadence band (``MinuteCadences/bandLowerBounds``): `cadence_0_min`,
    /// `cadence_1_19_min`, … `cadence_120_plus_min`.
    static var cadenceBandColumns: [String] {
        let bounds = MinuteCadences.bandLowerBounds
        return bounds.indices.map { band in
            if band + 1 == bounds.count { return "cadence_\(bounds[band])_plus_min" }
            let upper = bounds[band + 1] - 1
            return upper == bounds[band] ? "cadence_\(upper)_min" : "cadence_\(bounds[band])_\(upper)_min"
        }
    }

    /// The column names, in order.
    package var columnNames: [String] { columns.map(\.name) }

    /// The header line of a CSV output (with its line break); JSON Lines have none (empty).
    package func header(_ format: OutputFormat) -> String {
        format == .csv ? columnNames.joined(separator: ",") + "\n" : ""
    }

    /// The tables the Spark job reads, as its package ships them (`locomotion_spark/tables.json`): for each, the
    /// columns as `[name, type]` pairs, one table a line. Generated from ``columns``; a test compares the file.
    package static var sparkSchema: String {
        let tables: [ResultTable] = [.epochs, .daily, .segments, .participants, .bouts]
        let lines = tables.map { table in
            "  \"\(table.rawValue)\": [" + table.columns.map { "[\"\($0.name)\", \"\($0.kind.rawValue)\"]" }
                .joined(separator: ", ") + "]"
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }
}

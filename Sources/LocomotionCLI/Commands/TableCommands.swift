import ArgumentParser
import LocomotionIO

/// `locomotion epochs`: one row per epoch of each participant's recording.
struct EpochsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "epochs",
        abstract: "Write one row per epoch (default a local minute): activity, steps, distance, recording mode, coverage.",
        discussion: """
            Columns: file, participant, day (the local date it belongs to), start, end (s, the input's clock), \
            local_start (ISO 8601 with the UTC offset), activity (the one with most seconds), stationary_s … unknown_s (seconds of each activity), \
            steps, cadence_spm (steps per minute while walking), distance_m (with fixes), high_accuracy_share \
            (share of the epoch in the --policy's high-accuracy mode), coverage (share of the epoch with data), carried_s \
            (seconds the phone was carried).

            Epochs start on local-time boundaries of --time-zone (23-hour and 25-hour days at DST changes). Every \
            epoch from the first sample to the last gets a row, also inside gaps (coverage 0, activity unknown): \
            gaps are never filled. A participant's files (--participant, --participant-from) are read as one \
            recording in time order. Docs/cohorts.md.

            \(InputOptions.manyInputsHelp(
                files: "DIR/PARTICIPANT.epochs.csv (.epochs.jsonl with --format json)",
                combined: "one table (every row names its participant)"))

            Examples:
              locomotion epochs day.csv --time-zone Europe/Zurich --fixes day-fixes.csv
              locomotion epochs cohort --participant-from '{participant}/*.csv' \\
                  --time-zone Europe/Zurich --companion-fixes --output-dir tables --also daily
              locomotion epochs cohort --participant-from '{participant}/*.csv' --shard 3/10 --output-dir tables
            """
    )

    @OptionGroup var options: TableCommandOptions

    func run() async throws {
        try await TableCommandRun(table: .epochs, options: options).run()
    }
}

/// `locomotion daily`: one row per participant and local day.
struct DailyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daily",
        abstract: "Write one row per participant and local day: steps, minutes per activity, distance, bouts, hours with data.",
        discussion: """
            Columns: participant, day (local date), start, end (s, the input's clock: the day's first and last \
            epoch), steps, cadence_spm (steps per minute while walking), stationary_min … unknown_min, distance_m \
            (with fixes), walking_bouts, longest_bout_s, longest_bout_steps, high_accuracy_share, hours_with_data, \
            first_sample, last_sample (s), first_local, last_local (ISO 8601 with the UTC offset), low_data (true \
            when the day has fewer than --minimum-hours of data: flagged, never dropped), carried_hours, valid (true \
            when carried at least --minimum-carried-hours, default 10), cadence_peak1_spm, cadence_peak30_spm (mean \
            steps/min of the day's best 1 and 30 carried minutes), cadence_p95_spm, cadence_0_min … \
            cadence_120_plus_min (carried minutes in the cadence bands 0, 1–19, …, 100–119, ≥ 120 steps/min).

            With --output-dir, --also participants writes one row per participant over their valid days (valid_days, \
            steps per day mean and median, minutes per activity and distance per day, cadence peaks), --also bouts \
            one row per walking bout (start, end, duration_s, steps, cadence_spm).

            Days are local days of --time-zone from --day-start (23 and 25 hours at DST changes). A bout counts on \
            the day it ends. A participant's files (--participant, --participant-from) are read as one recording \
            in time order. Docs/cohorts.md.

            \(InputOptions.manyInputsHelp(
                files: "DIR/PARTICIPANT.daily.csv (.daily.jsonl with --format json)",
                combined: "one table (every row names its participant)"))

            Examples:
              locomotion daily week.csv --time-zone America/New_York
              locomotion daily cohort --participant-from '{participant}/*.csv' \\
                  --time-zone America/New_York --companion-fixes > daily.csv
            """
    )

    @OptionGroup var options: TableCommandOptions

    func run() async throws {
        try await TableCommandRun(table: .daily, options: options).run()
    }
}

/// What `epochs` and `daily` take: the two differ only in the table they write first (the other one with `--also`).
struct TableCommandOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "Accelerometer traces (CSV timestamp,x,y,z[,label], or JSON Lines): files, folders (their .csv files), patterns, or '-' alone for standard input.",
        valueName: "trace"))
    var traces: [String]

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Epoch length in seconds of the epochs table; it must divide a day (e.g. 15, 30, 60, 300, 900, 3600).",
        valueName: "seconds"))
    var epoch: Int = 60

    @OptionGroup var table: TableOptions
    @OptionGroup var options: TracesOptions
    @OptionGroup var classifier: ClassifierOptions
    @OptionGroup var smoothing: SmoothingOptions
}

import LocomotionIO
import ArgumentParser

struct EpochsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "epochs",
        abstract: "Write one row per epoch (default a local minute): activity, steps, distance, recording mode, coverage.",
        discussion: """
            Columns: file, participant, day (the local date it belongs to), start, end (s, the input's clock), \
            local_start (ISO 8601 with the UTC offset), activity (the one with most seconds), stationary_s … unknown_s (seconds of each activity), \
            steps, cadence_spm (steps per minute while walking), distance_m (with fixes), high_accuracy_share \
            (share of the epoch in the --policy's high-accuracy mode), coverage (share of the epoch with data).

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

    @Argument(help: ArgumentHelp(
        "Accelerometer traces (CSV timestamp,x,y,z[,label], or JSON Lines): files, folders (their .csv files), patterns, or '-' alone for standard input.",
        valueName: "trace"))
    var traces: [String]

    @Option(parsing: .unconditional, help: ArgumentHelp("Epoch length in seconds; it must divide a day (e.g. 15, 30, 60, 300, 900, 3600).", valueName: "seconds"))
    var epoch: Int = 60

    @OptionGroup var tableOptions: TableOptions
    @OptionGroup var traceOptions: TraceOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var classifierOptions: ClassifierOptions
    @OptionGroup var smoothingOptions: SmoothingOptions

    func run() async throws {
        try await TableCommandRun(table: .epochs, traces: traces, epochLength: epoch, tableOptions: tableOptions,
                                  traceOptions: traceOptions, outputOptions: outputOptions, inputOptions: inputOptions,
                                  classifierOptions: classifierOptions, smoothingOptions: smoothingOptions).run()
    }
}

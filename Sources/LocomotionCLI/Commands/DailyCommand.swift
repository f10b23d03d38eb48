import LocomotionIO
import ArgumentParser

struct DailyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daily",
        abstract: "Write one row per participant and local day: steps, minutes per activity, distance, bouts, hours with data.",
        discussion: """
            Columns: participant, day (local date), start, end (s, the input's clock: the day's first and last \
            epoch), steps, cadence_spm (steps per minute while walking), stationary_min … unknown_min, distance_m \
            (with fixes), walking_bouts, longest_bout_s, longest_bout_steps, high_accuracy_share, hours_with_data, \
            first_sample, last_sample (s), first_local, last_local (ISO 8601 with the UTC offset), low_data (true \
            when the day has fewer than --minimum-hours of data: flagged, never dropped).

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

    @Argument(help: ArgumentHelp(
        "Accelerometer traces (CSV timestamp,x,y,z[,label], or JSON Lines): files, folders (their .csv files), patterns, or '-' alone for standard input.",
        valueName: "trace"))
    var traces: [String]

    @Option(parsing: .unconditional, help: ArgumentHelp("Epoch length in seconds of the epochs table written with --also epochs.", valueName: "seconds"))
    var epoch: Int = 60

    @OptionGroup var tableOptions: TableOptions
    @OptionGroup var traceOptions: TraceOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var classifierOptions: ClassifierOptions
    @OptionGroup var smoothingOptions: SmoothingOptions

    func run() async throws {
        try await TableCommandRun(table: .daily, traces: traces, epochLength: epoch, tableOptions: tableOptions,
                                  traceOptions: traceOptions, outputOptions: outputOptions, inputOptions: inputOptions,
                                  classifierOptions: classifierOptions, smoothingOptions: smoothingOptions).run()
    }
}

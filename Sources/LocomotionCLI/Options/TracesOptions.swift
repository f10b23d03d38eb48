import ArgumentParser

/// What every command that reads many traces and writes a table takes — label, steps, distance, replay, epochs and
/// daily: how the traces are read (`--units`, `--lenient`, `--unit-check`), where the results go (`--format`,
/// `--output`) and the many-inputs options (`--jobs`, `--output-dir`, `--shard`, `--also` …). One group, so that
/// the six spell them alike.
struct TracesOptions: ParsableArguments {
    @OptionGroup var trace: TraceOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var inputs: InputOptions
}

/// Writes step times as CSV `timestamp` (one row per step, seconds): the
/// shape of `locomotion steps --events`, and of the true steps `convert`
/// writes beside a trace as `NAME.steps.csv`.
public enum StepTimesWriter {
    /// Writes `times` (seconds, increasing) to `path`; `"-"` is standard output.
    /// The file appears under `path` only once complete (see ``TraceWriter``).
    /// - Complexity: O(n).
    public static func write(_ times: [Double], to path: String) throws(OutputError) {
        let sink = try OutputFile(path: path, bufferSize: 1 << 18)
        sink.buffer.append(contentsOf: "timestamp\n".utf8)
        for time in times {
            guard time.isFinite else { throw OutputError(file: path, problem: "cannot write a non-finite step time") }
            DecimalFormatter.append(time, to: &sink.buffer)
            sink.buffer.append(UInt8(ascii: "\n"))
            try sink.flushIfFull()
        }
        try sink.commit()
    }
}

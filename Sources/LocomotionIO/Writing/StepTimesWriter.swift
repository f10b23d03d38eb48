/// Writes step times as CSV `timestamp` (one row per step, seconds): the
/// shape of `locomotion steps --events`, and of the true steps `convert`
/// writes beside a trace as `NAME.steps.csv`.
@_spi(Harness) public enum StepTimesWriter {
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

    /// Writes the intervals of untimed true steps (``ConvertedRecording/untimedSteps``) as CSV `after,before`
    /// (seconds, one row per step): what `convert` writes beside a trace as `NAME.untimed-steps.csv`. O(n).
    public static func writeUntimed(_ steps: [ClosedRange<Double>], to path: String) throws(OutputError) {
        let sink = try OutputFile(path: path, bufferSize: 1 << 16)
        sink.buffer.append(contentsOf: "after,before\n".utf8)
        for step in steps {
            guard step.lowerBound.isFinite, step.upperBound.isFinite else {
                throw OutputError(file: path, problem: "cannot write a non-finite step interval")
            }
            DecimalFormatter.append(step.lowerBound, to: &sink.buffer)
            sink.buffer.append(UInt8(ascii: ","))
            DecimalFormatter.append(step.upperBound, to: &sink.buffer)
            sink.buffer.append(UInt8(ascii: "\n"))
            try sink.flushIfFull()
        }
        try sink.commit()
    }
}

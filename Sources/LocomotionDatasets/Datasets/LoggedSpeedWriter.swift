import LocomotionIO

/// Writes logged speeds as CSV `timestamp,speed,accuracy` (seconds, m/s, m; an empty accuracy when there is none):
/// what `convert --from us-tm2017` writes beside a trace as `NAME.speeds.csv`.
package enum LoggedSpeedWriter {
    /// The header row.
    package static let header = "timestamp,speed,accuracy\n"

    /// Writes `speeds` to `path`; `"-"` is standard output. The file appears under `path` only once complete (see
    /// ``TraceWriter``).
    /// - Throws: ``OutputError`` for a time or speed that is not finite, or when writing fails.
    /// - Complexity: O(n).
    package static func write(_ speeds: [LoggedSpeed], to path: String) throws(OutputError) {
        let sink = try OutputFile(path: path, bufferSize: 1 << 16)
        sink.buffer.append(contentsOf: header.utf8)
        for speed in speeds {
            guard speed.time.isFinite, speed.metersPerSecond.isFinite else {
                throw OutputError(file: path, problem: "cannot write a non-finite time or speed")
            }
            DecimalFormatter.append(speed.time, to: &sink.buffer)
            sink.buffer.append(UInt8(ascii: ","))
            DecimalFormatter.append(speed.metersPerSecond, to: &sink.buffer)
            sink.buffer.append(UInt8(ascii: ","))
            if let accuracy = speed.accuracy, accuracy.isFinite { DecimalFormatter.append(accuracy, to: &sink.buffer) }
            sink.buffer.append(UInt8(ascii: "\n"))
            try sink.flushIfFull()
        }
        try sink.commit()
    }
}

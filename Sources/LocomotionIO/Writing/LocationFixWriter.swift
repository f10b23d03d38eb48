import Locomotion

/// Writes location fixes as CSV `timestamp,latitude,longitude,horizontal_accuracy,speed`
/// (the fixes format of `Docs/formats.md`); a missing accuracy or speed is an
/// empty field. Values round-trip exactly. Buffered like ``TraceWriter``.
@_spi(Harness) public struct LocationFixWriter {
    private let sink: OutputFile
    private var finished = false

    /// Opens `path` (a temporary file beside it until ``finish()``, as
    /// ``TraceWriter`` does) and writes the header; `"-"` is standard output.
    public init(path: String) throws(OutputError) {
        sink = try OutputFile(path: path, bufferSize: 1 << 18)
        sink.buffer.append(contentsOf: "timestamp,latitude,longitude,horizontal_accuracy,speed\n".utf8)
    }

    /// Appends one fix.
    ///
    /// - Throws: ``OutputError`` for a non-finite time or coordinate, or when writing fails.
    /// - Complexity: O(1).
    public mutating func write(_ fix: LocationFix) throws(OutputError) {
        guard fix.time.isFinite && fix.latitude.isFinite && fix.longitude.isFinite else {
            throw OutputError(file: sink.path, problem: "cannot write a fix with a non-finite value at time \(fix.time)")
        }
        DecimalFormatter.append(fix.time, to: &sink.buffer)
        sink.buffer.append(UInt8(ascii: ","))
        DecimalFormatter.append(fix.latitude, to: &sink.buffer)
        sink.buffer.append(UInt8(ascii: ","))
        DecimalFormatter.append(fix.longitude, to: &sink.buffer)
        sink.buffer.append(UInt8(ascii: ","))
        if let accuracy = fix.horizontalAccuracy, accuracy.isFinite { DecimalFormatter.append(accuracy, to: &sink.buffer) }
        sink.buffer.append(UInt8(ascii: ","))
        if let speed = fix.speed, speed.isFinite { DecimalFormatter.append(speed, to: &sink.buffer) }
        sink.buffer.append(UInt8(ascii: "\n"))
        try sink.flushIfFull()
    }

    /// Writes out what is buffered, closes the file and renames it to `path`.
    ///
    /// - Throws: ``OutputError`` when writing, closing or renaming fails (then
    ///   `path` is left as it was).
    public mutating func finish() throws(OutputError) {
        guard !finished else { return }
        finished = true
        try sink.commit()
    }
}

/// The encodings a trace can be written and read in (``TraceWriter``, ``TraceInput``).
public enum TraceFileFormat: String, Sendable, Hashable, CaseIterable {
    /// CSV with the header `timestamp,x,y,z[,label]`: what `TraceReader` reads.
    case csv
    /// JSON Lines: one object `{"timestamp":…,"x":…,"y":…,"z":…[,"label":…]}` per sample: what
    /// `JSONLinesTraceReader` reads.
    case jsonLines = "json"
}

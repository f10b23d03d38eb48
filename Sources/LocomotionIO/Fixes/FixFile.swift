import Locomotion

/// The fixes read from one file, in file order.
public struct FixFile: Sendable {
    /// The path as given, or `"-"` for standard input.
    public var file: String
    /// The format the file was read as.
    public var format: FixFormat
    /// The fixes. A GPX point without `<time>` has a NaN `time`: it can be
    /// measured for length (`Odometer.recordUntimed(_:)` in Locomotion) but not split by day.
    public var fixes: [LocationFix]
    /// Indices into ``fixes`` where the recording was interrupted and a new
    /// segment starts (GPX `trkseg`/`trk` boundaries), ascending, never 0.
    public var segmentStarts: [Int]
    /// What lenient reading skipped, one warning per skipped row, point or sentence.
    public var warnings: [InputWarning]

    /// True when every fix has a time.
    public var isTimed: Bool { !fixes.contains { $0.time.isNaN } }

    public init(file: String, format: FixFormat, fixes: [LocationFix], segmentStarts: [Int] = [], warnings: [InputWarning] = []) {
        self.file = file
        self.format = format
        self.fixes = fixes
        self.segmentStarts = segmentStarts
        self.warnings = warnings
    }
}

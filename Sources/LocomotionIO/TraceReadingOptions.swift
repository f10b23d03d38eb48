import LocomotionDSP

/// How to read an accelerometer trace (see FORMATS.md).
public struct TraceReadingOptions: Sendable, Hashable {
    /// The unit of the x, y, z columns; samples are converted to g on reading.
    public var units: AccelerationUnit
    /// Skip bad rows with a warning each instead of stopping at the first.
    public var lenient: Bool
    /// Refuse a trace whose median magnitude says it is in the other unit.
    public var checkUnits: Bool
    /// The unit of the timestamp column; nil (the default) detects it from the first rows (seconds, milliseconds,
    /// microseconds or nanoseconds since 1970, by the rule in `Docs/formats.md`), refusing what is ambiguous.
    /// With ``checkUnits`` false, nil reads seconds. Samples come out in seconds whatever the unit.
    package var timestampUnit: TimestampUnit? = nil
    /// The names of the timestamp, x, y and z columns, in that order (`--columns`); nil finds them by the names of
    /// Locomotion's, AWARE's or RADAR-base's layout (see `Docs/formats.md`).
    package var columnNames: [String]? = nil
    /// Gaps of at most this many seconds are read as repeats of the sample before them (``GapRepeater``: a
    /// change-only collector's still time); nil (the default) leaves every gap a gap (`--repeat-gaps`).
    package var repeatGapLimit: Double? = nil
    /// The layout the traces must have (`--layout`); nil (`auto`) finds it from each header.
    package var layout: TraceLayout? = nil
    /// Decide ``units`` per trace from its first rows (`--units auto`, ``AccelerationUnitDecision``): g when their
    /// median |a| is 0.5–2, m/s² when it is 4.9–19.6, else the trace is refused. ``units`` is then not used.
    package var detectsUnits = false

    public init(units: AccelerationUnit = .g, lenient: Bool = false, checkUnits: Bool = true) {
        self.units = units
        self.lenient = lenient
        self.checkUnits = checkUnits
    }
}

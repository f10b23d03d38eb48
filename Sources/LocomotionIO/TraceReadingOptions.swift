import LocomotionDSP

/// How to read an accelerometer trace (see FORMATS.md).
public struct TraceReadingOptions: Sendable, Hashable {
    /// The unit of the x, y, z columns; samples are converted to g on reading.
    public var units: AccelerationUnit
    /// Skip bad rows with a warning each instead of stopping at the first.
    public var lenient: Bool
    /// Refuse a trace whose median magnitude says it is in the other unit.
    public var checkUnits: Bool

    public init(units: AccelerationUnit = .g, lenient: Bool = false, checkUnits: Bool = true) {
        self.units = units
        self.lenient = lenient
        self.checkUnits = checkUnits
    }
}

import LocomotionDSP

/// A reading option an ``InputError`` can suggest: what reads the input anyway, or reads it right. Its
/// ``description`` names the property an app sets; the command line names its own flag for it.
public enum ReadingOption: Sendable, Hashable, CustomStringConvertible {
    /// Skip bad rows with a warning each (``TraceReadingOptions/lenient``, ``FixReadingOptions/lenient``).
    case lenient
    /// Read without the plausibility checks of units and timestamps (``TraceReadingOptions/checkUnits`` false).
    case noUnitCheck
    /// Read the acceleration columns in this unit (``TraceReadingOptions/units``).
    case units(AccelerationUnit)

    /// The property and value, e.g. `lenient: true`.
    public var description: String {
        switch self {
        case .lenient: "lenient: true"
        case .noUnitCheck: "checkUnits: false"
        case .units(let unit): "units: .\(unit == .g ? "g" : "metersPerSecondSquared")"
        }
    }
}

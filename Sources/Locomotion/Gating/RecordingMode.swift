/// The two recording modes a collector switches between.
///
/// The raw values are the strings of the `mode` column of `locomotion replay`.
public enum RecordingMode: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Record: fine location and the accelerometer at full rate.
    case highAccuracy = "high-accuracy"
    /// Save power: coarse location, no distance updates, accelerometer off or slow.
    case lowPower = "low-power"

    public var description: String { rawValue }
}

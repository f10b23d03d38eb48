/// The unit an accelerometer reports in.
///
/// CoreMotion reports standard gravities (g); Android reports metres per second
/// squared. Locomotion computes in g throughout and converts at the edge.
public enum AccelerationUnit: String, Sendable, Hashable, Codable, CaseIterable {
    /// Standard gravities: 1 g = 9.806 65 m/s².
    case g
    /// Metres per second squared (the Android convention).
    case metersPerSecondSquared = "ms2"

    /// Standard gravity, 9.806 65 m/s² (CGPM 1901).
    public static let standardGravity = 9.80665

    /// The factor that converts a value in this unit to g.
    @inlinable
    public var toG: Double {
        switch self {
        case .g: 1
        case .metersPerSecondSquared: 1 / AccelerationUnit.standardGravity
        }
    }
}

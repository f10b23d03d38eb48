/// A three-axis vector, used for acceleration in the device frame.
///
/// The unit is whatever the producer states; inside Locomotion acceleration is
/// always in standard gravities (g), the CoreMotion convention.
public struct Vector3: Sendable, Hashable, Codable {
    /// Component along the device x axis.
    public var x: Double
    /// Component along the device y axis.
    public var y: Double
    /// Component along the device z axis.
    public var z: Double

    /// Creates a vector from its three components.
    @inlinable
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The zero vector.
    public static let zero = Vector3(x: 0, y: 0, z: 0)

    /// Euclidean length, √(x² + y² + z²), in the vector's unit.
    /// - Complexity: O(1).
    @inlinable
    public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }

    /// Dot product in the square of the vector's unit.
    /// - Complexity: O(1).
    @inlinable
    public func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

    /// Component-wise sum.
    @inlinable
    public static func + (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z)
    }

    /// Component-wise difference.
    @inlinable
    public static func - (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z)
    }

    /// Scales every component by `scalar`.
    @inlinable
    public static func * (lhs: Vector3, scalar: Double) -> Vector3 {
        Vector3(x: lhs.x * scalar, y: lhs.y * scalar, z: lhs.z * scalar)
    }

    /// True when every component is finite (no NaN, no infinity).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}

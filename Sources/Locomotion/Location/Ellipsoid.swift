/// A reference ellipsoid of revolution: the shape on which geodesic distances are measured.
public struct Ellipsoid: Sendable, Hashable, Codable {
    /// Equatorial radius (semi-major axis) in metres.
    public var equatorialRadius: Double
    /// Flattening `(a − b) / a`, dimensionless.
    public var flattening: Double

    /// Creates an ellipsoid from its equatorial radius in metres and its flattening.
    public init(equatorialRadius: Double, flattening: Double) {
        self.equatorialRadius = equatorialRadius
        self.flattening = flattening
    }

    /// WGS-84, the datum of GNSS fixes: a = 6 378 137 m, 1/f = 298.257 223 563.
    public static let wgs84 = Ellipsoid(equatorialRadius: 6_378_137, flattening: 1 / 298.257_223_563)

    /// Polar radius (semi-minor axis) `b = a (1 − f)` in metres.
    package var polarRadius: Double { equatorialRadius * (1 - flattening) }

    /// Mean radius `(2a + b) / 3` in metres (IUGG R₁), used by the spherical fallback.
    package var meanRadius: Double { (2 * equatorialRadius + polarRadius) / 3 }
}

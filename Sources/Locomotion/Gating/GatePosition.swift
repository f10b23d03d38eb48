/// A position the gate remembers: where, how well known, and since when.
struct GatePosition: Sendable, Hashable, Codable {
    var latitude: Double
    var longitude: Double
    /// Horizontal accuracy in metres (0 when the provider gave none).
    var accuracy: Double
    /// Seconds; for anchors, when the anchor was placed.
    var time: Double

    init(_ fix: LocationFix) {
        latitude = fix.latitude
        longitude = fix.longitude
        accuracy = fix.horizontalAccuracy ?? 0
        time = fix.time
    }

    /// The same place, re-timed.
    func at(_ time: Double) -> GatePosition {
        var copy = self
        copy.time = time
        return copy
    }

    /// Great-circle distance in metres: the haversine of ``Geodesic`` on a sphere of the IUGG mean Earth radius
    /// (6 371 008.8 m; within 0.5 % of the ellipsoid, ample for radii of tens of metres).
    /// - Complexity: O(1).
    func distance(to other: GatePosition) -> Double {
        Geodesic.sphericalDistance(latitude1: latitude, longitude1: longitude,
                                   latitude2: other.latitude, longitude2: other.longitude, radius: 6_371_008.8)
    }

    /// The combined uncertainty of two positions in metres: the root sum of
    /// squares of their 68 % radii (independent errors).
    func uncertainty(with other: GatePosition) -> Double {
        (accuracy * accuracy + other.accuracy * other.accuracy).squareRoot()
    }

    /// True when `other` is farther than `threshold` plus the combined uncertainty.
    func isDeparted(_ other: GatePosition, beyond threshold: Double) -> Bool {
        distance(to: other) > threshold + uncertainty(with: other)
    }
}

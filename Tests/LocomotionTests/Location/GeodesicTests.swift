import Testing
@testable import Locomotion

@Suite("Geodesic")
struct GeodesicTests {
    /// (lat1, lon1, lat2, lon2, metres) from GeographicLib 2.1 (Karney 2013),
    /// `Geodesic.WGS84.Inverse`, printed to the micrometre. The first is the
    /// Wellington → Salamanca example of GeographicLib's documentation.
    static let reference: [(Double, Double, Double, Double, Double)] = [
        (-41.32, 174.81, 40.96, -5.5, 19959679.267354),
        (40.64, -73.78, 1.36, 103.99, 15347512.940513),
        (37.423586, -122.094164, 37.423592, -122.094147, 1.645525),
        (37.4, -122.1, 37.4004, -122.1, 44.394063),
        (0, 0, 0, 0.0004, 44.527796),
        (52.52, 13.405, 48.8566, 2.3522, 879699.316129),
        (-33.8688, 151.2093, -37.8136, 144.9631, 713857.665117),
        (89.9, 0, 89.9, 180, 22338.795683),
        (0, 0, 0.5, 179.5, 19936288.578965),
        (45.0, 7.0, 45.0000001, 7.0000001, 0.013626),
    ]

    @Test("agrees with GeographicLib to 0.1 mm", arguments: 0..<reference.count)
    func matchesGeographicLib(index: Int) {
        let (lat1, lon1, lat2, lon2, expected) = Self.reference[index]
        let forward = Geodesic.distance(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
        let backward = Geodesic.distance(latitude1: lat2, longitude1: lon2, latitude2: lat1, longitude2: lon1)
        #expect(abs(forward - expected) < 1e-4, "\(forward) vs \(expected)")
        #expect(abs(backward - expected) < 1e-4, "\(backward) vs \(expected)")
    }

    @Test("coincident points are 0 m apart")
    func coincident() {
        #expect(Geodesic.distance(latitude1: 37.4, longitude1: -122.1, latitude2: 37.4, longitude2: -122.1) == 0)
    }

    @Test("near-antipodal points fall back to the sphere within 0.12 %")
    func antipodalFallback() {
        // Vincenty does not converge here; GeographicLib gives 20 003 008.421509 m.
        #expect(Geodesic.vincentyDistance(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 179.9, on: .wgs84) == nil)
        let distance = Geodesic.distance(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 179.9)
        #expect(abs(distance - 20_003_008.421509) / 20_003_008.421509 < 0.0012)
        // Exactly antipodal: the shortest path runs over a pole, half a meridian
        // (GeographicLib: 20 003 931.458625 m); the fallback's cap gives it.
        let overThePole = Geodesic.distance(latitude1: -89.5, longitude1: -170, latitude2: 89.5, longitude2: 10)
        #expect(abs(overThePole - 20_003_931.458625) < 1e-3)
    }

    @Test("haversine on the mean sphere is off by up to 0.5 % at street scale — why the odometer uses the ellipsoid")
    func haversineError() {
        // 44.394063 m due north at 37.4° N (GeographicLib); the sphere says ≈ 44.47 m.
        let sphere = Geodesic.sphericalDistance(latitude1: 37.4, longitude1: -122.1, latitude2: 37.4004, longitude2: -122.1,
                                                radius: Ellipsoid.wgs84.meanRadius)
        let error = abs(sphere - 44.394063) / 44.394063
        #expect(error > 0.001 && error < 0.006)
    }
}

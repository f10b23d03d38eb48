/// One position report from a location provider (GNSS, Wi-Fi, cell).
public struct LocationFix: Sendable, Hashable, Codable {
    /// Time of the fix in seconds since the Unix epoch (UTC).
    public var time: Double
    /// WGS-84 latitude in degrees, −90…90.
    public var latitude: Double
    /// WGS-84 longitude in degrees, −180…180.
    public var longitude: Double
    /// Radius of 68 % confidence in metres, when the provider reports one.
    public var horizontalAccuracy: Double?
    /// Ground speed in metres per second, when the provider reports one.
    public var speed: Double?

    /// Creates a fix. Coordinates in degrees, accuracy in metres, speed in m/s.
    public init(time: Double, latitude: Double, longitude: Double, horizontalAccuracy: Double? = nil, speed: Double? = nil) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.horizontalAccuracy = horizontalAccuracy
        self.speed = speed
    }

    /// True when the position can be used: latitude in −90…90 and longitude in −180…180 (both finite), and the
    /// accuracy, when given, finite and not negative (CoreLocation marks an invalid fix with a negative one). The
    /// time is not part of it: a NaN time means the fix has none (a GPX point without `<time>`). The gate refuses a
    /// fix without a valid position; the odometer counts it as invalid.
    /// - Complexity: O(1).
    public var hasValidPosition: Bool {
        latitude.isFinite && abs(latitude) <= 90 && longitude.isFinite && abs(longitude) <= 180
            && (horizontalAccuracy.map { $0.isFinite && $0 >= 0 } ?? true)
    }
}

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
}

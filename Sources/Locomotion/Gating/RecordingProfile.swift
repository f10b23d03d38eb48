/// The sensor settings an app applies in one ``RecordingMode``, in the units
/// of CoreLocation and CoreMotion so that it can apply them directly.
public struct RecordingProfile: Sendable, Hashable, Codable {
    /// Desired horizontal accuracy of location fixes, in metres
    /// (CLLocationManager.desiredAccuracy).
    public var locationAccuracy: Double
    /// Minimum movement between location updates, in metres
    /// (CLLocationManager.distanceFilter). ``maximalDistanceFilter`` means
    /// "no distance-based updates".
    public var distanceFilter: Double
    /// Accelerometer sampling rate in hertz; 0 means off.
    public var accelerometerRate: Double

    /// The largest distance filter, CoreLocation's `CLLocationDistanceMax`
    /// (`Double.greatestFiniteMagnitude`, finite so that it survives JSON).
    public static let maximalDistanceFilter = Double.greatestFiniteMagnitude

    /// Creates a profile. Accuracy and filter in metres, rate in hertz.
    public init(locationAccuracy: Double, distanceFilter: Double, accelerometerRate: Double) {
        self.locationAccuracy = locationAccuracy
        self.distanceFilter = distanceFilter
        self.accelerometerRate = accelerometerRate
    }

    /// 10 m accuracy, 10 m distance filter, accelerometer at 50 Hz: GNSS
    /// quality fixes about every 7 s of walking, and an accelerometer rate
    /// well above the 2–3 Hz of a gait and its first harmonics.
    public static let highAccuracy = RecordingProfile(locationAccuracy: 10, distanceFilter: 10, accelerometerRate: 50)

    /// 3 km accuracy (cell-tower positioning, no GNSS), maximal distance
    /// filter, accelerometer off: the cheapest settings that still let the
    /// OS deliver significant location changes.
    public static let lowPower = RecordingProfile(locationAccuracy: 3000, distanceFilter: maximalDistanceFilter, accelerometerRate: 0)
}

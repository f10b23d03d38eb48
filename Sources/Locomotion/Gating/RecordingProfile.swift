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
    /// filter, accelerometer at 10 Hz: no GNSS and no distance-driven
    /// wake-ups, but the accelerometer keeps feeding the built-in classifier,
    /// so the engine sees a walk begin and switches back to high accuracy.
    /// With the accelerometer off it never would (only a fix kilometres away
    /// could wake it): measured in closed-loop replays, every walk of the
    /// test recordings was missed at 0 Hz, none at 8 Hz and above, and 10 Hz
    /// stays above the step detector's 8 Hz floor (Docs/gating.md,
    /// *Closed loop*). A 10 Hz accelerometer costs little next to GNSS: the
    /// sensor itself draws microwatts, and sensor hubs can batch its samples
    /// in a hardware FIFO.
    public static let lowPower = RecordingProfile(locationAccuracy: 3000, distanceFilter: maximalDistanceFilter, accelerometerRate: 10)
}

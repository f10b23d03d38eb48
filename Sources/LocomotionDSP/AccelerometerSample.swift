/// One accelerometer reading: a timestamp and the acceleration including gravity.
///
/// Time comes with the sample and is the only clock Locomotion uses, so a
/// result is a pure function of its input.
public struct AccelerometerSample: Sendable, Hashable, Codable {
    /// Time of the reading in seconds, on any monotonic origin (Unix epoch or
    /// time since boot). Samples of one stream are in non-decreasing time.
    public var time: Double
    /// Acceleration including gravity, in g, in the device frame.
    public var acceleration: Vector3

    /// Creates a sample from a time in seconds and an acceleration in g.
    @inlinable
    public init(time: Double, acceleration: Vector3) {
        self.time = time
        self.acceleration = acceleration
    }

    /// Creates a sample from a time in seconds and three components in g.
    @inlinable
    public init(time: Double, x: Double, y: Double, z: Double) {
        self.init(time: time, acceleration: Vector3(x: x, y: y, z: z))
    }
}

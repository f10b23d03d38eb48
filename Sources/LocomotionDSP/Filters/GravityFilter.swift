/// A streaming estimate of gravity in the device frame: each axis of the acceleration (including
/// gravity, in g) is low-pass filtered, by default with a 2nd-order Butterworth at 0.3 Hz.
///
/// Gravity changes only as fast as the phone turns, while walking and running put their energy
/// above ≈1 Hz (cadence 1.5–3.5 Hz), so a 0.3 Hz cutoff separates the two with the first
/// step-frequency harmonic attenuated by > 20 dB. The price is a lag of about 1 s after a turn.
/// Linear acceleration is `acceleration − gravity` (see ``linearAcceleration(_:gravity:)``).
///
/// `Codable`: a decoded filter continues bit for bit where the encoded one stopped.
///
/// - Complexity: per update, three ``SOSFilter`` steps (O(order)); no allocation.
public struct GravityFilter: Sendable, Codable {
    @usableFromInline internal var x: SOSFilter
    @usableFromInline internal var y: SOSFilter
    @usableFromInline internal var z: SOSFilter
    /// Whether a sample has been seen since creation or ``reset()``.
    @usableFromInline internal var started = false

    /// Creates a gravity filter for samples at `sampleRate` (Hz) with a low-pass `cutoff` (Hz) of
    /// the given Butterworth `order` (default 2).
    ///
    /// The first sample after creation or ``reset()`` sets the steady state (as
    /// ``reset(to:)``), so the estimate starts at that sample instead of rising from zero.
    public init(sampleRate: Double, cutoff: Double = 0.3, order: Int = 2) {
        let sections = Butterworth.lowPass(order: order, cutoff: cutoff, sampleRate: sampleRate)
        x = SOSFilter(sections: sections)
        y = x
        z = x
    }

    /// Feeds one acceleration sample (g, including gravity) and returns the current gravity
    /// estimate (g).
    /// - Complexity: O(order), no allocation.
    @inlinable
    public mutating func update(_ acceleration: Vector3) -> Vector3 {
        if !started {
            reset(to: acceleration)
        }
        return Vector3(x: x.process(acceleration.x), y: y.process(acceleration.y), z: z.process(acceleration.z))
    }

    /// Sets the filter to the steady state for a phone held still with `acceleration` (g):
    /// the estimate is exactly `acceleration` until the input changes.
    @inlinable
    public mutating func reset(to acceleration: Vector3) {
        x.reset(steadyStateFor: acceleration.x)
        y.reset(steadyStateFor: acceleration.y)
        z.reset(steadyStateFor: acceleration.z)
        started = true
    }

    /// Forgets all history; the next ``update(_:)`` starts from its own sample. Call at a gap.
    @inlinable
    public mutating func reset() {
        x.reset()
        y.reset()
        z.reset()
        started = false
    }
}

/// Linear (user) acceleration: `acceleration − gravity`, both in g.
/// - Complexity: O(1).
@inlinable
public func linearAcceleration(_ acceleration: Vector3, gravity: Vector3) -> Vector3 {
    acceleration - gravity
}

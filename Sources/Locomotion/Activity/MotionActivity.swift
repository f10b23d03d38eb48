/// The kind of motion a person is engaged in, as CMMotionActivity reports it.
///
/// The raw values are the labels used in trace files (`label` column) and in
/// every command-line output.
public enum MotionActivity: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The device is not moving with the person: on a table, or held still.
    case stationary
    /// Walking gait, about 1.4–2.3 steps per second.
    case walking
    /// Running gait, faster cadence and larger impacts than walking.
    case running
    /// Riding a bicycle.
    case cycling
    /// In a vehicle: car, bus or train.
    case automotive
    /// Not enough evidence: too little data, a gap, or conflicting evidence.
    case unknown

    public var description: String { rawValue }

    /// True for the classes in which the person changes place.
    public var isMoving: Bool {
        switch self {
        case .walking, .running, .cycling, .automotive: true
        case .stationary, .unknown: false
        }
    }

    /// True for walking and running.
    public var isOnFoot: Bool { self == .walking || self == .running }
}

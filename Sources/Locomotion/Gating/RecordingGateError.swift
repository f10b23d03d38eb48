/// An input the gate cannot take: its time is not a number or goes back.
public enum RecordingGateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A time that is NaN or infinite.
    case nonFiniteTime(Double)
    /// An activity update that starts before the previous update.
    case activityOutOfOrder(previous: Double, received: Double)
    /// A fix older than the previous fix.
    case fixOutOfOrder(previous: Double, received: Double)
    /// A fix whose latitude, longitude or accuracy is out of range or not a number.
    case invalidFix(time: Double)

    public var description: String {
        switch self {
        case .nonFiniteTime(let time): "input time \(time) is not a finite number of seconds"
        case .activityOutOfOrder(let previous, let received): "activity update at \(received) s starts before the previous one at \(previous) s"
        case .fixOutOfOrder(let previous, let received): "location fix at \(received) s is older than the previous one at \(previous) s"
        case .invalidFix(let time): "location fix at \(time) s has a latitude, longitude or accuracy out of range"
        }
    }
}

/// An input a ``MotionEngine`` refuses. The engine is unchanged after a refused input, so the caller can drop the
/// input and go on.
public enum MotionEngineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A sample or fix time that is infinite or (for samples) not a number.
    case nonFiniteTime(Double)
    /// A sample older than the previous sample (equal times are taken: the stages treat them as a break).
    case sampleOutOfOrder(previous: Double, received: Double)
    /// A fix older than the previous fix. No longer thrown: ``MotionEngine/push(_:emit:)-(LocationFix,_)`` takes such
    /// a fix as no evidence, counted by the odometer. Kept so that code that names it still builds.
    case fixOutOfOrder(previous: Double, received: Double)
    /// A fix whose latitude, longitude or accuracy is out of range or not a number.
    case invalidFix(time: Double)
    /// An activity update that starts before the previous one, or at a time that is not finite.
    case activityOutOfOrder(previous: Double, received: Double)
    /// An activity update pushed to an engine whose activity comes from its own classifier.
    case activityFromClassifier

    public var description: String {
        switch self {
        case .nonFiniteTime(let time): "input time \(time) is not a finite number of seconds"
        case .sampleOutOfOrder(let previous, let received): "sample at \(received) s is older than the previous one at \(previous) s"
        case .fixOutOfOrder(let previous, let received): "location fix at \(received) s is older than the previous one at \(previous) s"
        case .invalidFix(let time): "location fix at \(time) s has a latitude, longitude or accuracy out of range"
        case .activityOutOfOrder(let previous, let received): "activity update at \(received) s starts before the previous one at \(previous) s"
        case .activityFromClassifier: "this engine classifies activity itself; configure it with the external activity source to push updates"
        }
    }
}

/// How sure the classifier is of an activity, in the three levels of
/// CMMotionActivityConfidence.
public enum ActivityConfidence: String, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    case low
    case medium
    case high

    public var description: String { rawValue }

    private var rank: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .high: 2
        }
    }

    public static func < (lhs: ActivityConfidence, rhs: ActivityConfidence) -> Bool { lhs.rank < rhs.rank }
}

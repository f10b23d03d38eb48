/// Why a trace cannot be step-counted.
public enum StepDetectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The median sampling rate (Hz) is below the minimum (Hz) at which steps can be seen.
    case samplingTooSparse(rate: Double, minimum: Double)
    /// Fewer than two samples with increasing times: no rate, no steps.
    case tooFewSamples(count: Int)

    public var description: String {
        switch self {
        case let .samplingTooSparse(rate, minimum):
            let shown = (rate * 100).rounded() / 100
            return "sampled at \(shown) Hz (median interval), too sparse to see steps; at least \(minimum) Hz is needed"
        case let .tooFewSamples(count):
            return "\(count) usable sample\(count == 1 ? "" : "s"); at least two with increasing times are needed to count steps"
        }
    }
}

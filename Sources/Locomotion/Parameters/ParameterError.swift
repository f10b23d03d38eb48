/// A configuration value outside what its parameter takes, or parameters that contradict each other.
public struct ParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter's name (`internalRate`, `minimumDuration.walking`), or several names for a relation.
    public var parameter: String
    /// The value refused, when one value is at fault.
    public var value: ParameterValue?
    /// What the value must be (`must be in 10…200 Hz`), or what the relation requires.
    public var problem: String

    package init(parameter: String, value: ParameterValue? = nil, problem: String) {
        self.parameter = parameter
        self.value = value
        self.problem = problem
    }

    /// `internalRate = 1e+308: must be in 10…200 Hz`, or `bandLow, bandHigh: bandLow must be below bandHigh`.
    public var description: String {
        guard let value else { return "\(parameter): \(problem)" }
        return "\(parameter) = \(value): \(problem)"
    }
}

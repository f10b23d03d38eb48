/// A configuration whose every setting is listed as a ``Parameter`` with the values it takes.
///
/// Conforming types list each stored setting once in ``parameters`` (nested ones by their dotted name), with
/// a range that is physical and documented next to the property. A test walks every stored property of each
/// conforming configuration and fails for a number that is not listed, so a parameter cannot be added without
/// its range. Constraints between parameters (`bandLow < bandHigh`) are checked by ``validate()``.
///
/// Everything that sets a configuration from outside the program — `locomotion --config FILE`, `steps
/// --parameter NAME=VALUE`, command-line options — goes through ``setting(_:to:)`` and ``validate()``.
public protocol ParameterizedConfiguration: Sendable {
    /// Every setting, each with what it takes.
    static var parameters: [Parameter<Self>] { get }
}

/// A configuration with constraints between its parameters (package: every conforming configuration is the
/// package's own, and ``ParameterizedConfiguration/validate()`` reports the problems).
package protocol ParameterRelations {
    /// What is wrong between parameters that are each in range (empty when nothing is).
    func relationProblems() -> [ParameterError]
}

extension ParameterizedConfiguration {
    /// What is wrong between parameters that are each in range (empty when nothing is, or when the configuration
    /// has no relations).
    package func relationProblems() -> [ParameterError] { (self as? any ParameterRelations)?.relationProblems() ?? [] }

    /// The parameter called `name`, or nil.
    public static func parameter(named name: String) -> Parameter<Self>? {
        parameters.first { $0.name == name }
    }

    /// The names of every parameter, in the order listed.
    package static var parameterNames: [String] { parameters.map(\.name) }

    /// A copy with the parameter `name` set to `value`, checked against its range (not against the other
    /// parameters: call ``validate()`` once every value is set).
    ///
    /// - Throws: ``ParameterError`` for an unknown name (listing the known ones) or a value out of range.
    public func setting(_ name: String, to value: ParameterValue) throws(ParameterError) -> Self {
        guard let parameter = Self.parameter(named: name) else {
            throw ParameterError(parameter: name, value: value,
                                 problem: "no such parameter (known: \(Self.parameterNames.joined(separator: ", ")))")
        }
        return try parameter.setting(value, in: self)
    }

    /// Checks every parameter against its range and the relations between them.
    ///
    /// - Throws: the first ``ParameterError`` found.
    public func validate() throws(ParameterError) {
        for parameter in Self.parameters {
            let value = parameter.value(in: self)
            if let problem = parameter.problem(with: value) {
                throw ParameterError(parameter: parameter.name, value: value, problem: problem)
            }
        }
        if let problem = relationProblems().first { throw problem }
    }
}

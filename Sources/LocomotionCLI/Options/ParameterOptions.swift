import LocomotionIO
import ArgumentParser
import Locomotion

/// Command-line values checked by the same rules as configuration values (``Parameter``): `--parameter
/// NAME=VALUE` settings, options that set a configuration parameter (`replay --entry-dwell`), and options of
/// the tool itself (`simulate --rate`), each against a documented range before anything is read.
enum ParameterOptions {
    /// `base` with every `NAME=VALUE` of `settings` set, then checked as a whole.
    ///
    /// - Throws: ``CommandFailure`` (bad usage) naming the setting and what its parameter takes.
    static func configuration<Configuration: ParameterizedConfiguration>(
        _ base: Configuration, settings: [String], option: String = "--parameter"
    ) throws -> Configuration {
        var configuration = base
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw CommandFailure.badUsage("\(option) expects NAME=VALUE, got '\(setting)'")
            }
            guard let parameter = Configuration.parameter(named: parts[0]) else {
                throw CommandFailure.badUsage("\(option) \(setting): no parameter \(parts[0]) (known: "
                    + Configuration.parameterNames.joined(separator: ", ") + ")")
            }
            guard let value = parameter.value(from: parts[1]) else {
                throw CommandFailure.badUsage("\(option) \(setting): \(parameter.name) must be \(parameter.expectation)")
            }
            do {
                configuration = try parameter.setting(value, in: configuration)
            } catch {
                throw CommandFailure.badUsage("\(option) \(setting): \(parameter.name) \(error.problem)")
            }
        }
        try check(configuration, option: option)
        return configuration
    }

    /// Checks a configuration built from options; `options` names the option behind each parameter, for the
    /// message.
    ///
    /// - Throws: ``CommandFailure`` (bad usage).
    static func check<Configuration: ParameterizedConfiguration>(
        _ configuration: Configuration, option: String? = nil, options: [String: String] = [:]
    ) throws {
        do {
            try configuration.validate()
        } catch {
            let names = error.parameter.split(separator: ", ").map(String.init)
            let prefix = option.map { "\($0): " } ?? ""
            if names.count == 1, let name = options[names[0]], let value = error.value {
                throw CommandFailure.badUsage(prefix + "\(name) \(value): \(error.problem)")
            }
            let named = names.map { name in options[name].map { "\($0) (\(name))" } ?? name }.joined(separator: ", ")
            throw CommandFailure.badUsage(prefix + named + (error.value.map { " = \($0)" } ?? "") + ": \(error.problem)")
        }
    }

    /// Runs option checks inside a command's `validate()`, where ArgumentParser expects a `ValidationError`
    /// (the same exit status 2 and message, with the usage line after it).
    static func validating(_ checks: () throws -> Void) throws {
        do {
            try checks()
        } catch let failure as CommandFailure {
            throw ValidationError(failure.message)
        }
    }

    /// Checks the value of `option` against `range` (`unit`), with the words configuration values use.
    ///
    /// - Throws: ``CommandFailure`` (bad usage): `--rate 0: must be in 1…1000 Hz`.
    static func check(_ value: Double, option: String, in range: ClosedRange<Double>, unit: String = "") throws {
        let parameter = Parameter<Double>(option, \.self, in: range, unit: unit)
        if let problem = parameter.problem(with: .number(value)) {
            throw CommandFailure.badUsage("\(option) \(ParameterValue.number(value)): \(problem)")
        }
    }

    /// Checks the whole-number `option` against `range`.
    static func check(_ value: Int, option: String, in range: ClosedRange<Int>, unit: String = "") throws {
        let parameter = Parameter<Int>(option, \.self, in: range, unit: unit)
        if let problem = parameter.problem(with: .number(Double(value))) {
            throw CommandFailure.badUsage("\(option) \(value): \(problem)")
        }
    }
}

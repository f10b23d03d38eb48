import Locomotion

/// Reads a configuration (`ParameterizedConfiguration`) from a JSON file, every value checked against its
/// parameter before use.
///
/// The file is one JSON object naming any subset of the parameters (nested ones as objects:
/// `{"maximumGap": 3, "minimumDuration": {"automotive": 30}}`, intervals as `[low, high]`); the others keep
/// the values of `base`. Refused, as an ``InputError`` with the line and column of the value or key:
/// a file over `maximumSize` bytes, JSON syntax errors, a key that is not a parameter (listing the known
/// ones at that level), a key given twice, a value of the wrong kind or out of the parameter's range (naming
/// the parameter, the value and the range); then the relations between parameters
/// (`ParameterizedConfiguration.relationProblems()`).
public enum ConfigurationFile {
    /// The largest configuration file read, in bytes (a full configuration is about 2 KB).
    package static let maximumSize = 1 << 20

    /// `base` with the values of the file at `path` (`-` for standard input) set.
    ///
    /// - Throws: ``InputError`` locating the first problem.
    public static func read<Configuration: ParameterizedConfiguration>(
        path: String, over base: Configuration
    ) throws(InputError) -> Configuration {
        let bytes = try WholeInput.read(path: path, what: "a configuration file", limit: maximumSize)
        return try parse(bytes, file: path, over: base)
    }

    /// `base` with the values of the JSON `bytes` set; `file` names them in errors.
    ///
    /// - Throws: ``InputError`` locating the first problem.
    package static func parse<Configuration: ParameterizedConfiguration>(
        _ bytes: [UInt8], file: String, over base: Configuration
    ) throws(InputError) -> Configuration {
        let json: PositionedJSON
        do {
            json = try PositionedJSON.parse(bytes)
        } catch {
            throw InputError(file: file, line: error.line, column: error.column, problem: "not valid JSON: \(error.problem)")
        }
        guard case .object = json.value else {
            throw InputError(file: file, line: json.line, column: json.column,
                             problem: "a configuration is a JSON object {\"name\": value, …}, not \(json.kindName)")
        }
        var configuration = base
        try apply(json, prefix: "", to: &configuration, file: file)
        if let problem = configuration.relationProblems().first {
            throw InputError(file: file, problem: "\(problem)")
        }
        return configuration
    }

    private static func apply<Configuration: ParameterizedConfiguration>(
        _ object: PositionedJSON, prefix: String, to configuration: inout Configuration, file: String
    ) throws(InputError) {
        guard case .object(let members) = object.value else { return }
        var seen: Set<String> = []
        for member in members {
            let name = prefix + member.key
            guard seen.insert(member.key).inserted else {
                throw InputError(file: file, line: member.keyLine, column: member.keyColumn, problem: "`\(name)` is given twice")
            }
            if let parameter = Configuration.parameter(named: name) {
                let value = try parameterValue(member.value, for: parameter, file: file)
                do {
                    configuration = try parameter.setting(value, in: configuration)
                } catch {
                    throw InputError(file: file, line: member.value.line, column: member.value.column,
                                     problem: "`\(name)` \(error.problem), not \(text(of: member.value))")
                }
            } else if Configuration.parameterNames.contains(where: { $0.hasPrefix(name + ".") }) {
                guard case .object = member.value.value else {
                    throw InputError(file: file, line: member.value.line, column: member.value.column,
                                     problem: "`\(name)` is a group of parameters, an object {…}, not \(member.value.kindName)")
                }
                try apply(member.value, prefix: name + ".", to: &configuration, file: file)
            } else {
                throw InputError(file: file, line: member.keyLine, column: member.keyColumn,
                                 problem: "unknown key `\(name)` (known\(prefix.isEmpty ? "" : " in `\(prefix.dropLast())`"): "
                                     + known(under: prefix, in: Configuration.self).joined(separator: ", ") + ")")
            }
        }
    }

    /// The names one level under `prefix` (a group once, as `name.…`).
    private static func known<Configuration: ParameterizedConfiguration>(under prefix: String,
                                                                        in type: Configuration.Type) -> [String] {
        var names: [String] = []
        for name in type.parameterNames where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let entry = rest.firstIndex(of: ".").map { String(rest[..<$0]) + ".…" } ?? String(rest)
            if !names.contains(entry) { names.append(entry) }
        }
        return names
    }

    private static func parameterValue<Root>(_ json: PositionedJSON, for parameter: Parameter<Root>,
                                             file: String) throws(InputError) -> ParameterValue {
        switch (parameter.kind, json.value) {
        case (.real, .number(let number, _)), (.integer, .number(let number, _)):
            return .number(number)
        case (.interval, .array(let elements)):
            if elements.count == 2, case .number(let low, _) = elements[0].value, case .number(let high, _) = elements[1].value {
                return .interval(low, high)
            }
        case (.choice, .string(let text)):
            return .text(text)
        case (.flag, .bool(let flag)):
            return .flag(flag)
        default:
            break
        }
        throw InputError(file: file, line: json.line, column: json.column,
                         problem: "`\(parameter.name)` must be \(parameter.expectation), not \(text(of: json))")
    }

    /// A value as written, for messages (numbers as in the file, so `1e400` stays `1e400`).
    private static func text(of json: PositionedJSON) -> String {
        switch json.value {
        case .number(_, let text): text
        case .string(let text): "\"\(text)\""
        case .bool(let flag): "\(flag)"
        case .null: "null"
        case .array(let elements): "[" + elements.map(text(of:)).joined(separator: ", ") + "]"
        case .object: "an object"
        }
    }
}

/// One setting of a configuration: its name, where it is stored, and the values it may take — for a number,
/// the physical range documented with it.
///
/// Configurations list their parameters (``ParameterizedConfiguration/parameters``); everything that sets a
/// configuration from outside the program (a `--config` file, `--parameter NAME=VALUE`, a command-line
/// option) goes through the list, so a value is checked against its range before any code uses it: an
/// absurd value (`1e308` Hz, a negative duration, NaN) is refused with the name, the value and the range,
/// never turned into a trap, a runaway allocation or a silent guess.
///
/// This is the one surface of the tuning parameters: a configuration's properties that an app seldom sets are
/// not public API (they are `@_spi(Tuning)`), and each is reached here by name, with its range:
///
/// ```swift
/// var steps = StepDetector.Configuration()
/// steps = try steps.setting("internalRate", to: .number(100))   // checked against 10 … 200 Hz
/// for parameter in StepDetector.Configuration.parameters {
///     print(parameter.name, parameter.value(in: steps), parameter.expectation)
/// }
/// ```
public struct Parameter<Root>: Sendable {
    /// The kinds of values a parameter takes.
    package typealias Kind = ParameterKind

    /// The parameter's name: the property's name, with a dot for a nested one (`minimumDuration.walking`);
    /// the key path of a `--config` file.
    public let name: String
    /// What values it takes.
    public let kind: ParameterKind
    /// The unit of a number (`Hz`, `s`, `g`, `m`, `m/s`, `°`), empty for a ratio or a count.
    public let unit: String

    private let read: @Sendable (Root) -> ParameterValue
    private let write: @Sendable (inout Root, ParameterValue) -> Void

    /// A parameter of any kind, read and written by the two closures (which get values of the parameter's kind
    /// only, already checked).
    package init(_ name: String, kind: Kind, unit: String = "",
                read: @escaping @Sendable (Root) -> ParameterValue,
                write: @escaping @Sendable (inout Root, ParameterValue) -> Void) {
        self.name = name
        self.kind = kind
        self.unit = unit
        self.read = read
        self.write = write
    }

    /// A real number stored at `keyPath`, in `range` (`unit`).
    package init(_ name: String, _ keyPath: WritableKeyPath<Root, Double> & Sendable, in range: ClosedRange<Double>,
                unit: String = "") {
        self.init(name, kind: .real(range), unit: unit,
                  read: { .number($0[keyPath: keyPath]) },
                  write: { root, value in if case .number(let number) = value { root[keyPath: keyPath] = number } })
    }

    /// A whole number stored at `keyPath`, in `range` (`unit`).
    package init(_ name: String, _ keyPath: WritableKeyPath<Root, Int> & Sendable, in range: ClosedRange<Int>,
                unit: String = "") {
        self.init(name, kind: .integer(range), unit: unit,
                  read: { .number(Double($0[keyPath: keyPath])) },
                  write: { root, value in
                      // Checked against the range before writing, so the conversion cannot trap.
                      if case .number(let number) = value { root[keyPath: keyPath] = Int(number) }
                  })
    }

    /// An interval stored at `keyPath`, both bounds in `range` (`unit`).
    package init(_ name: String, _ keyPath: WritableKeyPath<Root, ClosedRange<Double>> & Sendable,
                within range: ClosedRange<Double>, unit: String = "") {
        self.init(name, kind: .interval(range), unit: unit,
                  read: { .interval($0[keyPath: keyPath].lowerBound, $0[keyPath: keyPath].upperBound) },
                  write: { root, value in
                      if case .interval(let low, let high) = value { root[keyPath: keyPath] = low...high }
                  })
    }

    /// A flag stored at `keyPath`.
    package init(_ name: String, _ keyPath: WritableKeyPath<Root, Bool> & Sendable) {
        self.init(name, kind: .flag,
                  read: { .flag($0[keyPath: keyPath]) },
                  write: { root, value in if case .flag(let flag) = value { root[keyPath: keyPath] = flag } })
    }

    /// A choice among the cases of an enumeration stored at `keyPath`, by raw value.
    package init<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Choice> & Sendable
    ) where Choice.RawValue == String {
        self.init(name, kind: .choice(Choice.allCases.map(\.rawValue)),
                  read: { .text($0[keyPath: keyPath].rawValue) },
                  write: { root, value in
                      if case .text(let text) = value, let choice = Choice(rawValue: text) { root[keyPath: keyPath] = choice }
                  })
    }

    /// The value written as `text` on a command line (`0.6`; `0.3,2` or `0.3...2` for an interval; a name;
    /// `true`/`false`), or nil when it is not of the parameter's kind. The range is not checked here.
    package func value(from text: String) -> ParameterValue? {
        switch kind {
        case .real, .integer:
            return Double(text).map(ParameterValue.number)
        case .interval:
            let parts = text.replacing("...", with: ",").split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]) else { return nil }
            return .interval(low, high)
        case .choice:
            return .text(text)
        case .flag:
            return text == "true" ? .flag(true) : text == "false" ? .flag(false) : nil
        }
    }

    /// The parameter's value in `root`.
    public func value(in root: Root) -> ParameterValue { read(root) }

    /// `root` with the parameter set to `value`, after checking it against ``kind``.
    ///
    /// - Throws: ``ParameterError`` naming the parameter, the value and what it must be.
    package func setting(_ value: ParameterValue, in root: Root) throws(ParameterError) -> Root {
        if let problem = problem(with: value) { throw ParameterError(parameter: name, value: value, problem: problem) }
        var copy = root
        write(&copy, value)
        return copy
    }

    /// What is wrong with `value` for this parameter, or nil when it is acceptable.
    package func problem(with value: ParameterValue) -> String? {
        switch (kind, value) {
        case (.real(let range), .number(let number)):
            return range.contains(number) ? nil : "must be \(Self.describe(range, unit))"
        case (.integer(let range), .number(let number)):
            guard number.isFinite, number == number.rounded(),
                  Double(range.lowerBound) <= number, number <= Double(range.upperBound) else {
                return "must be a whole number \(Self.describe(Double(range.lowerBound)...Double(range.upperBound), unit))"
            }
            return nil
        case (.interval(let range), .interval(let low, let high)):
            guard range.contains(low), range.contains(high), low < high else {
                return "must be two numbers [low, high] with low < high, both \(Self.describe(range, unit))"
            }
            return nil
        case (.choice(let names), .text(let text)):
            return names.contains(text) ? nil : "must be one of \(names.joined(separator: ", "))"
        case (.flag, .flag):
            return nil
        default:
            return "must be \(expectation)"
        }
    }

    /// What the parameter takes, in words: `a number in 10…200 Hz`, `one of temporal, rules`.
    public var expectation: String {
        switch kind {
        case .real(let range): "a number \(Self.describe(range, unit))"
        case .integer(let range): "a whole number \(Self.describe(Double(range.lowerBound)...Double(range.upperBound), unit))"
        case .interval(let range): "two numbers [low, high], both \(Self.describe(range, unit))"
        case .choice(let names): "one of \(names.joined(separator: ", "))"
        case .flag: "true or false"
        }
    }

    /// `in 10…200 Hz`, `≥ 0 m or off (∞)`.
    static func describe(_ range: ClosedRange<Double>, _ unit: String) -> String {
        let suffix = unit.isEmpty ? "" : " \(unit)"
        if range.upperBound == .infinity {
            return "≥ \(number(range.lowerBound))\(suffix) (∞ for no limit)"
        }
        if range.upperBound == .greatestFiniteMagnitude { return "≥ \(number(range.lowerBound))\(suffix)" }
        return "in \(number(range.lowerBound))…\(number(range.upperBound))\(suffix)"
    }

    /// A bound without a useless `.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e16 ? String(Int64(value)) : "\(value)"
    }
}

extension Parameter {
    /// This parameter of a configuration held by an `Outer` configuration at `keyPath`, named
    /// `prefix.name` there (`steps.internalRate`): how a configuration made of others lists their parameters.
    package func nested<Outer>(in keyPath: WritableKeyPath<Outer, Root> & Sendable, as prefix: String) -> Parameter<Outer> {
        nested(as: prefix, read: { $0[keyPath: keyPath] }, write: { $0[keyPath: keyPath] = $1 })
    }

    /// This parameter of a configuration that `read` gets from an `Outer` configuration and `write` puts back
    /// (for one held in an enumeration's case), named `prefix.name` there.
    package func nested<Outer>(as prefix: String, read: @escaping @Sendable (Outer) -> Root,
                              write: @escaping @Sendable (inout Outer, Root) -> Void) -> Parameter<Outer> {
        let inner = self
        return Parameter<Outer>(prefix + "." + name, kind: kind, unit: unit,
                                read: { inner.value(in: read($0)) },
                                write: { outer, value in
                                    var root = read(outer)
                                    inner.write(&root, value)
                                    write(&outer, root)
                                })
    }
}

/// The kinds of values a ``Parameter`` takes.
public enum ParameterKind: Sendable, Hashable {
    /// A real number in the range (finite unless the range reaches ±∞: `0...Double.infinity` admits ∞ as
    /// "off").
    case real(ClosedRange<Double>)
    /// A whole number in the range.
    case integer(ClosedRange<Int>)
    /// Two real numbers `[low, high]`, low < high, both in the range.
    case interval(ClosedRange<Double>)
    /// One of these names.
    case choice([String])
    /// `true` or `false`.
    case flag
}

/// A value given to a ``Parameter``: what a configuration file or a command line holds.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    /// A number (also for whole-number parameters).
    case number(Double)
    /// Two numbers, for an interval.
    case interval(Double, Double)
    /// A name, for a choice.
    case text(String)
    /// A flag.
    case flag(Bool)

    /// The value as written in a configuration file.
    public var description: String {
        switch self {
        case .number(let number): Parameter<Double>.number(number)
        case .interval(let low, let high): "[\(Parameter<Double>.number(low)), \(Parameter<Double>.number(high))]"
        case .text(let text): "\"\(text)\""
        case .flag(let flag): "\(flag)"
        }
    }
}

/// A problem with input data, located as precisely as the reader knows it.
///
/// Every reader in LocomotionIO throws this type, and the command-line tool
/// maps it to exit status 1, so a message always names the file, the line and
/// the column, what was found and what was expected.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's path as the user gave it, or `"-"` for standard input.
    public var file: String
    /// 1-based line number, when the problem is on a line.
    public var line: Int?
    /// 1-based column (field) number, when the problem is in one field.
    public var column: Int?
    /// What is wrong, in plain words.
    public var problem: String
    /// What to do about it, when there is something to suggest.
    public var hint: Hint?

    package init(file: String, line: Int? = nil, column: Int? = nil, problem: String, hint: Hint? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
        self.hint = hint
    }

    /// `file:line:column: problem (hint)`, the format compilers use, so that
    /// editors can jump to the place. Reading options are named as an app sets them.
    public var description: String { description(naming: \.description) }

    /// ``description`` with each reading option the hint suggests named by `name` (the command line: its flag).
    /// - Complexity: O(length of the message).
    public func description(naming name: (ReadingOption) -> String) -> String {
        var text = file
        if let line { text += ":\(line)" }
        if let column { text += ":\(column)" }
        text += ": \(problem)"
        if let hint { text += " (\(hint.text(naming: name)))" }
        return text
    }

    /// What to do about an input error: plain words, with the reading options that would help in their place.
    /// The readers write it as a string literal interpolating the options (package API); an app reads ``options`` and ``description``.
    public struct Hint: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
        /// A piece of the hint.
        package enum Part: Sendable, Hashable {
            /// Words.
            case text(String)
            /// A reading option, named by whoever shows the hint.
            case option(ReadingOption)
        }

        /// The pieces, in order.
        package var parts: [Part]

        /// A hint of plain words.
        package init(_ text: String) { parts = [.text(text)] }

        public init(stringLiteral value: String) { self.init(value) }

        public init(stringInterpolation: StringInterpolation) { parts = stringInterpolation.parts }

        /// The reading options the hint suggests.
        public var options: [ReadingOption] {
            parts.compactMap { if case .option(let option) = $0 { option } else { nil } }
        }

        /// The hint, each reading option named by `name`.
        package func text(naming name: (ReadingOption) -> String) -> String {
            parts.map { part in
                switch part {
                case .text(let text): text
                case .option(let option): name(option)
                }
            }.joined()
        }

        /// The hint, reading options named as an app sets them.
        public var description: String { text(naming: \.description) }

        /// Builds a hint from a string literal with interpolations: reading options stay options, any other value
        /// becomes its text.
        public struct StringInterpolation: StringInterpolationProtocol {
            var parts: [Part] = []

            public init(literalCapacity: Int, interpolationCount: Int) {}

            public mutating func appendLiteral(_ literal: String) {
                if !literal.isEmpty { parts.append(.text(literal)) }
            }

            public mutating func appendInterpolation(_ option: ReadingOption) { parts.append(.option(option)) }

            public mutating func appendInterpolation(_ hint: Hint) { parts += hint.parts }

            public mutating func appendInterpolation(_ value: some Any) { parts.append(.text("\(value)")) }
        }
    }
}

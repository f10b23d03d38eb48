/// `--participant-from PATTERN`: the participant of an input, read from its path.
///
/// The pattern is matched against the end of the path, component by component: its last component against the
/// file name, the one before against the folder that holds it, and so on (a pattern that starts with `/` must
/// match the whole path). In a component `{participant}` stands for the participant (one or more characters),
/// `*` for any characters (none included) and `?` for one; everything else stands for itself. `/` never
/// matches inside a component. When a component could be split in several ways, `*` takes as much as it can
/// and `{participant}` as little as it can (the rules of a regular expression `[^/]*` and `([^/]+?)`). A character is
/// a Unicode scalar (a code point), compared as written: no normalisation, so `e` + U+0301 (a combining accent) is
/// two characters and differs from the precomposed U+00E9 — a path is a name of bytes, and `?` is one code point as
/// in `glob(3)` and the Spark job's regular expressions.
///
///     {participant}/*.csv           cohort/P01/2024-03-01.csv → P01
///     {participant}_*.csv           raw/P01_2024-03-01.csv    → P01
///     sub-{participant}/phone/*.csv bids/sub-07/phone/a.csv   → 07
///
/// The Spark job (`Integrations/spark`) implements the same rules; both run the cases of
/// `Tests/Shared/participant-rules.json`.
package struct ParticipantPattern: Sendable {
    /// The pattern as given.
    package let text: String
    private let components: [String]
    private let anchored: Bool

    /// The placeholder for the participant.
    package static let placeholder = "{participant}"

    /// Parses a pattern.
    /// - Throws: ``CommandFailure`` (bad usage) for a pattern without exactly one `{participant}`, or with an empty
    ///   component.
    package init(_ text: String) throws {
        self.text = text
        anchored = text.unicodeScalars.first == "/"
        components = text.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false).dropFirst(anchored ? 1 : 0)
            .map { String(String.UnicodeScalarView($0)) }
        let placeholders = text.components(separatedBy: Self.placeholder).count - 1
        guard placeholders == 1 else {
            throw CommandFailure.badUsage("--participant-from '\(text)' must hold {participant} exactly once, e.g. '{participant}/*.csv'")
        }
        guard !components.contains(where: \.isEmpty) else {
            throw CommandFailure.badUsage("--participant-from '\(text)' has an empty path component")
        }
    }

    /// The participant of `path`, or nil when the pattern does not match it.
    package func participant(in path: String) -> String? {
        let parts = path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true)
            .map { String(String.UnicodeScalarView($0)) }
        guard parts.count >= components.count,
              !anchored || (path.unicodeScalars.first == "/" && parts.count == components.count) else {
            return nil
        }
        var found: String?
        for (pattern, part) in zip(components, parts.suffix(components.count)) {
            guard let captured = Self.match(Array(pattern.unicodeScalars), Array(part.unicodeScalars)) else { return nil }
            if let captured { found = captured }
        }
        return found
    }

    /// One element of a component: `*`, `?`, `{participant}` or a character that stands for itself.
    private enum Token: Equatable {
        case any, one, placeholder
        case literal(Unicode.Scalar)
    }

    /// Matches one component; nil when it does not match, `.some(nil)` when it matches without the placeholder.
    ///
    /// The first match in the order of a regular expression (`*` greedy, `{participant}` lazy), found without
    /// backtracking: a table of which rest of the pattern matches which rest of the text, then one walk that at
    /// each `*` takes the longest and at the placeholder the shortest stretch after which the rest still matches.
    /// (Backtracking took exponential time in the number of `*`: 20 s for a pattern of a dozen.)
    /// - Complexity: O(pattern × text) time and memory.
    private static func match(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> String?? {
        let placeholder = Array(Self.placeholder.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        while index < pattern.count {
            if pattern[index...].starts(with: placeholder) {
                tokens.append(.placeholder)
                index += placeholder.count
                continue
            }
            tokens.append(pattern[index] == "*" ? .any : pattern[index] == "?" ? .one : .literal(pattern[index]))
            index += 1
        }
        let count = text.count
        // rest[i][t]: tokens i… match text t… exactly.
        var rest = Array(repeating: Array(repeating: false, count: count + 1), count: tokens.count + 1)
        rest[tokens.count][count] = true
        for i in stride(from: tokens.count - 1, through: 0, by: -1) {
            for t in stride(from: count, through: 0, by: -1) {
                switch tokens[i] {
                case .any: rest[i][t] = rest[i + 1][t] || (t < count && rest[i][t + 1])
                case .one: rest[i][t] = t < count && rest[i + 1][t + 1]
                case .literal(let scalar): rest[i][t] = t < count && text[t] == scalar && rest[i + 1][t + 1]
                case .placeholder: rest[i][t] = t < count && (rest[i + 1][t + 1] || rest[i][t + 1])
                }
            }
        }
        guard rest[0][0] else { return nil }
        var capture: String?
        var t = 0
        for i in tokens.indices {
            switch tokens[i] {
            case .any:
                var end = count
                while !rest[i + 1][end] { end -= 1 }
                t = end
            case .one, .literal:
                t += 1
            case .placeholder:
                var end = t + 1
                while !rest[i + 1][end] { end += 1 }
                capture = String(String.UnicodeScalarView(text[t..<end]))
                t = end
            }
        }
        return .some(capture)
    }
}

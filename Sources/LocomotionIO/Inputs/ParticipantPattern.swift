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

    /// Matches one component; nil when it does not match, `.some(nil)` when it matches without the placeholder.
    private static func match(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> String?? {
        var capture: String?
        let placeholder = Array(Self.placeholder.unicodeScalars)
        // Backtracking in the order of a regular expression: `*` greedy, `{participant}` lazy.
        func matches(_ p: Int, _ t: Int) -> Bool {
            if p == pattern.count { return t == text.count }
            if pattern[p...].starts(with: placeholder) {
                let next = p + placeholder.count
                var end = t + 1
                while end <= text.count {
                    if matches(next, end) {
                        capture = String(String.UnicodeScalarView(text[t..<end]))
                        return true
                    }
                    end += 1
                }
                return false
            }
            switch pattern[p] {
            case "*":
                var end = text.count
                while end >= t {
                    if matches(p + 1, end) { return true }
                    end -= 1
                }
                return false
            case "?":
                return t < text.count && matches(p + 1, t + 1)
            default:
                return t < text.count && text[t] == pattern[p] && matches(p + 1, t + 1)
            }
        }
        guard matches(0, 0) else { return nil }
        return .some(capture)
    }
}

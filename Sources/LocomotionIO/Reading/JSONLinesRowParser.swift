import Locomotion

/// Parses one line of a JSON Lines trace — one object `{"timestamp":…,"x":…,"y":…,"z":…[,"label":…]}` — into the
/// values of a row, or says what is wrong and where (the column is the 1-based character position in the line).
///
/// Keys are matched exactly (JSON is case-sensitive), in any order; other keys are ignored, whatever their value.
/// `timestamp`, `x`, `y` and `z` must be numbers (the trace readers' decimal syntax, correctly rounded; `NaN`,
/// `Infinity` and numbers too large for a `Double` are refused as not finite), except that `timestamp` may be an
/// ISO 8601 time as a string (``UTCTimestamp``: `"2018-04-27T07:06:45.422Z"`, ``Parsed/timeIsText``; whether a file
/// may mix the two is the reader's rule); `label`, when read, a string naming an activity (ASCII case-insensitive),
/// `""` or `null` for none. A key given twice is an error.
///
/// No allocation unless the line is bad. O(length of the line).
struct JSONLinesRowParser {
    /// What a line gave: the parsed line (as the CSV parser gives it, for ``TraceLineParser``), the column of the
    /// timestamp's value, and whether the object has a `label` key.
    struct Parsed {
        var line: TraceLineParser.ParsedLine
        var timeColumn = 1
        var hasLabelKey = false
        /// True when the timestamp was an ISO 8601 string (its value: seconds since 1970, UTC).
        var timeIsText = false
    }

    private let base: UnsafePointer<UInt8>
    private let count: Int
    private var index = 0

    private init(_ base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// Parses `line` (without its line end); `readsLabel` false leaves a `label` key unread, like any other key.
    static func parse(_ line: UnsafeBufferPointer<UInt8>, readsLabel: Bool) -> Parsed {
        guard let base = line.baseAddress, line.count > 0 else { return Parsed(line: .blank) }
        var parser = JSONLinesRowParser(base, count: line.count)
        return parser.object(readsLabel: readsLabel)
    }

    /// The keys of the format, in the order of their slots.
    private static let names: [StaticString] = ["timestamp", "x", "y", "z"]

    private mutating func object(readsLabel: Bool) -> Parsed {
        skipSpace()
        guard index < count else { return Parsed(line: .blank) }
        let objectColumn = column(index)
        guard base[index] == UInt8(ascii: "{") else {
            return failure(at: index, "not a JSON object: found \(here()) (a JSON Lines trace has one object "
                           + "{\"timestamp\":…,\"x\":…,\"y\":…,\"z\":…} per line)")
        }
        index += 1
        var values = (0.0, 0.0, 0.0, 0.0)
        var seen = 0   // bit per slot, bit 4 for the label
        var label: MotionActivity?
        var result = Parsed(line: .blank)
        skipSpace()
        if index < count && base[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                guard index < count else { return unclosed() }
                guard base[index] == UInt8(ascii: "\"") else {
                    return failure(at: index, "expected a key in double quotes, found \(here())")
                }
                let keyStart = index
                guard let key = string() else { return unclosed() }
                skipSpace()
                guard index < count else { return unclosed() }
                guard base[index] == UInt8(ascii: ":") else {
                    return failure(at: index, "expected ':' after the key \(quoted(key)), found \(here())")
                }
                index += 1
                skipSpace()
                guard index < count else { return unclosed() }
                let valueStart = index
                if let slot = Self.names.firstIndex(where: { equal(key, $0) }) {
                    guard seen & (1 << slot) == 0 else { return failure(at: keyStart, "the key \(quoted(key)) appears twice") }
                    seen |= 1 << slot
                    if slot == 0 && base[index] == UInt8(ascii: "\"") {
                        guard let text = string() else { return unclosed() }
                        guard let seconds = UTCTimestamp.parse(String(decoding: text, as: UTF8.self)) else {
                            return failure(at: valueStart, "timestamp is a string, \(quoted(text)), neither a number nor an ISO 8601 "
                                           + "time YYYY-MM-DDTHH:MM:SS[.fraction][Z|±HH:MM]")
                        }
                        values.0 = seconds
                        result.timeColumn = column(valueStart)
                        result.timeIsText = true
                    } else {
                        switch number(slot: slot) {
                        case .success(let value):
                            switch slot {
                            case 0:
                                values.0 = value
                                result.timeColumn = column(valueStart)
                            case 1: values.1 = value
                            case 2: values.2 = value
                            default: values.3 = value
                            }
                        case .failure(let problem):
                            return problem.unclosed ? unclosed() : failure(at: valueStart, problem.text)
                        }
                    }
                } else if readsLabel && equal(key, "label") {
                    guard seen & 16 == 0 else { return failure(at: keyStart, "the key \"label\" appears twice") }
                    seen |= 16
                    result.hasLabelKey = true
                    switch activity() {
                    case .success(let activity): label = activity
                    case .failure(let problem):
                        return problem.unclosed ? unclosed() : failure(at: valueStart, problem.text)
                    }
                } else {
                    guard skipValue(depth: 0) else { return unclosed() }
                }
                skipSpace()
                guard index < count else { return unclosed() }
                if base[index] == UInt8(ascii: ",") {
                    index += 1
                    skipSpace()
                    continue
                }
                guard base[index] == UInt8(ascii: "}") else {
                    return failure(at: index, "expected ',' or '}' after the value of \(quoted(key)), found \(here())")
                }
                index += 1
                break
            }
        }
        skipSpace()
        guard index == count else {
            return failure(at: index, "found \(here()) after the end of the object (one object per line)")
        }
        let missing = (0..<4).filter { seen & (1 << $0) == 0 }.map { "\(Self.names[$0])" }
        guard missing.isEmpty else {
            result.line = .failure(column: objectColumn, problem: "the object lacks the key\(missing.count == 1 ? "" : "s") "
                                   + missing.joined(separator: ", ")
                                   + " (a row is {\"timestamp\":…,\"x\":…,\"y\":…,\"z\":…[,\"label\":…]})")
            return result
        }
        result.line = .row(time: values.0, x: values.1, y: values.2, z: values.3, label: label)
        return result
    }

    /// Why a value was refused; `unclosed`: the line ended inside it.
    private struct Problem: Error {
        var text: String
        var unclosed = false
    }

    /// A number value for the key of `slot` (its name is looked up only for a message).
    private mutating func number(slot: Int) -> Result<Double, Problem> {
        let start = index
        var name: String { "\(Self.names[slot])" }
        switch base[index] {
        case UInt8(ascii: "\""):
            guard let text = string() else { return .failure(Problem(text: "", unclosed: true)) }
            return .failure(Problem(text: "\(name) is a string, \(quoted(text)), not a number"))
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let kind = base[index] == UInt8(ascii: "{") ? "an object" : "an array"
            return .failure(Problem(text: "\(name) is \(kind), not a number"))
        default:
            let token = self.token()
            guard token.count > 0 else { return .failure(Problem(text: "\(name) has no value: found \(describe(at: start))")) }
            if let literal = literal(token) { return .failure(Problem(text: "\(name) is \(literal), not a number")) }
            switch DecimalParser.parse(token) {
            case .number(let value): return .success(value)
            case .nonFinite: return .failure(Problem(text: "\(name) is \(CSVBytes.quoted(token)), not a finite number"))
            case .invalid: return .failure(Problem(text: "\(name) is not a number: \(CSVBytes.quoted(token))"))
            }
        }
    }

    /// The `label` value: an activity, or nil for `""` and `null`.
    private mutating func activity() -> Result<MotionActivity?, Problem> {
        let start = index
        switch base[index] {
        case UInt8(ascii: "\""):
            guard let text = string() else { return .failure(Problem(text: "", unclosed: true)) }
            guard text.count > 0 else { return .success(nil) }
            guard let activity = CSVBytes.activity(text) else {
                return .failure(Problem(text: "unknown label \(CSVBytes.quoted(text)) "
                                        + "(expected one of \(MotionActivity.allCases.map(\.rawValue).joined(separator: ", ")))"))
            }
            return .success(activity)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let kind = base[index] == UInt8(ascii: "{") ? "an object" : "an array"
            return .failure(Problem(text: "label is \(kind), not a string"))
        default:
            let token = self.token()
            guard token.count > 0 else { return .failure(Problem(text: "label has no value: found \(describe(at: start))")) }
            if let literal = literal(token) {
                return literal == "null" ? .success(nil) : .failure(Problem(text: "label is \(literal), not a string"))
            }
            return .failure(Problem(text: "label is not a string: \(CSVBytes.quoted(token))"))
        }
    }

    // MARK: Scanning

    private mutating func skipSpace() {
        while index < count {
            switch base[index] {
            case 0x20, 0x09, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The string at `index` (which is `"`), without its quotes and with its escapes as written; nil when the line
    /// ends inside it.
    private mutating func string() -> UnsafeBufferPointer<UInt8>? {
        index += 1
        let start = index
        while index < count {
            switch base[index] {
            case UInt8(ascii: "\""):
                let text = UnsafeBufferPointer(start: base + start, count: index - start)
                index += 1
                return text
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        index = count
        return nil
    }

    /// The bare token at `index` (a number or a literal): up to the next `,`, `}`, `]` or space.
    private mutating func token() -> UnsafeBufferPointer<UInt8> {
        let start = index
        while index < count {
            switch base[index] {
            case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0D: break
            default:
                index += 1
                continue
            }
            break
        }
        return UnsafeBufferPointer(start: base + start, count: index - start)
    }

    /// Skips any JSON value (strings, tokens, nested objects and arrays); false when the line ends inside it.
    private mutating func skipValue(depth: Int) -> Bool {
        switch base[index] {
        case UInt8(ascii: "\""):
            return string() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            // Nested values are skipped by counting brackets outside strings (their own syntax is not checked).
            var open = 0
            while index < count {
                switch base[index] {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): open += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    open -= 1
                    if open == 0 {
                        index += 1
                        return true
                    }
                default: break
                }
                index += 1
            }
            return false
        default:
            _ = token()
            return true
        }
    }

    /// `null`, `true` or `false` when `token` is one of them.
    private func literal(_ token: UnsafeBufferPointer<UInt8>) -> String? {
        for literal: StaticString in ["null", "true", "false"] where equal(token, literal) { return "\(literal)" }
        return nil
    }

    private func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        bytes.count == name.utf8CodeUnitCount && bytes.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    // MARK: Messages

    /// The 1-based character position of byte `offset` (UTF-8 continuation bytes do not count).
    private func column(_ offset: Int) -> Int {
        var column = 1
        for position in 0..<min(offset, count) where base[position] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    private func failure(at offset: Int, _ problem: String) -> Parsed {
        Parsed(line: .failure(column: column(offset), problem: problem))
    }

    /// The line ends inside the object (no column: a truncated last line says so).
    private func unclosed() -> Parsed {
        Parsed(line: .failure(column: nil, problem: "the object is not closed: the line ends before its '}'"))
    }

    private func here() -> String { describe(at: index) }

    private func describe(at offset: Int) -> String {
        guard offset < count else { return "the end of the line" }
        let end = min(count, offset + 20)
        return CSVBytes.quoted(UnsafeBufferPointer(start: base + offset, count: end - offset))
    }

    private func quoted(_ key: UnsafeBufferPointer<UInt8>) -> String {
        "\"" + String(decoding: key.prefix(40), as: UTF8.self) + "\""
    }
}

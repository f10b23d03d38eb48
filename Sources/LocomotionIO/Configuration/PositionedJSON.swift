/// A JSON value with the line and column where it starts, for messages that point at it.
///
/// Parsed by ``PositionedJSON/parse(_:)`` strictly to RFC 8259 (no comments, no trailing commas, no NaN),
/// with a UTF-8 byte-order mark allowed, at most ``maximumDepth`` levels of nesting. Object members keep
/// their order and the position of their keys.
struct PositionedJSON {
    enum Value {
        case object([(key: String, keyLine: Int, keyColumn: Int, value: PositionedJSON)])
        case array([PositionedJSON])
        /// The number and its text as written.
        case number(Double, String)
        case string(String)
        case bool(Bool)
        case null
    }

    var value: Value
    var line: Int
    var column: Int

    /// Deeper nesting is refused (a configuration has two levels).
    static let maximumDepth = 32

    /// A syntax error: where and what.
    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var problem: String
    }

    /// What the value is, in words (`a number`, `an object`), for messages.
    var kindName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .number: "a number"
        case .string: "a string"
        case .bool: "true or false"
        case .null: "null"
        }
    }

    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> PositionedJSON {
        var parser = Parser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.error("unexpected \(parser.describeHere()) after the end of the JSON value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var column: Int {
            // Columns count characters, not bytes: skip UTF-8 continuation bytes.
            bytes[lineStart..<min(index, bytes.count)].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        }

        func error(_ problem: String) -> SyntaxError { SyntaxError(line: line, column: column, problem: problem) }

        func describeHere() -> String {
            guard index < bytes.count else { return "end of file" }
            let byte = bytes[index]
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0D: index += 1
                case 0x0A:
                    index += 1
                    line += 1
                    lineStart = index
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> PositionedJSON {
            guard depth < PositionedJSON.maximumDepth else { throw error("nested deeper than \(PositionedJSON.maximumDepth) levels") }
            let (startLine, startColumn) = (line, column)
            func made(_ value: Value) -> PositionedJSON { PositionedJSON(value: value, line: startLine, column: startColumn) }
            guard index < bytes.count else { throw error("the file ends where a value was expected") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, keyLine: Int, keyColumn: Int, value: PositionedJSON)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return made(.object(members))
                }
                while true {
                    skipSpace()
                    let (keyLine, keyColumn) = (line, column)
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        throw error("expected a key in double quotes, found \(describeHere())")
                    }
                    let key = try string()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                        throw error("expected ':' after the key \"\(key)\", found \(describeHere())")
                    }
                    index += 1
                    skipSpace()
                    members.append((key, keyLine, keyColumn, try value(depth: depth + 1)))
                    skipSpace()
                    guard index < bytes.count else { throw error("the file ends inside an object (missing '}')") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return made(.object(members)) }
                    throw error("expected ',' or '}' after a member, found \(describeHere())")
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [PositionedJSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return made(.array(elements))
                }
                while true {
                    skipSpace()
                    elements.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw error("the file ends inside an array (missing ']')") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return made(.array(elements)) }
                    throw error("expected ',' or ']' after an element, found \(describeHere())")
                }
            case UInt8(ascii: "\""):
                return made(.string(try string()))
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                for (word, result) in [("true", Value.bool(true)), ("false", .bool(false)), ("null", .null)]
                where bytes[index...].starts(with: word.utf8) {
                    index += word.utf8.count
                    return made(result)
                }
                throw error("unexpected \(describeHere()) (not true, false or null)")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return made(try number())
            default:
                throw error("unexpected \(describeHere()) where a value was expected")
            }
        }

        /// A string after its opening quote, with JSON's escapes.
        mutating func string() throws(SyntaxError) -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll()
            }
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard index + 1 < bytes.count else { break }
                    let escape = bytes[index + 1]
                    index += 2
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        guard index + 4 <= bytes.count,
                              let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                            throw error("a \\u escape needs four hexadecimal digits")
                        }
                        index += 4
                        scalars.append(UnicodeScalar(code) ?? "\u{FFFD}")
                    default:
                        throw error("unknown escape \\\(Character(UnicodeScalar(escape)))")
                    }
                case 0x00..<0x20:
                    throw error("a control character (byte 0x\(String(byte, radix: 16, uppercase: true))) inside a string")
                default:
                    run.append(byte)
                    index += 1
                }
            }
            throw error("the file ends inside a string (missing '\"')")
        }

        /// A number in JSON's grammar; its value by Swift's correctly rounded conversion.
        mutating func number() throws(SyntaxError) -> Value {
            let start = index
            func digits() -> Int {
                let first = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - first
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let integerStart = index
            guard digits() > 0 else { throw error("a number needs digits after '-'") }
            if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 {
                throw error("a number may not have leading zeros")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("a number needs digits after '.'") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw error("a number needs digits in its exponent") }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            // Swift reads an out-of-range exponent as ±∞ or 0: the parameter's range check refuses ∞.
            return .number(Double(text) ?? .nan, text)
        }
    }
}

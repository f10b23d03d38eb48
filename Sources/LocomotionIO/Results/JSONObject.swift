/// One JSON object written field by field, in the order given: a row of the command line's JSON Lines outputs.
/// Keys are plain identifiers; text values are escaped (``string(_:)``), numbers are written by ``NumberText``.
///
/// ```swift
/// var row = JSONObject()
/// row.add("day", "2026-06-01")
/// row.add("distance_m", number: NumberText.fixed(distance, 3))
/// text += row.line                                   // {"day":"2026-06-01","distance_m":812.500}\n
/// ```
package struct JSONObject {
    private var text = "{"
    private var isEmpty = true

    package init() {}

    /// A text field.
    package mutating func add(_ key: String, _ value: String) { add(key, raw: Self.string(value)) }

    /// A whole-number field.
    package mutating func add(_ key: String, _ value: Int) { add(key, raw: String(value)) }

    /// A `true`/`false` field.
    package mutating func add(_ key: String, _ value: Bool) { add(key, raw: value ? "true" : "false") }

    /// A number already written as JSON text (by ``NumberText``), or `null` for nil.
    package mutating func add(_ key: String, number: String?) { add(key, raw: number ?? "null") }

    /// A nested object.
    package mutating func add(_ key: String, _ object: JSONObject) { add(key, raw: object.text + "}") }

    /// The object as one line, with its line break.
    package var line: String { text + "}\n" }

    private mutating func add(_ key: String, raw: String) {
        text += (isEmpty ? "\"" : ",\"") + key + "\":" + raw
        isEmpty = false
    }

    /// A JSON string literal of `text`: quotes, backslashes and control characters escaped.
    package static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

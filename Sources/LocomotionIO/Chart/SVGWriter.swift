/// Builds SVG markup as text: elements with escaped attributes and compact
/// coordinates (one decimal, enough at screen resolution, so a day's chart stays small).
package struct SVGWriter {
    package private(set) var text = ""

    /// Appends an element with no content (`<rect …/>`).
    package mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String>) {
        text += "<\(name)"
        append(attributes)
        text += "/>\n"
    }

    /// Appends an element holding `content`, escaped (`<text …>content</text>`).
    package mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String>, text content: String) {
        text += "<\(name)"
        append(attributes)
        text += ">\(SVGWriter.escaped(content))</\(name)>\n"
    }

    /// Opens a container element (`<g …>`); close it with `close(_:)`.
    package mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        text += "<\(name)"
        append(attributes)
        text += ">\n"
    }

    /// Closes a container opened with `open(_:_:)`.
    package mutating func close(_ name: String) {
        text += "</\(name)>\n"
    }

    /// Appends markup as is (the caller made it well-formed).
    package mutating func raw(_ markup: String) {
        text += markup
    }

    private mutating func append(_ attributes: KeyValuePairs<String, String>) {
        for (key, value) in attributes {
            text += " \(key)=\"\(SVGWriter.escaped(value))\""
        }
    }

    /// `text` with the five XML special characters replaced by entities.
    package static func escaped(_ text: String) -> String {
        guard text.contains(where: { "&<>\"'".contains($0) }) else { return text }
        var result = ""
        result.reserveCapacity(text.count + 8)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A coordinate rounded to one decimal, without a trailing `.0` (`12`, `12.5`, `-0.3`).
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        let whole = magnitude / 10, fraction = magnitude % 10
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}

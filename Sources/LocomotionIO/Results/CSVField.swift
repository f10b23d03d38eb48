/// A CSV text field, quoted when it holds a comma, quote or line break, and neutralised when it begins as a
/// spreadsheet formula would (`=`, `+`, `-`, `@`, tab, carriage return): a leading `'` makes a spreadsheet show
/// it as text instead of running it (OWASP, *CSV Injection*). Only text goes through here — participant names,
/// paths, labels; numbers (a negative distance, a time before 1970) are written as they are, never altered.
/// `-` alone, the name of standard input, is no formula and stays as it is.
package func csvField(_ text: String) -> String {
    var text = text
    if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), text != "-" { text = "'" + text }
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}

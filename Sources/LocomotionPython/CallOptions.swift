import LocomotionDSP
import LocomotionIO

/// The options of one call from Python: `key=value` lines, so that a reader option or a table option added later
/// reaches Python without a change of the C interface. Unknown keys are refused by name (``finish()``).
struct CallOptions {
    private var values: [String: String] = [:]
    private var used: Set<String> = []

    /// Parses `text` (`key=value` per line; empty lines ignored).
    init(_ text: String) throws(CallFailure) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let equals = line.firstIndex(of: "=") else {
                throw .argument("option '\(line)' is not key=value")
            }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
    }

    /// The value of `key`, or nil when the caller did not give it.
    mutating func string(_ key: String) -> String? {
        used.insert(key)
        return values[key]
    }

    mutating func bool(_ key: String, default fallback: Bool) throws(CallFailure) -> Bool {
        guard let text = string(key) else { return fallback }
        switch text {
        case "true", "1": return true
        case "false", "0": return false
        default: throw .argument("\(key)=\(text): expected true or false")
        }
    }

    mutating func double(_ key: String, default fallback: Double) throws(CallFailure) -> Double {
        guard let text = string(key) else { return fallback }
        guard let value = Double(text), value.isFinite else { throw .argument("\(key)=\(text): expected a number") }
        return value
    }

    mutating func int(_ key: String, default fallback: Int) throws(CallFailure) -> Int {
        guard let text = string(key) else { return fallback }
        guard let value = Int(text) else { throw .argument("\(key)=\(text): expected a whole number") }
        return value
    }

    /// The reading options of a trace, with the command line's names and defaults (`units` g, ms2 or auto,
    /// `lenient`, `unit_check`).
    mutating func reading() throws(CallFailure) -> TraceReadingOptions {
        let units: AccelerationUnit
        var detectsUnits = false
        switch string("units") ?? "g" {
        case "g": units = .g
        case "ms2", "m/s2", "m/s²": units = .metersPerSecondSquared
        case "auto":
            units = .g
            detectsUnits = true
        case let other: throw .argument("units=\(other): expected g, ms2 or auto")
        }
        var options = TraceReadingOptions(units: units, lenient: try bool("lenient", default: false),
                                          checkUnits: try bool("unit_check", default: true))
        options.detectsUnits = detectsUnits
        return options
    }

    /// Throws for a key no part of the call read (a misspelt option is an error, never ignored).
    func finish() throws(CallFailure) {
        let unknown = values.keys.filter { !used.contains($0) }.sorted()
        if !unknown.isEmpty { throw .argument("unknown option\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", "))") }
    }
}

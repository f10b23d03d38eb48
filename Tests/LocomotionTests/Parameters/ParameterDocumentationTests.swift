import Foundation
import Locomotion
import Testing

/// Docs/parameters.md lists every parameter with the default and range the code has, so the documented
/// ranges cannot drift from the checked ones. A failure prints the table to paste.
@Suite struct ParameterDocumentationTests {
    static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/parameters.md")

    /// The Markdown table of `configuration`'s parameters.
    static func table<Configuration: ParameterizedConfiguration>(_ configuration: Configuration,
                                                                 excluding groups: [String] = []) -> String {
        var lines = ["| parameter | default | takes | unit |", "| --- | --- | --- | --- |"]
        for parameter in Configuration.parameters where !groups.contains(where: { parameter.name.hasPrefix($0 + ".") }) {
            let takes: String
            switch parameter.kind {
            case .real(let range):
                takes = range.upperBound == .infinity ? "≥ \(number(range.lowerBound)), or ∞ (off)"
                    : range.upperBound == .greatestFiniteMagnitude ? "≥ \(number(range.lowerBound))"
                    : "\(number(range.lowerBound)) … \(number(range.upperBound))"
            case .integer(let range): takes = "whole, \(range.lowerBound) … \(range.upperBound)"
            case .interval(let range): takes = "[low, high] within \(number(range.lowerBound)) … \(number(range.upperBound))"
            case .choice(let names): takes = names.map { "`\($0)`" }.joined(separator: ", ")
            case .flag: takes = "`true`, `false`"
            }
            lines.append("| `\(parameter.name)` | \(text(parameter.value(in: configuration))) | \(takes) | \(parameter.unit) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e16 ? String(Int64(value)) : "\(value)"
    }

    static func text(_ value: ParameterValue) -> String {
        switch value {
        case .number(let number): number.isInfinite ? "∞" : number == .greatestFiniteMagnitude ? "max" : Self.number(number)
        case .interval(let low, let high): "[\(Self.number(low)), \(Self.number(high))]"
        case .text(let name): "`\(name)`"
        case .flag(let flag): "`\(flag)`"
        }
    }

    @Test(arguments: [
        ("ActivityClassifier.Configuration", table(ActivityClassifier.Configuration())),
        ("StepDetector.Configuration", table(StepDetector.Configuration())),
        ("RecordingGate.Configuration", table(RecordingGate.Configuration())),
        ("Odometer.Configuration", table(Odometer.Configuration())),
        ("MotionEngine.Configuration", table(MotionEngine.Configuration(), excluding: ["classifier", "steps", "gate", "odometer"])),
    ])
    func thePageListsTheRangesTheCodeChecks(name: String, table: String) throws {
        let page = try String(contentsOf: Self.page, encoding: .utf8)
        #expect(page.contains(table), "Docs/parameters.md lacks the current table of \(name); it should hold:\n\(table)")
    }
}

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Locomotion
import Testing
@testable import LocomotionIO

@Suite struct TraceChartTests {
    /// A 10-minute chart with every lane: magnitude, activity, steps, modes and distance.
    func fullChart(width: Int = 1000) -> TraceChart {
        let start = 1_700_000_000.0, end = start + 600
        var envelope = MagnitudeEnvelope(start: start, end: end, columnCount: TraceChart.plotColumns(width: width))
        for index in 0..<30_000 {
            let time = start + Double(index) * 0.02
            envelope.add(1 + (time > start + 300 ? 0.4 * sin(Double(index)) : 0), at: time)
        }
        var chart = TraceChart(title: "Locomotion · walk.csv", subtitle: "10 min <test> & more", start: start, end: end,
                               timeLabels: .absolute(TimeZone(identifier: "UTC")!), width: width)
        chart.magnitude = envelope
        chart.activities = [
            ChartBand(start: start, end: start + 300, label: "stationary", colour: ChartPalette.colour(of: .stationary)),
            ChartBand(start: start + 300, end: end, label: "walking", colour: ChartPalette.colour(of: .walking)),
        ]
        chart.steps = stride(from: start + 305, to: end, by: 0.5).map { $0 }
        chart.modes = [
            ChartBand(start: start, end: start + 320, label: "low-power", colour: ChartPalette.lowPower),
            ChartBand(start: start + 320, end: end, label: "high-accuracy", colour: ChartPalette.highAccuracy),
        ]
        chart.distance = DistanceSeries(
            points: stride(from: 320.0, through: 600, by: 10).map { .init(time: start + $0, meters: ($0 - 320) * 1.4) },
            days: [.init(label: "2023-11-14", start: start + 320, meters: 392)])
        return chart
    }

    func parse(_ svg: String) throws -> XMLElement {
        let document = try XMLDocument(data: Data(svg.utf8), options: [])
        return try #require(document.rootElement())
    }

    func elements(_ root: XMLElement, _ name: String, class className: String? = nil) -> [XMLElement] {
        var found: [XMLElement] = []
        func visit(_ element: XMLElement) {
            if element.localName == name, className == nil || attribute(element, "class") == className {
                found.append(element)
            }
            for case let child as XMLElement in element.children ?? [] { visit(child) }
        }
        visit(root)
        return found
    }

    /// An attribute's value (FoundationXML on Linux does not find plain attributes by name in a default namespace).
    func attribute(_ element: XMLElement, _ name: String) -> String? {
        (element.attributes ?? []).first { $0.name == name || $0.localName == name }?.stringValue
    }

    func groups(_ root: XMLElement, class className: String) -> [XMLElement] { elements(root, "g", class: className) }

    @Test func rendersWellFormedSVGWithEveryLane() throws {
        let chart = fullChart()
        let root = try parse(chart.svg())
        #expect(root.localName == "svg")
        #expect(attribute(root, "width") == "1000")
        let texts = elements(root, "text").compactMap(\.stringValue)
        #expect(texts.contains("Locomotion · walk.csv"))
        #expect(texts.contains("10 min <test> & more"), "special characters are escaped and read back")
        #expect(elements(root, "path", class: "magnitude-envelope").count == 1)
        #expect(groups(root, class: "activity-lane").count == 1)
        #expect(groups(root, class: "steps-lane").count == 1)
        #expect(groups(root, class: "mode-lane").count == 1)
        #expect(elements(root, "path", class: "distance-curve").count == 1)
        for label in ["stationary", "walking", "high-accuracy", "low-power", "step (590 in all)", "activity", "steps", "mode"] {
            #expect(texts.contains(label), "missing text \(label)")
        }
        #expect(texts.contains("2023-11-14: 392 m"))
        #expect(texts.contains("time (UTC)"))
    }

    @Test func bandsAndTicksSitWhereTheTimeAxisPutsThem() throws {
        let chart = fullChart()
        let axis = chart.timeAxis
        let root = try parse(chart.svg())
        let lane = try #require(groups(root, class: "mode-lane").first)
        let rectangles = elements(lane, "rect").filter { attribute($0, "fill") == ChartPalette.highAccuracy }
        let band = try #require(rectangles.first)
        let x = try #require(Double(attribute(band, "x") ?? ""))
        let width = try #require(Double(attribute(band, "width") ?? ""))
        #expect(abs(x - axis.x(chart.start + 320)) <= 0.05)
        #expect(abs(x + width - axis.right) <= 0.1)
        // Steps every 0.5 s over 295 s at 0.6 s per pixel column: one tick per column with steps, no more.
        let ticks = try #require(elements(root, "path", class: "step-ticks").first.flatMap { attribute($0, "d") })
        let tickCount = ticks.filter { $0 == "M" }.count
        let columns = Set(chart.steps!.map { Int(axis.x($0).rounded(.down)) })
        #expect(tickCount == columns.count)
        #expect(tickCount < chart.steps!.count)
    }

    @Test func lanesWithoutDataAreLeftOutAndNotesSayWhy() throws {
        var chart = fullChart()
        chart.steps = nil
        chart.modes = nil
        chart.distance = nil
        chart.notes = ["Not drawn: no step detector."]
        let root = try parse(chart.svg())
        #expect(groups(root, class: "steps-lane").isEmpty)
        #expect(groups(root, class: "mode-lane").isEmpty)
        #expect(elements(root, "path", class: "distance-curve").isEmpty)
        #expect(elements(root, "text").compactMap(\.stringValue).contains("Not drawn: no step detector."))
        let fullHeight = try #require(Int(attribute(try parse(fullChart().svg()), "height") ?? ""))
        let height = try #require(Int(attribute(root, "height") ?? ""))
        #expect(height < fullHeight, "left-out lanes take no room")
    }

    @Test func aDayAt50HertzStaysSmall() throws {
        // 24 h of 50 Hz samples with a rhythm throughout: the envelope, not the samples, sets the size.
        let width = 1200
        var envelope = MagnitudeEnvelope(start: 0, end: 86_400, columnCount: TraceChart.plotColumns(width: width))
        for index in 0..<(86_400 * 50) {
            envelope.add(1 + 0.5 * sin(Double(index) * 0.7), at: Double(index) / 50)
        }
        var chart = TraceChart(title: "day", subtitle: "", start: 0, end: 86_400, timeLabels: .relative(origin: 0), width: width)
        chart.magnitude = envelope
        chart.steps = stride(from: 0.0, to: 86_400, by: 0.55).map { $0 }
        let svg = chart.svg()
        #expect(svg.utf8.count < 120_000, "\(svg.utf8.count) bytes")
        let root = try parse(svg)
        #expect(elements(root, "text").compactMap(\.stringValue).contains("24:00"))
    }

    @Test func numbersAreCompact() {
        #expect(SVGWriter.number(12) == "12")
        #expect(SVGWriter.number(12.54) == "12.5")
        #expect(SVGWriter.number(-0.26) == "-0.3")
        #expect(SVGWriter.number(-0.04) == "0")
        #expect(SVGWriter.number(.nan) == "0")
        #expect(SVGWriter.escaped("a<b & \"c\"") == "a&lt;b &amp; &quot;c&quot;")
    }
}

import Locomotion

/// A trace on one time axis, as an SVG picture: acceleration magnitude (min–max
/// per pixel column) over coloured activity bands, then lanes for activity,
/// steps and recording mode, then the distance travelled per day, a time axis,
/// a legend and notes.
///
/// A value fed with data, rendering with no I/O: lanes without data (nil) are
/// left out, and `notes` say why. The picture is self-contained (no scripts,
/// fonts or images from elsewhere).
package struct TraceChart: Sendable {
    /// The headline, e.g. the file name.
    package var title: String
    /// A line under the title: time range, samples, totals.
    package var subtitle: String
    /// The time range shown, seconds (the trace's clock); `end > start`.
    package var start: Double
    package var end: Double
    /// How the time axis is labelled.
    package var timeLabels: TimeAxis.Labels
    /// Width of the picture in pixels; the height follows from the lanes present.
    package var width: Int
    /// Acceleration magnitude |a| in g, one column per pixel of the plot area (see ``plotColumns(width:)``).
    package var magnitude: MagnitudeEnvelope?
    /// Activity segments.
    package var activities: [ChartBand]?
    /// Step times, seconds.
    package var steps: [Double]?
    /// Recording-mode segments.
    package var modes: [ChartBand]?
    /// Distance per day.
    package var distance: DistanceSeries?
    /// Lines printed under the legend (what is missing, and why).
    package var notes: [String] = []

    /// A chart of `start` … `end` (s), `width` pixels wide, with nothing drawn yet.
    package init(title: String, subtitle: String, start: Double, end: Double, timeLabels: TimeAxis.Labels, width: Int) {
        self.title = title
        self.subtitle = subtitle
        self.start = start
        self.end = end
        self.timeLabels = timeLabels
        self.width = width
    }

    // Layout, in pixels.
    package static let leftMargin = 92.0
    package static let rightMargin = 36.0
    private static let magnitudeHeight = 190.0
    private static let laneHeight = 16.0
    private static let stepLaneHeight = 22.0
    private static let distanceHeight = 110.0
    private static let fontFamily = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

    /// The number of pixel columns of the plot area for a picture `width` pixels wide
    /// (the column count to give ``MagnitudeEnvelope``).
    package static func plotColumns(width: Int) -> Int {
        max(1, Int(Double(width) - leftMargin - rightMargin))
    }

    /// The time axis over the plot area.
    package var timeAxis: TimeAxis {
        TimeAxis(start: start, end: end, left: Self.leftMargin,
                 right: Self.leftMargin + Double(Self.plotColumns(width: width)), labels: timeLabels)
    }

    /// The SVG document.
    package func svg() -> String {
        let axis = timeAxis
        var body = SVGWriter()
        var y = 62.0
        let plotTop = y
        let tickCount = max(2, Int((axis.right - axis.left) / 95))
        let ticks = axis.ticks(maximumCount: tickCount)

        // Vertical grid first, so that everything else draws over it; its height is known at the end.
        var sections = SVGWriter()
        if let magnitude {
            drawMagnitude(magnitude, axis: axis, top: y, into: &sections)
            y += Self.magnitudeHeight + 12
        }
        if let activities {
            drawLane(label: "activity", bands: activities, axis: axis, top: y, into: &sections)
            y += Self.laneHeight + 8
        }
        if let steps {
            drawSteps(steps, axis: axis, top: y, into: &sections)
            y += Self.stepLaneHeight + 8
        }
        if let modes {
            drawLane(label: "mode", bands: modes, axis: axis, top: y, into: &sections)
            y += Self.laneHeight + 8
        }
        if let distance {
            y += 6
            drawDistance(distance, axis: axis, top: y, into: &sections)
            y += Self.distanceHeight
        }
        let plotBottom = y

        body.open("g", ["stroke": ChartPalette.grid, "stroke-width": "1"])
        for tick in ticks {
            let x = SVGWriter.number(axis.x(tick.time))
            body.element("line", ["x1": x, "y1": SVGWriter.number(plotTop), "x2": x, "y2": SVGWriter.number(plotBottom)])
        }
        body.close("g")
        body.raw(sections.text)
        y = drawTimeAxis(axis, ticks: ticks, spacing: axis.spacing(maximumCount: tickCount), bottom: plotBottom, into: &body)
        y = drawLegend(top: y + 18, into: &body)
        for note in notes {
            y += 16
            body.element("text", ["x": SVGWriter.number(Self.leftMargin), "y": SVGWriter.number(y),
                                  "font-size": "11", "font-style": "italic", "fill": ChartPalette.secondaryText], text: note)
        }
        let height = Int((y + 14).rounded(.up))

        var document = SVGWriter()
        document.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        document.open("svg", [
            "xmlns": "http://www.w3.org/2000/svg", "version": "1.1",
            "width": "\(width)", "height": "\(height)", "viewBox": "0 0 \(width) \(height)",
            "font-family": Self.fontFamily, "role": "img",
        ])
        document.element("title", [:], text: title)
        document.element("desc", [:], text: subtitle)
        document.element("rect", ["x": "0", "y": "0", "width": "\(width)", "height": "\(height)", "fill": "#ffffff"])
        document.element("text", ["x": SVGWriter.number(Self.leftMargin), "y": "26", "font-size": "17",
                                  "font-weight": "bold", "fill": ChartPalette.text], text: title)
        document.element("text", ["x": SVGWriter.number(Self.leftMargin), "y": "45", "font-size": "12",
                                  "fill": ChartPalette.secondaryText], text: subtitle)
        document.raw(body.text)
        document.close("svg")
        return document.text
    }

    // MARK: Sections

    private func drawMagnitude(_ envelope: MagnitudeEnvelope, axis: TimeAxis, top: Double, into svg: inout SVGWriter) {
        let height = Self.magnitudeHeight
        let scale = ValueScale(covering: max(envelope.largestValue ?? 1, 1.5), tickCount: 4)
        func y(_ value: Double) -> Double { top + height - min(value, scale.upper) / scale.upper * height }

        svg.open("g", ["class": "magnitude"])
        if let activities {
            svg.open("g", ["class": "activity-background", "fill-opacity": "0.2"])
            drawBands(activities, axis: axis, top: top, height: height, into: &svg)
            svg.close("g")
        }
        svg.open("g", ["stroke": ChartPalette.grid, "stroke-width": "1", "font-size": "11", "fill": ChartPalette.secondaryText])
        for value in scale.ticks {
            let tickY = SVGWriter.number(y(value))
            svg.element("line", ["x1": SVGWriter.number(axis.left), "y1": tickY, "x2": SVGWriter.number(axis.right), "y2": tickY])
            svg.element("text", ["x": SVGWriter.number(axis.left - 6), "y": SVGWriter.number(y(value) + 4),
                                 "text-anchor": "end", "stroke": "none"], text: scale.label(value))
        }
        svg.close("g")
        // 1 g: the magnitude of gravity alone, what a still phone reads.
        let gravityY = SVGWriter.number(y(1))
        svg.element("line", ["x1": SVGWriter.number(axis.left), "y1": gravityY, "x2": SVGWriter.number(axis.right),
                             "y2": gravityY, "stroke": "#999999", "stroke-width": "1", "stroke-dasharray": "4 3"])

        var path = ""
        for run in envelope.runs(maximumGap: 1.0) {
            let xs = run.map { axis.x(envelope.start + (Double($0) + 0.5) * envelope.columnDuration) }
            let maxima = run.map { y(envelope.maximum[$0]) }
            let minima = run.map { y(envelope.minimum[$0]) }
            path += "M\(SVGWriter.number(xs[0])) \(SVGWriter.number(maxima[0]))"
            for index in xs.indices.dropFirst() { path += "L\(SVGWriter.number(xs[index])) \(SVGWriter.number(maxima[index]))" }
            for index in xs.indices.reversed() { path += "L\(SVGWriter.number(xs[index])) \(SVGWriter.number(minima[index]))" }
            path += "Z"
        }
        if !path.isEmpty {
            svg.element("path", ["class": "magnitude-envelope", "d": path, "fill": ChartPalette.magnitude,
                                 "stroke": ChartPalette.magnitude, "stroke-width": "0.8", "stroke-linejoin": "round"])
        }
        svg.element("rect", ["x": SVGWriter.number(axis.left), "y": SVGWriter.number(top),
                             "width": SVGWriter.number(axis.right - axis.left), "height": SVGWriter.number(height),
                             "fill": "none", "stroke": ChartPalette.axis, "stroke-width": "1"])
        svg.element("text", ["x": SVGWriter.number(axis.left - 42), "y": SVGWriter.number(top + height / 2),
                             "font-size": "12", "fill": ChartPalette.text, "text-anchor": "middle",
                             "transform": "rotate(-90 \(SVGWriter.number(axis.left - 42)) \(SVGWriter.number(top + height / 2)))"],
                    text: "|a| (g)")
        svg.close("g")
    }

    private func drawLane(label: String, bands: [ChartBand], axis: TimeAxis, top: Double, into svg: inout SVGWriter) {
        svg.open("g", ["class": "\(label)-lane"])
        laneLabel(label, top: top, height: Self.laneHeight, axis: axis, into: &svg)
        drawBands(bands, axis: axis, top: top, height: Self.laneHeight, into: &svg)
        svg.element("rect", ["x": SVGWriter.number(axis.left), "y": SVGWriter.number(top),
                             "width": SVGWriter.number(axis.right - axis.left), "height": SVGWriter.number(Self.laneHeight),
                             "fill": "none", "stroke": "#bbbbbb", "stroke-width": "0.5"])
        svg.close("g")
    }

    /// Bands clipped to the axis range, each at least half a pixel wide so that short ones stay visible.
    private func drawBands(_ bands: [ChartBand], axis: TimeAxis, top: Double, height: Double, into svg: inout SVGWriter) {
        for band in bands where band.end > axis.start && band.start < axis.end {
            let left = axis.x(max(band.start, axis.start)), right = axis.x(min(band.end, axis.end))
            svg.element("rect", ["x": SVGWriter.number(left), "y": SVGWriter.number(top),
                                 "width": SVGWriter.number(max(0.5, right - left)), "height": SVGWriter.number(height),
                                 "fill": band.colour])
        }
    }

    private func drawSteps(_ steps: [Double], axis: TimeAxis, top: Double, into svg: inout SVGWriter) {
        svg.open("g", ["class": "steps-lane"])
        laneLabel("steps", top: top, height: Self.stepLaneHeight, axis: axis, into: &svg)
        // One tick per pixel column holding steps: a day of walking stays a few kilobytes.
        var path = ""
        var lastColumn = Int.min
        for time in steps where time >= axis.start && time <= axis.end {
            let column = Int(axis.x(time).rounded(.down))
            guard column != lastColumn else { continue }
            lastColumn = column
            path += "M\(column).5 \(SVGWriter.number(top + 2))V\(SVGWriter.number(top + Self.stepLaneHeight - 2))"
        }
        if !path.isEmpty {
            svg.element("path", ["class": "step-ticks", "d": path, "stroke": ChartPalette.steps, "stroke-width": "1"])
        }
        svg.element("line", ["x1": SVGWriter.number(axis.left), "y1": SVGWriter.number(top + Self.stepLaneHeight),
                             "x2": SVGWriter.number(axis.right), "y2": SVGWriter.number(top + Self.stepLaneHeight),
                             "stroke": "#bbbbbb", "stroke-width": "0.5"])
        svg.close("g")
    }

    private func drawDistance(_ series: DistanceSeries, axis: TimeAxis, top: Double, into svg: inout SVGWriter) {
        let height = Self.distanceHeight
        let largest = series.days.map(\.meters).max() ?? 0
        let inKilometres = largest >= 2000
        let unit = inKilometres ? 1000.0 : 1.0
        let scale = ValueScale(covering: max(largest / unit, inKilometres ? 1 : 100), tickCount: 3)
        func y(_ meters: Double) -> Double { top + height - min(meters / unit, scale.upper) / scale.upper * height }

        svg.open("g", ["class": "distance"])
        svg.open("g", ["stroke": ChartPalette.grid, "stroke-width": "1", "font-size": "11", "fill": ChartPalette.secondaryText])
        for value in scale.ticks {
            let tickY = SVGWriter.number(y(value * unit))
            svg.element("line", ["x1": SVGWriter.number(axis.left), "y1": tickY, "x2": SVGWriter.number(axis.right), "y2": tickY])
            svg.element("text", ["x": SVGWriter.number(axis.left - 6), "y": SVGWriter.number(y(value * unit) + 4),
                                 "text-anchor": "end", "stroke": "none"], text: scale.label(value))
        }
        svg.close("g")

        // The curve restarts at each day; one point per pixel column is enough.
        var path = ""
        var lastColumn = Int.min
        var dayIndex = 0
        var previous: DistanceSeries.Point?
        for point in series.points where point.time >= axis.start && point.time <= axis.end {
            var newDay = false
            while dayIndex + 1 < series.days.count && point.time >= series.days[dayIndex + 1].start {
                dayIndex += 1
                newDay = true
            }
            let x = axis.x(point.time)
            let column = Int(x.rounded(.down))
            if path.isEmpty || newDay {
                path += "M\(SVGWriter.number(x)) \(SVGWriter.number(y(point.meters)))"
            } else if column != lastColumn || point == series.points.last {
                // Horizontal then vertical: distance only grows at fixes.
                if let previous { path += "H\(SVGWriter.number(x))V\(SVGWriter.number(y(max(previous.meters, point.meters))))" }
            }
            lastColumn = column
            previous = point
        }
        if !path.isEmpty {
            svg.element("path", ["class": "distance-curve", "d": path, "fill": "none", "stroke": ChartPalette.distance,
                                 "stroke-width": "2", "stroke-linejoin": "round"])
        }
        for (index, day) in series.days.enumerated() {
            let dayStart = max(day.start, axis.start)
            guard dayStart <= axis.end else { continue }
            let x = axis.x(dayStart)
            if index > 0 {
                svg.element("line", ["x1": SVGWriter.number(x), "y1": SVGWriter.number(top), "x2": SVGWriter.number(x),
                                     "y2": SVGWriter.number(top + height), "stroke": ChartPalette.axis,
                                     "stroke-width": "1", "stroke-dasharray": "3 3"])
            }
            svg.element("text", ["x": SVGWriter.number(x + 5), "y": SVGWriter.number(top + 14), "font-size": "11",
                                 "fill": ChartPalette.text],
                        text: "\(day.label): \(ReportText.distanceText(day.meters))")
        }
        svg.element("rect", ["x": SVGWriter.number(axis.left), "y": SVGWriter.number(top),
                             "width": SVGWriter.number(axis.right - axis.left), "height": SVGWriter.number(height),
                             "fill": "none", "stroke": ChartPalette.axis, "stroke-width": "1"])
        let labelX = SVGWriter.number(axis.left - 42), labelY = SVGWriter.number(top + height / 2)
        svg.element("text", ["x": labelX, "y": labelY, "font-size": "12", "fill": ChartPalette.text, "text-anchor": "middle",
                             "transform": "rotate(-90 \(labelX) \(labelY))"],
                    text: inKilometres ? "distance (km)" : "distance (m)")
        svg.close("g")
    }

    /// Tick marks and labels under the plot; returns the y of the last line drawn.
    private func drawTimeAxis(_ axis: TimeAxis, ticks: [TimeAxis.Tick], spacing: Double, bottom: Double, into svg: inout SVGWriter) -> Double {
        svg.open("g", ["class": "time-axis", "font-size": "11", "fill": ChartPalette.text, "text-anchor": "middle"])
        var path = ""
        for tick in ticks { path += "M\(SVGWriter.number(axis.x(tick.time))) \(SVGWriter.number(bottom))v5" }
        svg.element("path", ["d": path, "stroke": ChartPalette.axis, "stroke-width": "1"])
        var hasDates = false
        for tick in ticks {
            let x = SVGWriter.number(axis.x(tick.time))
            svg.element("text", ["x": x, "y": SVGWriter.number(bottom + 18)], text: tick.label)
            if let date = tick.date {
                hasDates = true
                svg.element("text", ["x": x, "y": SVGWriter.number(bottom + 31), "fill": ChartPalette.secondaryText], text: date)
            }
        }
        let titleY = bottom + (hasDates ? 48 : 36)
        svg.element("text", ["x": SVGWriter.number((axis.left + axis.right) / 2), "y": SVGWriter.number(titleY),
                             "font-size": "12"], text: axis.title(spacing: spacing))
        svg.close("g")
        return titleY
    }

    private enum LegendMark { case swatch(String), line(String), tick(String), envelope }

    /// The legend: one row per group (signals, activities, modes), headed like the lanes, wrapping when
    /// long; returns the y of its last row.
    private func drawLegend(top: Double, into svg: inout SVGWriter) -> Double {
        var signals: [(mark: LegendMark, label: String)] = []
        if magnitude != nil { signals.append((.envelope, "|a|, min–max per pixel")) }
        if let steps { signals.append((.tick(ChartPalette.steps), "step (\(ReportText.grouped(steps.count)) in all)")) }
        if distance != nil { signals.append((.line(ChartPalette.distance), "distance since the day began")) }
        var groups: [(heading: String, items: [(mark: LegendMark, label: String)])] = [("signal", signals)]
        if let activities { groups.append(("activity", Self.distinct(activities).map { (.swatch($0.colour), $0.label) })) }
        if let modes { groups.append(("mode", Self.distinct(modes).map { (.swatch($0.colour), $0.label) })) }

        svg.open("g", ["class": "legend", "font-size": "11", "fill": ChartPalette.text])
        var y = top - 18
        let right = Double(width) - Self.rightMargin
        for group in groups where !group.items.isEmpty {
            y += 18
            svg.element("text", ["x": SVGWriter.number(Self.leftMargin - 8), "y": SVGWriter.number(y + 1),
                                 "text-anchor": "end", "fill": ChartPalette.secondaryText], text: group.heading)
            var x = Self.leftMargin
            for item in group.items {
                // Text width estimate for an 11 px sans-serif: 6.3 px per character.
                let itemWidth = 18 + Double(item.label.count) * 6.3 + 18
                if x + itemWidth > right && x > Self.leftMargin {
                    x = Self.leftMargin
                    y += 18
                }
                switch item.mark {
                case .swatch(let colour):
                    svg.element("rect", ["x": SVGWriter.number(x), "y": SVGWriter.number(y - 9), "width": "12", "height": "12",
                                         "fill": colour, "stroke": "#888888", "stroke-width": "0.5"])
                case .line(let colour):
                    svg.element("line", ["x1": SVGWriter.number(x), "y1": SVGWriter.number(y - 3), "x2": SVGWriter.number(x + 12),
                                         "y2": SVGWriter.number(y - 3), "stroke": colour, "stroke-width": "2"])
                case .tick(let colour):
                    svg.element("line", ["x1": SVGWriter.number(x + 6), "y1": SVGWriter.number(y - 10), "x2": SVGWriter.number(x + 6),
                                         "y2": SVGWriter.number(y + 3), "stroke": colour, "stroke-width": "1.5"])
                case .envelope:
                    svg.element("rect", ["x": SVGWriter.number(x), "y": SVGWriter.number(y - 9), "width": "12", "height": "12",
                                         "fill": ChartPalette.magnitude])
                }
                svg.element("text", ["x": SVGWriter.number(x + 18), "y": SVGWriter.number(y + 1)], text: item.label)
                x += itemWidth
            }
        }
        svg.close("g")
        return y
    }

    private func laneLabel(_ label: String, top: Double, height: Double, axis: TimeAxis, into svg: inout SVGWriter) {
        svg.element("text", ["x": SVGWriter.number(axis.left - 8), "y": SVGWriter.number(top + height / 2 + 4),
                              "font-size": "12", "fill": ChartPalette.text, "text-anchor": "end"], text: label)
    }

    /// The distinct (label, colour) pairs of `bands`, activities in their canonical order, others as they come.
    private static func distinct(_ bands: [ChartBand]) -> [(label: String, colour: String)] {
        var seen: [String: String] = [:]
        var order: [String] = []
        for band in bands where seen[band.label] == nil {
            seen[band.label] = band.colour
            order.append(band.label)
        }
        let canonical = MotionActivity.allCases.map(\.rawValue) + ["high-accuracy", "low-power", "gap"]
        order.sort { (canonical.firstIndex(of: $0) ?? .max, $0) < (canonical.firstIndex(of: $1) ?? .max, $1) }
        return order.map { ($0, seen[$0]!) }
    }
}

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Locomotion

/// Reads GPX 1.1 (and 1.0) files with Foundation's `XMLParser`.
///
/// Points are the `trkpt` elements of every track and segment in file order;
/// a file without any `trkpt` uses its `wpt` elements instead (some loggers
/// write each fix as a waypoint); route points (`rtept`) are plans, not
/// recordings, and are ignored. `<time>` is ISO 8601 (UTC unless it says
/// otherwise). Horizontal accuracy and speed are read from elements named
/// `horizontal_accuracy` and `speed` (GPX 1.0 `<speed>` or an extension, any
/// namespace prefix). A point without `<time>` gets a NaN time (real files mix
/// timed and untimed tracks). Each `trkseg` after the first starts a segment
/// (``FixFile/segmentStarts``): the recorder was interrupted there.
enum GPXReader {
    static func parse(_ bytes: [UInt8], file: String, lenient: Bool) throws(InputError) -> FixFile {
        let parser = XMLParser(data: Data(bytes))
        let collector = GPXCollector(file: file, lenient: lenient)
        parser.delegate = collector
        let finished = parser.parse()
        if let error = collector.error { throw error }
        guard finished else {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown reason"
            throw InputError(file: file, line: parser.lineNumber, column: parser.columnNumber,
                             problem: "malformed or truncated GPX (\(reason))")
        }
        guard collector.sawRoot else {
            throw InputError(file: file, problem: "not a GPX file: the root element is not <gpx>")
        }
        // Foundation's parser on Linux accepts a document that just stops; an
        // unclosed <gpx> is how a truncated file shows.
        guard collector.closedRoot else {
            let lastLine = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) } - (bytes.last == 0x0A ? 1 : 0)
            throw InputError(file: file, line: lastLine, problem: "truncated GPX: the file ends before </gpx>",
                             hint: "the recording was probably cut off; repair the end of the file or re-export it")
        }
        let usesTrackPoints = !collector.trackPoints.isEmpty
        let points = usesTrackPoints ? collector.trackPoints : collector.waypoints
        let segmentStarts = usesTrackPoints ? collector.segmentStarts.filter { $0 > 0 && $0 < points.count } : []
        return FixFile(file: file, format: .gpx, fixes: points.map(\.fix),
                       segmentStarts: Array(Set(segmentStarts)).sorted(), warnings: collector.warnings)
    }
}

/// The XMLParser delegate that collects points (a class, as XMLParser requires).
private final class GPXCollector: NSObject, XMLParserDelegate {
    struct Point {
        var fix: LocationFix
        var line: Int
    }

    let file: String
    let lenient: Bool
    var trackPoints: [Point] = []
    var waypoints: [Point] = []
    var warnings: [InputWarning] = []
    var segmentStarts: [Int] = []
    var error: InputError?
    var sawRoot = false
    var closedRoot = false

    private var current: Point?
    private var currentIsTrackPoint = false
    private var currentProblem: InputError?
    private var text = ""
    private var depthInPoint = 0

    init(file: String, lenient: Bool) {
        self.file = file
        self.lenient = lenient
    }

    private func localName(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }

    private func fail(_ parser: XMLParser, _ problem: InputError) {
        if error == nil { error = problem }
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let name = localName(elementName)
        if !sawRoot {
            guard name == "gpx" else {
                fail(parser, InputError(file: file, line: parser.lineNumber, problem: "not a GPX file: the root element is <\(elementName)>, not <gpx>"))
                return
            }
            sawRoot = true
            return
        }
        if current != nil {
            depthInPoint += 1
            text = ""
            return
        }
        if name == "trkseg" || name == "trk" { segmentStarts.append(trackPoints.count) }
        guard name == "trkpt" || name == "wpt" else { return }
        let line = parser.lineNumber
        currentIsTrackPoint = name == "trkpt"
        currentProblem = nil
        depthInPoint = 0
        var latitude = Double.nan, longitude = Double.nan
        if let value = attributes["lat"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }), (-90...90).contains(value) {
            latitude = value
        } else {
            currentProblem = InputError(file: file, line: line, problem: attributes["lat"] == nil
                ? "<\(name)> has no lat attribute" : "<\(name)> lat=\"\(attributes["lat"]!)\" is not a latitude in −90…90")
        }
        if let value = attributes["lon"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }), (-180...180).contains(value) {
            longitude = value
        } else if currentProblem == nil {
            currentProblem = InputError(file: file, line: line, problem: attributes["lon"] == nil
                ? "<\(name)> has no lon attribute" : "<\(name)> lon=\"\(attributes["lon"]!)\" is not a longitude in −180…180")
        }
        current = Point(fix: LocationFix(time: .nan, latitude: latitude, longitude: longitude), line: line)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if current != nil { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard var point = current else {
            if localName(elementName) == "gpx" { closedRoot = true }
            return
        }
        let name = localName(elementName)
        if depthInPoint > 0 {
            depthInPoint -= 1
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            switch name {
            case "time":
                if let time = UTCTimestamp.parse(value) {
                    point.fix.time = time
                } else if currentProblem == nil {
                    currentProblem = InputError(file: file, line: parser.lineNumber, problem: "<time> `\(value)` is not an ISO 8601 date-time",
                                                hint: "expected e.g. 2020-12-18T06:15:50Z")
                }
            case "horizontal_accuracy":
                if let accuracy = Double(value), accuracy >= 0, accuracy.isFinite {
                    point.fix.horizontalAccuracy = accuracy
                } else if currentProblem == nil {
                    currentProblem = InputError(file: file, line: parser.lineNumber, problem: "horizontal_accuracy `\(value)` is not a non-negative number")
                }
            case "speed":
                if let speed = Double(value), speed.isFinite {
                    point.fix.speed = speed >= 0 ? speed : nil
                } else if currentProblem == nil {
                    currentProblem = InputError(file: file, line: parser.lineNumber, problem: "speed `\(value)` is not a number")
                }
            default:
                break
            }
            text = ""
            current = point
            return
        }
        current = nil
        if let problem = currentProblem {
            if lenient { warnings.append(InputWarning(problem)) } else { fail(parser, problem) }
            return
        }
        if currentIsTrackPoint { trackPoints.append(point) } else { waypoints.append(point) }
    }
}

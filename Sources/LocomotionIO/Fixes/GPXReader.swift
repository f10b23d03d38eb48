import Locomotion

/// Reads GPX 1.1 (and 1.0) files with ``XMLScanner``, Locomotion's own strict XML tokenizer.
///
/// Points are the `trkpt` elements of every track and segment in file order;
/// a file without any `trkpt` uses its `wpt` elements instead (some loggers
/// write each fix as a waypoint); route points (`rtept`) are plans, not
/// recordings, and are ignored. `<time>` is ISO 8601 (UTC unless it says
/// otherwise). Horizontal accuracy and speed are read from elements named
/// `horizontal_accuracy` and `speed` (GPX 1.0 `<speed>` or an extension, any
/// namespace prefix); everything else in a point (`<ele>`, `<hdop>`,
/// `<extensions>`) is skipped. A point without `<time>` gets a NaN time (real
/// files mix timed and untimed tracks). Each `trkseg` after the first starts a
/// segment (``FixFile/segmentStarts``): the recorder was interrupted there.
///
/// The document must be well-formed XML (``XMLScanner``): a truncated file,
/// mismatched tags, bytes that are not UTF-8 or an undefined entity is an
/// ``InputError`` naming line and column, never a crash. O(n) time; memory is
/// the fixes plus the scanner's element stack.
enum GPXReader {
    static func parse(_ bytes: [UInt8], file: String, lenient: Bool) throws(InputError) -> FixFile {
        var scanner = try XMLScanner(bytes, file: file)
        var collector = GPXPointCollector(file: file, lenient: lenient)
        while let event = try scanner.next() {
            try collector.take(event, from: &scanner)
        }
        let usesTrackPoints = !collector.trackPoints.isEmpty
        let points = usesTrackPoints ? collector.trackPoints : collector.waypoints
        let segmentStarts = usesTrackPoints ? collector.segmentStarts.filter { $0 > 0 && $0 < points.count } : []
        return FixFile(file: file, format: .gpx, fixes: points,
                       segmentStarts: Array(Set(segmentStarts)).sorted(), warnings: collector.warnings)
    }
}

/// Turns scanner events into fixes: the state of one pass over a GPX document.
private struct GPXPointCollector {
    let file: String
    let lenient: Bool
    var trackPoints: [LocationFix] = []
    var waypoints: [LocationFix] = []
    var warnings: [InputWarning] = []
    var segmentStarts: [Int] = []

    private var sawRoot = false
    /// The point being read, if inside a `trkpt` or `wpt`.
    private var current: LocationFix?
    private var currentIsTrackPoint = false
    private var currentProblem: InputError?
    /// Elements open inside the current point.
    private var depthInPoint = 0
    /// The text since the last tag inside a point (decoded only for the elements read).
    private var text: [(range: Range<Int>, literal: Bool)] = []

    init(file: String, lenient: Bool) {
        self.file = file
        self.lenient = lenient
    }

    mutating func take(_ event: XMLEvent, from scanner: inout XMLScanner) throws(InputError) {
        switch event {
        case .start(let name):
            try start(name, scanner: &scanner)
        case .text(let range, let literal):
            if current != nil { text.append((range, literal)) }
        case .end(let name):
            try end(name, scanner: &scanner)
        }
    }

    private mutating func start(_ nameRange: Range<Int>, scanner: inout XMLScanner) throws(InputError) {
        let name = scanner.localName(nameRange)
        if !sawRoot {
            guard name == "gpx" else {
                let line = scanner.location(of: nameRange.lowerBound).line
                throw InputError(file: file, line: line, problem: "not a GPX file: the root element is <\(scanner.name(nameRange))>, not <gpx>")
            }
            sawRoot = true
            return
        }
        if current != nil {
            depthInPoint += 1
            text.removeAll(keepingCapacity: true)
            return
        }
        if name == "trkseg" || name == "trk" { segmentStarts.append(trackPoints.count) }
        guard name == "trkpt" || name == "wpt" else { return }
        currentIsTrackPoint = name == "trkpt"
        currentProblem = nil
        depthInPoint = 0
        text.removeAll(keepingCapacity: true)
        let latitude = coordinate("lat", of: name, in: -90...90, kind: "latitude", tag: nameRange, scanner: &scanner)
        let longitude = coordinate("lon", of: name, in: -180...180, kind: "longitude", tag: nameRange, scanner: &scanner)
        current = LocationFix(time: .nan, latitude: latitude, longitude: longitude)
    }

    /// The attribute `attribute` as a number in `range`, or NaN with ``currentProblem`` set (the first problem of a point wins).
    private mutating func coordinate(_ attribute: String, of element: String, in range: ClosedRange<Double>, kind: String,
                                     tag: Range<Int>, scanner: inout XMLScanner) -> Double {
        guard let valueRange = scanner.attribute(attribute) else {
            if currentProblem == nil {
                let line = scanner.location(of: tag.lowerBound).line
                currentProblem = InputError(file: file, line: line, problem: "<\(element)> has no \(attribute) attribute")
            }
            return .nan
        }
        let written = scanner.text(valueRange, literal: false, attribute: true)
        if let value = Double(trimmed(written)), range.contains(value) { return value }
        if currentProblem == nil {
            let (line, column) = scanner.location(of: valueRange.lowerBound)
            currentProblem = InputError(file: file, line: line, column: column,
                                        problem: "<\(element)> \(attribute)=\"\(written)\" is not a \(kind) in \(Self.describe(range))")
        }
        return .nan
    }

    private static func describe(_ range: ClosedRange<Double>) -> String {
        "−\(Int(-range.lowerBound))…\(Int(range.upperBound))"
    }

    private mutating func end(_ nameRange: Range<Int>, scanner: inout XMLScanner) throws(InputError) {
        guard var point = current else { return }
        if depthInPoint > 0 {
            depthInPoint -= 1
            let name = scanner.localName(nameRange)
            if name == "time" || name == "horizontal_accuracy" || name == "speed" {
                let value = trimmed(text.map { scanner.text($0.range, literal: $0.literal) }.joined())
                func problem(_ description: String, hint: InputError.Hint? = nil) -> InputError {
                    let (line, column) = scanner.location(of: nameRange.lowerBound)
                    return InputError(file: file, line: line, column: column, problem: description, hint: hint)
                }
                switch name {
                case "time":
                    if let time = UTCTimestamp.parse(value) {
                        point.time = time
                    } else if currentProblem == nil {
                        currentProblem = problem("<time> `\(value)` is not an ISO 8601 date-time with a real date and seconds 00–59",
                                                 hint: "expected e.g. 2020-12-18T06:15:50Z")
                    }
                case "horizontal_accuracy":
                    if let accuracy = Double(value), accuracy >= 0, accuracy.isFinite {
                        point.horizontalAccuracy = accuracy
                    } else if currentProblem == nil {
                        currentProblem = problem("horizontal_accuracy `\(value)` is not a non-negative number")
                    }
                default:
                    if let speed = Double(value), speed.isFinite {
                        point.speed = speed >= 0 ? speed : nil
                    } else if currentProblem == nil {
                        currentProblem = problem("speed `\(value)` is not a number")
                    }
                }
            }
            text.removeAll(keepingCapacity: true)
            current = point
            return
        }
        current = nil
        if let problem = currentProblem {
            guard lenient else { throw problem }
            warnings.append(InputWarning(problem))
            return
        }
        if currentIsTrackPoint { trackPoints.append(point) } else { waypoints.append(point) }
    }

    /// `text` without leading and trailing whitespace.
    private func trimmed(_ text: String) -> String {
        var slice = Substring(text)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}

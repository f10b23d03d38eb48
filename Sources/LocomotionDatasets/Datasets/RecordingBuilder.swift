import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO

/// Collects native rows into a canonical trace: converts m/s² to g, rounds
/// time to 1 µs and acceleration to 1 µg (far below any phone sensor's
/// resolution, and it keeps the files compact), and drops rows that are not
/// finite or not strictly later than the previous kept row, counting them.
struct RecordingBuilder {
    private(set) var samples: [AccelerometerSample] = []
    private(set) var labels: [MotionActivity] = []
    private(set) var skipped = 0
    /// The native line of the first row dropped, when the adapter gave lines.
    private(set) var firstSkippedLine: Int?
    private let toG: Double

    init(unit: AccelerationUnit) {
        toG = unit.toG
    }

    mutating func append(time: Double, x: Double, y: Double, z: Double, label: MotionActivity, line: Int? = nil) {
        let time = (time * 1e6).rounded() / 1e6
        let sample = AccelerometerSample(time: time, x: RecordingBuilder.micro(x * toG),
                                         y: RecordingBuilder.micro(y * toG), z: RecordingBuilder.micro(z * toG))
        guard time.isFinite, sample.acceleration.isFinite, time > (samples.last?.time ?? -.infinity) else {
            skip(line: line)
            return
        }
        samples.append(sample)
        labels.append(label)
    }

    /// Counts a dropped row; `line` is its native line (1-based), when known.
    mutating func skip(line: Int? = nil) {
        skipped += 1
        if firstSkippedLine == nil { firstSkippedLine = line }
    }

    func recording(name: String, source: String, stepTimes: [Double]? = nil, speeds: [LoggedSpeed]? = nil)
        -> ConvertedRecording
    {
        var recording = ConvertedRecording(name: name, source: source,
                                           trace: Trace(file: name + ".csv", samples: samples, labels: labels),
                                           stepTimes: stepTimes, speeds: speeds, skippedRowCount: skipped)
        recording.firstSkippedLine = firstSkippedLine
        return recording
    }

    private static func micro(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
}

/// File discovery and line reading shared by the adapters.
enum DatasetFiles {
    /// Files under `directory` (recursively) whose name satisfies `matches`,
    /// sorted; `directory` itself when it is a matching file.
    static func list(_ directory: String, matches: (String) -> Bool) throws(InputError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw InputError(file: directory, problem: "no such file or directory")
        }
        guard isDirectory.boolValue else {
            guard matches(directory) else {
                throw InputError(file: directory, problem: "not a file of this dataset")
            }
            return [directory]
        }
        // FIFOs, devices and folders met twice are left out (FolderWalk); `matches` sees the file name.
        return try FolderWalk.files(under: directory, includes: matches).files
    }

    /// Calls `body` with each line of `path` (1-based number, text); stops when it returns false.
    static func forEachLine(_ path: String, _ body: (Int, Substring) throws(InputError) -> Bool) throws(InputError) {
        let source = try LineSource(path: path)
        while true {
            let text: String?
            do {
                text = try source.withNextLine { String(decoding: $0, as: UTF8.self) }
            } catch {
                throw LineSource.inputError(error, file: path, line: source.lineNumber + 1)
            }
            guard let text else { return }
            if try !body(source.lineNumber, Substring(text)) { return }
        }
    }

    /// The last path component.
    static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// The comma-separated fields of a line, blanks trimmed.
    static func fields(_ line: Substring) -> [Substring] {
        line.split(separator: ",", omittingEmptySubsequences: false).map(trim)
    }

    private static func trim(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}

import Locomotion
import LocomotionIO

/// QROWD `TR` phone recordings (GitHub `QROWD/TR`, commit `a54883d`, MIT): a smartphone's accelerometer, one
/// session per file, of three people still, walking, running, **cycling** and in a vehicle (bus, car or train).
///
/// Files `<activity>/user<N>.txt` (activity ∈ cycling, walk, run, still, vehicle): CSV with the header
/// `"x","y","z","class"`, acceleration in m/s² with gravity, the class on every row (`cycling`, `walking`,
/// `run`, `still`, `driving`; some numbers are quoted). **The files have no time column**: rows are consecutive
/// samples of a rate the source does not state. Time is the row's position divided by the rate, ``inferredRate``
/// (24 Hz) unless given (`locomotion convert --rate`): at 24 Hz walking gives 111 steps/min, running 160 and
/// pedalling 65 rpm, and the repository's later "15 Hz" commit kept 15 of every 24 rows. A result that depends
/// on the exact rate (a cadence, a step frequency) inherits that uncertainty.
///
/// Labels: cycling → cycling, walking → walking, run → running, still → stationary, driving → automotive. A row
/// whose numbers do not parse is skipped and counted, keeping its place in time; a class outside the five is an
/// error naming the file and line. Output: `qrowd-tr-phone_<activity>_user<N>`.
package enum QROWDTRPhone: DatasetAdapter {
    package static let name = "qrowd-tr-phone"

    /// The rate (Hz) the rows are read at unless told otherwise: inferred from the signals, not stated by the source.
    package static let inferredRate = 24.0

    /// The rates (Hz) `convert(file:rate:)` accepts: any phone accelerometer's, with room either side.
    package static let acceptedRates: ClosedRange<Double> = 1...1000

    static let labels: [String: MotionActivity] = [
        "cycling": .cycling, "walking": .walking, "run": .running, "still": .stationary, "driving": .automotive,
    ]

    /// The activity folders of the source, in the order the files are listed.
    static let activities = ["cycling", "run", "still", "vehicle", "walk"]

    package static func inputFiles(in directory: String) throws(InputError) -> [String] {
        let files = try DatasetFiles.list(directory) {
            let name = DatasetFiles.fileName($0)
            return name.hasPrefix("user") && name.hasSuffix(".txt")
        }
        // A file named on its own is taken as it is; in a folder, only the sessions of the source's layout
        // (the walk sees file names, the activity is the folder's name).
        if files == [directory] { return files }
        return files.filter { activities.contains(activity(of: $0)) }
    }

    /// The name of the folder holding `file` (the session's activity in the source's layout).
    static func activity(of file: String) -> String {
        let parts = file.split(separator: "/")
        return parts.count >= 2 ? String(parts[parts.count - 2]) : ""
    }

    /// Converts one file read at ``inferredRate``.
    package static func convert(file: String) throws(InputError) -> [ConvertedRecording] {
        try convert(file: file, rate: inferredRate)
    }

    /// Converts one file, row k at time k / `rate` seconds.
    /// - Throws: `InputError` when `rate` is outside ``acceptedRates``, the header is not `x,y,z,class`, or a row's
    ///   class is not one of the five.
    /// - Complexity: O(rows).
    package static func convert(file: String, rate: Double) throws(InputError) -> [ConvertedRecording] {
        guard acceptedRates.contains(rate) else {
            throw InputError(file: file, problem: "rate \(rate) Hz is outside \(Int(acceptedRates.lowerBound))…\(Int(acceptedRates.upperBound)) Hz")
        }
        let activity = activity(of: file)
        let user = String(DatasetFiles.fileName(file).dropLast(".txt".count))
        var builder = RecordingBuilder(unit: .metersPerSecondSquared)
        var row = 0
        var headerSeen = false
        try DatasetFiles.forEachLine(file) { number, line throws(InputError) in
            let fields = DatasetFiles.fields(line).map(unquoted)
            if !headerSeen {
                guard fields.count >= 4, fields[0] == "x", fields[1] == "y", fields[2] == "z", fields[3] == "class" else {
                    throw InputError(file: file, line: number, problem: "expected the header \"x\",\"y\",\"z\",\"class\"")
                }
                headerSeen = true
                return true
            }
            if line.isEmpty { return true }
            defer { row += 1 }
            guard fields.count >= 4 else {
                throw InputError(file: file, line: number, problem: "expected 4 fields x,y,z,class, found \(fields.count)")
            }
            guard let label = labels[String(fields[3])] else {
                throw InputError(file: file, line: number, problem: "unknown class \"\(fields[3])\"",
                                 hint: "expected cycling, walking, run, still or driving")
            }
            guard let x = Double(fields[0]), let y = Double(fields[1]), let z = Double(fields[2]) else {
                builder.skip(line: number)
                return true
            }
            builder.append(time: Double(row) / rate, x: x, y: y, z: z, label: label, line: number)
            return true
        }
        guard headerSeen else { throw InputError(file: file, problem: "empty file: no header") }
        return [builder.recording(name: "\(name)_\(activity.isEmpty ? "session" : activity)_\(user)", source: file)]
    }

    /// The field without one pair of surrounding double quotes.
    private static func unquoted(_ field: Substring) -> Substring {
        guard field.count >= 2, field.first == "\"", field.last == "\"" else { return field }
        return field.dropFirst().dropLast()
    }
}

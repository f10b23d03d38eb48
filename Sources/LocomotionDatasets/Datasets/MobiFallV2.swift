import Locomotion
import LocomotionIO

/// MobiFall v2.0, activities of daily living (ADL), accelerometer only:
/// Samsung Galaxy S3 in a trouser pocket, about 94 Hz, m/s².
///
/// Files `sub<id>/ADL/<CODE>/<CODE>_acc_<id>_<trial>.txt`: a `#` header, a line
/// `@DATA`, then `timestamp_ns, x, y, z`. Labels by activity code:
/// JOG → running, WAL → walking, STD → stationary (standing, "with subtle
/// movements"); STU/STN (stairs up/down) → walking, the nearest class (on-foot
/// gait; keep or drop them by the code in the name); JUM (jumping),
/// SCH (sitting down on a chair), CSI/CSO (stepping into/out of a car) →
/// unknown: short transitions or motions that are none of the classes, kept
/// as hard cases. Output: `mobifall-v2_sub<id>_<CODE>_<trial>`.
package enum MobiFallV2: DatasetAdapter {
    package static let name = "mobifall-v2"

    static let labels: [String: MotionActivity] = [
        "JOG": .running, "WAL": .walking, "STD": .stationary, "STU": .walking, "STN": .walking,
        "JUM": .unknown, "SCH": .unknown, "CSI": .unknown, "CSO": .unknown,
    ]

    package static func inputFiles(in directory: String) throws(InputError) -> [String] {
        try DatasetFiles.list(directory) { parse(fileName: DatasetFiles.fileName($0)) != nil }
    }

    /// (code, subject, trial) from `<CODE>_acc_<subject>_<trial>.txt`.
    static func parse(fileName: String) -> (code: String, subject: String, trial: String)? {
        guard fileName.hasSuffix(".txt") else { return nil }
        let parts = fileName.dropLast(4).split(separator: "_")
        guard parts.count == 4, parts[1] == "acc", labels[String(parts[0])] != nil else { return nil }
        return (String(parts[0]), String(parts[2]), String(parts[3]))
    }

    package static func convert(file: String) throws(InputError) -> [ConvertedRecording] {
        guard let (code, subject, trial) = parse(fileName: DatasetFiles.fileName(file)),
              let label = labels[code] else {
            throw InputError(file: file, problem: "not a MobiFall v2.0 ADL accelerometer file name",
                             hint: "expected <CODE>_acc_<subject>_<trial>.txt")
        }
        var builder = RecordingBuilder(unit: .metersPerSecondSquared)
        var inData = false
        try DatasetFiles.forEachLine(file) { number, line in
            if !inData {
                inData = line.hasPrefix("@DATA")
                return true
            }
            if line.isEmpty { return true }
            let fields = DatasetFiles.fields(line)
            guard fields.count >= 4, let nanoseconds = Double(fields[0]), nanoseconds >= 0,
                  let x = Double(fields[1]), let y = Double(fields[2]), let z = Double(fields[3]) else {
                builder.skip(line: number)
                return true
            }
            builder.append(time: nanoseconds / 1e9, x: x, y: y, z: z, label: label, line: number)
            return true
        }
        guard inData else { throw InputError(file: file, problem: "no @DATA line: not a MobiFall file") }
        return [builder.recording(name: "\(name)_sub\(subject)_\(code)_\(trial)", source: file)]
    }
}

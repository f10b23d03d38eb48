import Locomotion
import LocomotionIO

/// Oxford step counter dataset: phone accelerometer walks with a true time for
/// every step from two foot-mounted switches.
///
/// Folders `<Phone>_<User>_<Surface>_<Position>_<n>/` with `accelerometer.csv`
/// (`timestamp_ns, accuracy, x, y, z`, m/s², no header) and `stepcounter.csv`
/// (`timestamp_ns, foot1, foot2`). A step is a 0→1 transition of either foot
/// switch (as the dataset's own `stats.js` counts; this reproduces its
/// `stats.csv`). Time: nanoseconds since boot → seconds. Label: walking from
/// 0.5 s before the first true step to 0.5 s after the last, `unknown` outside
/// (the person stands before and after; the files do not say how still).
/// Output: `oxford-step-counter_<folder>` plus the step times alongside.
package enum OxfordStepCounter: DatasetAdapter {
    package static let name = "oxford-step-counter"

    package static func inputFiles(in directory: String) throws(InputError) -> [String] {
        try DatasetFiles.list(directory) { $0.hasSuffix("/accelerometer.csv") || $0 == "accelerometer.csv" }
    }

    package static func convert(file: String) throws(InputError) -> [ConvertedRecording] {
        let folder = String(file.dropLast("accelerometer.csv".count))
        let folderName = DatasetFiles.fileName(folder.hasSuffix("/") ? String(folder.dropLast()) : folder)
        let stepFile = folder + "stepcounter.csv"
        let steps = try stepTimes(stepFile)
        guard let firstStep = steps.first, let lastStep = steps.last else {
            throw InputError(file: stepFile, problem: "no steps: the foot switches never go from 0 to 1")
        }
        var builder = RecordingBuilder(unit: .metersPerSecondSquared)
        try DatasetFiles.forEachLine(file) { number, line in
            let fields = DatasetFiles.fields(line)
            guard fields.count >= 5, let nanoseconds = Double(fields[0]), nanoseconds >= 0,
                  let x = Double(fields[2]), let y = Double(fields[3]), let z = Double(fields[4]) else {
                if !line.isEmpty { builder.skip(line: number) }
                return true
            }
            let time = nanoseconds / 1e9
            let walking = time >= firstStep - 0.5 && time <= lastStep + 0.5
            builder.append(time: time, x: x, y: y, z: z, label: walking ? .walking : .unknown, line: number)
            return true
        }
        return [builder.recording(name: "\(name)_\(folderName)", source: file, stepTimes: steps)]
    }

    /// Times (s) of 0→1 transitions of either foot switch.
    static func stepTimes(_ path: String) throws(InputError) -> [Double] {
        var times: [Double] = []
        var previous: (Int, Int)?
        try DatasetFiles.forEachLine(path) { number, line throws(InputError) in
            let fields = DatasetFiles.fields(line)
            if line.isEmpty { return true }
            guard fields.count >= 3, let nanoseconds = Double(fields[0]),
                  let left = Int(fields[1]), let right = Int(fields[2]) else {
                throw InputError(file: path, line: number, problem: "expected timestamp_ns,foot1,foot2")
            }
            if let previous {
                let time = (nanoseconds / 1e9 * 1e6).rounded() / 1e6
                if previous.0 == 0 && left == 1 { times.append(time) }
                if previous.1 == 0 && right == 1 { times.append(time) }
            }
            previous = (left, right)
            return true
        }
        return times
    }
}

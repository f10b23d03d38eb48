import Locomotion
import LocomotionIO

/// BasicMotions (UEA/UCR archive): a smartwatch's accelerometer, 10 Hz,
/// 10-second cases of Standing, Walking, Running and Badminton. **A smoke
/// test only**: a wrist, not a phone; 10 Hz barely holds a walking cadence
/// (five samples a step) and aliases running's harmonics; and the
/// acceleration is gravity-removed (standing |a| ≈ 0.08 g), so orientation and
/// the ≈1 g still signature are gone. Read its traces with `--no-unit-check`.
///
/// Files `BasicMotions_{TRAIN,TEST}.ts` (sktime format): `#`/`@` header lines,
/// then one case per line, six `:`-separated dimensions of 100 comma-separated
/// values (acc x, y, z, gyro x, y, z) and the class last. The units are not
/// documented; the values are taken as m/s² (running |a| ≈ 16) and converted
/// to g. The cases carry no time: each gets its own file with t = 0, 0.1, …
/// Labels: Standing → stationary, Walking → walking, Running → running,
/// Badminton → unknown. Output: `basicmotions_<SPLIT>_<case>_<Class>`.
package enum BasicMotions: DatasetAdapter {
    package static let name = "basicmotions"

    static let labels: [String: MotionActivity] = [
        "Standing": .stationary, "Walking": .walking, "Running": .running, "Badminton": .unknown,
    ]
    /// The archive's stated sampling rate.
    static let rate = 10.0

    package static func inputFiles(in directory: String) throws(InputError) -> [String] {
        try DatasetFiles.list(directory) {
            let name = DatasetFiles.fileName($0)
            return name.hasPrefix("BasicMotions_") && name.hasSuffix(".ts")
        }
    }

    package static func convert(file: String) throws(InputError) -> [ConvertedRecording] {
        let split = String(DatasetFiles.fileName(file).dropFirst("BasicMotions_".count).dropLast(3))
        var recordings: [ConvertedRecording] = []
        var inData = false
        try DatasetFiles.forEachLine(file) { number, line throws(InputError) in
            if !inData {
                inData = line.lowercased().hasPrefix("@data")
                return true
            }
            if line.isEmpty { return true }
            let dimensions = line.split(separator: ":", omittingEmptySubsequences: false)
            guard dimensions.count >= 4, let label = labels[String(dimensions.last!)] else {
                throw InputError(file: file, line: number, problem: "expected 6 dimensions and a class (Standing, Walking, Running, Badminton)")
            }
            let axes = dimensions.prefix(3).map { DatasetFiles.fields($0).map { Double($0) } }
            guard axes.allSatisfy({ $0.count == axes[0].count }) else {
                throw InputError(file: file, line: number, problem: "the x, y and z dimensions differ in length")
            }
            var builder = RecordingBuilder(unit: .metersPerSecondSquared)
            for index in axes[0].indices {
                guard let x = axes[0][index], let y = axes[1][index], let z = axes[2][index] else {
                    builder.skip(line: number)
                    continue
                }
                builder.append(time: Double(index) / rate, x: x, y: y, z: z, label: label, line: number)
            }
            let caseNumber = recordings.count + 1
            let padded = String(repeating: "0", count: max(0, 3 - String(caseNumber).count)) + String(caseNumber)
            recordings.append(builder.recording(
                name: "\(name)_\(split)_\(padded)_\(dimensions.last!)", source: file))
            return true
        }
        return recordings
    }
}

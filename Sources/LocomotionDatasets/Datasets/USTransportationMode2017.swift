import Locomotion
import LocomotionIO

/// US-TransportationMode 2017 (University of Bologna): raw Android sensor logs
/// labelled Still, Walking, Car, Bus or Train, one mode per file.
///
/// Files `sensorfile_<user>_<Mode>_<start ms>.csv`, no header, one sensor event
/// per row `t_ms_since_start, sensor, v1, v2, v3[, …]`. Only
/// `android.sensor.accelerometer` rows are kept (m/s², gravity included →
/// g); time = start ms (from the file name) + t_ms, in seconds since the epoch.
/// Labels: Still → stationary, Walking → walking, Car/Bus/Train → automotive.
/// Accelerometer rows with a negative or malformed time, non-finite values,
/// or a time not after the previous kept row are skipped and counted.
/// Output name: `us-tm2017_<user>_<Mode>_<start ms>` (the original mode kept).
///
/// The `speed` rows (`t_ms, speed, m/s, accuracy`; a few carry a negative time, which upstream takes the absolute
/// value of) are kept as ``ConvertedRecording/speeds`` at start + |t_ms|, in file order; malformed ones are skipped.
package enum USTransportationMode2017: DatasetAdapter {
    package static let name = "us-tm2017"

    package static func inputFiles(in directory: String) throws(InputError) -> [String] {
        try DatasetFiles.list(directory) { parse(fileName: DatasetFiles.fileName($0)) != nil }
    }

    /// (user, mode, start in ms) from `sensorfile_<user>_<Mode>_<start ms>.csv`. The start is a whole number of
    /// milliseconds of at most 15 digits (before the year 33658), so that it names the output as a whole number
    /// and never traps; anything else (`1e400`, `nan`, 20 digits) is no file of the dataset.
    static func parse(fileName: String) -> (user: String, mode: String, startMilliseconds: Double)? {
        guard fileName.hasPrefix("sensorfile_"), fileName.hasSuffix(".csv") else { return nil }
        let parts = fileName.dropFirst("sensorfile_".count).dropLast(4).split(separator: "_")
        guard parts.count == 3, (1...15).contains(parts[2].utf8.count), parts[2].utf8.allSatisfy({ (48...57).contains($0) }),
              let start = Double(parts[2]), label(mode: String(parts[1])) != nil else { return nil }
        return (String(parts[0]), String(parts[1]), start)
    }

    static func label(mode: String) -> MotionActivity? {
        switch mode {
        case "Still": .stationary
        case "Walking": .walking
        case "Car", "Bus", "Train": .automotive
        default: nil
        }
    }

    package static func convert(file: String) throws(InputError) -> [ConvertedRecording] {
        guard let (user, mode, start) = parse(fileName: DatasetFiles.fileName(file)), let label = label(mode: mode) else {
            throw InputError(file: file, problem: "not a us-tm2017 file name",
                             hint: "expected sensorfile_<user>_<Still|Walking|Car|Bus|Train>_<start ms>.csv")
        }
        var builder = RecordingBuilder(unit: .metersPerSecondSquared)
        var speeds: [LoggedSpeed] = []
        try DatasetFiles.forEachLine(file) { number, line in
            if line.contains(",speed,") {
                let fields = DatasetFiles.fields(line)
                if fields.count >= 4, fields[1] == "speed", let milliseconds = Double(fields[0]),
                   let speed = Double(fields[2]), let accuracy = Double(fields[3]) {
                    speeds.append(LoggedSpeed(time: (start + abs(milliseconds)) / 1000, metersPerSecond: speed,
                                              accuracy: accuracy))
                }
                return true
            }
            guard line.contains("android.sensor.accelerometer,") else { return true }
            let fields = DatasetFiles.fields(line)
            guard fields.count >= 5, fields[1] == "android.sensor.accelerometer",
                  let milliseconds = Double(fields[0]), milliseconds >= 0,
                  let x = Double(fields[2]), let y = Double(fields[3]), let z = Double(fields[4]) else {
                builder.skip(line: number)
                return true
            }
            builder.append(time: (start + milliseconds) / 1000, x: x, y: y, z: z, label: label, line: number)
            return true
        }
        return [builder.recording(name: "\(name)_\(user)_\(mode)_\(Int64(start))", source: file,
                                  speeds: speeds.isEmpty ? nil : speeds)]
    }
}

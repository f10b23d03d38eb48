import Locomotion
import LocomotionIO

/// GeoTecINIT smartphone + smartwatch HAR dataset, smartphone files: phone in a
/// trouser pocket (four orientations), about 100 Hz, m/s², a label per sample.
///
/// Files `sXX/sXX_YY_sp.csv` with the header
/// `x_acc,y_acc,z_acc,x_gyro,y_gyro,z_gyro,timestamp,label` (timestamp: Unix ms).
/// Labels: SEATED → stationary, WALKING → walking, TURNING → walking (a 180°
/// turn on foot is still stepping), STANDING_UP and SITTING_DOWN → unknown
/// (transitions of a second or two, neither still nor gait). Rows whose
/// millisecond timestamp equals the previous one (the ms clock is coarser than
/// the 100 Hz rate) are skipped and counted. The phone orientation from
/// `executions_info.csv` is kept in the name:
/// `geotecinit-sp-har_sXX_YY_<orientation>`.
package enum GeoTecINITSmartphoneHAR: DatasetAdapter {
    package static let name = "geotecinit-sp-har"

    static let labels: [String: MotionActivity] = [
        "SEATED": .stationary, "WALKING": .walking, "TURNING": .walking,
        "STANDING_UP": .unknown, "SITTING_DOWN": .unknown,
    ]

    package static func inputFiles(in directory: String) throws(InputError) -> [String] {
        try DatasetFiles.list(directory) {
            let name = DatasetFiles.fileName($0)
            return name.hasPrefix("s") && name.hasSuffix("_sp.csv")
        }
    }

    package static func convert(file: String) throws(InputError) -> [ConvertedRecording] {
        let execution = String(DatasetFiles.fileName(file).dropLast("_sp.csv".count))
        let orientation = try orientations(near: file)[execution]
        var builder = RecordingBuilder(unit: .metersPerSecondSquared)
        var columns: (x: Int, y: Int, z: Int, time: Int, label: Int)?
        try DatasetFiles.forEachLine(file) { number, line throws(InputError) in
            let fields = DatasetFiles.fields(line)
            guard let found = columns else {
                let names = fields.map(String.init)
                guard let x = names.firstIndex(of: "x_acc"), let y = names.firstIndex(of: "y_acc"),
                      let z = names.firstIndex(of: "z_acc"), let time = names.firstIndex(of: "timestamp"),
                      let label = names.firstIndex(of: "label") else {
                    throw InputError(file: file, line: number, problem: "header lacks x_acc,y_acc,z_acc,timestamp,label")
                }
                columns = (x, y, z, time, label)
                return true
            }
            if line.isEmpty { return true }
            guard fields.count > max(found.x, found.y, found.z, found.time, found.label),
                  let milliseconds = Double(fields[found.time]),
                  let x = Double(fields[found.x]), let y = Double(fields[found.y]), let z = Double(fields[found.z]),
                  let label = labels[String(fields[found.label])] else {
                builder.skip(line: number)
                return true
            }
            builder.append(time: milliseconds / 1000, x: x, y: y, z: z, label: label, line: number)
            return true
        }
        let suffix = orientation.map { "_\($0)" } ?? ""
        return [builder.recording(name: "\(name)_\(execution)\(suffix)", source: file)]
    }

    /// execution id → phone orientation, from `executions_info.csv` in the
    /// file's folder or the one above (empty when absent).
    static func orientations(near file: String) throws(InputError) -> [String: String] {
        var folder = Substring(file)
        var result: [String: String] = [:]
        for _ in 0..<2 {
            guard let slash = folder.lastIndex(of: "/") else { break }
            folder = folder[..<slash]
            let info = folder + "/executions_info.csv"
            guard (try? LineSource(path: String(info))) != nil else { continue }
            try DatasetFiles.forEachLine(String(info)) { number, line in
                let fields = DatasetFiles.fields(line)
                if number > 1 && fields.count >= 2 { result[String(fields[0])] = String(fields[1]) }
                return true
            }
            break
        }
        return result
    }
}

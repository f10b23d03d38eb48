import Foundation
import Locomotion
import LocomotionDSP

/// Reads us-tm2017 raw session files (accelerometer rows only) for tests.
public enum UsTm2017 {
    public static var directory: URL { TestDatasets.folder("us-tm2017/raw") }

    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: directory.path) }

    static let classes: [String: MotionActivity] = ["Still": .stationary, "Walking": .walking, "Car": .automotive,
                                                   "Bus": .automotive, "Train": .automotive]

    /// Sessions re-timed to follow each other (as Scripts/gating/join_us_tm2017.py does), in g.
    public static func joined(_ names: [String]) throws -> ([AccelerometerSample], [MotionActivity]) {
        var samples: [AccelerometerSample] = []
        var labels: [MotionActivity] = []
        var clock = Double(names[0].split(separator: "_").last!)! / 1000
        for name in names {
            let label = activity(for: name)
            let text = try String(contentsOf: directory.appendingPathComponent("sensorfile_\(name).csv"), encoding: .utf8)
            var rows: [AccelerometerSample] = []
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: ",")
                guard fields.count >= 5, fields[1] == "android.sensor.accelerometer",
                      let t = Double(fields[0]), let x = Double(fields[2]), let y = Double(fields[3]), let z = Double(fields[4])
                else { continue }
                if let last = rows.last, t / 1000 <= last.time { continue }
                rows.append(AccelerometerSample(time: t / 1000, x: x / 9.80665, y: y / 9.80665, z: z / 9.80665))
            }
            let intervals = zip(rows, rows.dropFirst()).map { $1.time - $0.time }.sorted()
            let step = intervals[intervals.count / 2]
            let offset = clock - rows[0].time
            for row in rows {
                samples.append(AccelerometerSample(time: row.time + offset, acceleration: row.acceleration))
                labels.append(label)
            }
            clock = samples.last!.time + step
        }
        return (samples, labels)
    }

    private static func activity(for name: String) -> MotionActivity {
        classes[String(name.split(separator: "_")[1])]!
    }
}

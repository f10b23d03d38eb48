import Foundation
import LocomotionDSP

/// The shared public datasets for the steps tests (where they are: `TestDatasets`).
public enum StepTestDatasets {
    static var root: URL { TestDatasets.root }

    /// An Oxford step-counter trace: samples in g, and the true step count (0→1 transitions on
    /// either foot switch, as the dataset counts).
    public static func oxford(_ name: String) throws -> (samples: [AccelerometerSample], trueSteps: Int) {
        let folder = root.appendingPathComponent("oxford-step-counter/raw/optimisation/data/\(name)")
        var samples: [AccelerometerSample] = []
        for line in try String(contentsOf: folder.appendingPathComponent("accelerometer.csv"), encoding: .utf8)
            .split(whereSeparator: \.isNewline)
        {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 5, let nanoseconds = Int64(fields[0]), let x = Double(fields[2]),
                let y = Double(fields[3]), let z = Double(fields[4])
            else { continue }
            let g = AccelerationUnit.standardGravity
            samples.append(AccelerometerSample(time: Double(nanoseconds) * 1e-9, x: x / g, y: y / g, z: z / g))
        }
        var trueSteps = 0
        var previous: [String?] = [nil, nil]
        for line in try String(contentsOf: folder.appendingPathComponent("stepcounter.csv"), encoding: .utf8)
            .split(whereSeparator: \.isNewline)
        {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 3 else { continue }
            for foot in 0..<2 {
                if previous[foot] == "0", fields[1 + foot] == "1" { trueSteps += 1 }
                previous[foot] = fields[1 + foot]
            }
        }
        return (samples, trueSteps)
    }

    /// The accelerometer rows of a us-tm2017 session, in g (time in s since the session start).
    public static func usTransportationMode(_ name: String) throws -> [AccelerometerSample] {
        let file = root.appendingPathComponent("us-tm2017/raw/sensorfile_\(name).csv")
        var samples: [AccelerometerSample] = []
        for line in try String(contentsOf: file, encoding: .isoLatin1).split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 5, fields[1] == "android.sensor.accelerometer", let milliseconds = Double(fields[0]),
                let x = Double(fields[2]), let y = Double(fields[3]), let z = Double(fields[4])
            else { continue }
            let g = AccelerationUnit.standardGravity
            samples.append(AccelerometerSample(time: milliseconds / 1000, x: x / g, y: y / g, z: z / g))
        }
        return samples
    }
}

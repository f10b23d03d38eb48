import Locomotion
import LocomotionIO

/// HHAR's "still experiment" (Stisen et al., SenSys 2015): phones, a tablet and a watch lying or standing still
/// on a table in six orientations — recordings of devices that are **not carried**, with the noise floors, biases
/// and quantisation of 14 devices of 9 models.
///
/// Files `<Orientation>/<device>/<model>.csv` (Orientation `Phoneonback`, `Phoneonfront`, `Phoneonbottom`,
/// `Phoneontop`, `Phoneonleft`, `Phoneonright`), acceleration in m/s² with gravity. Android files have the header
/// `Creation_Time,Sensor_Time,Arrival_Time,x,y,z`, the iPhone and Gear files `Index,Arrival_Time,Creation_Time,x,y,z`;
/// the columns are found by name. Time: `Arrival_Time` (ms since 1970) comes in batches, several samples with one
/// stamp, and `Creation_Time` is in a different unit per device family, so a sample's time is the first arrival plus
/// its index times the file's mean interval (span of the arrival stamps over the number of intervals), as the
/// dataset's notes advise. Label: stationary throughout. Output: `hhar-still-phones_<Orientation>_<device>_<model>`.
package enum HHARStillPhones: DatasetAdapter {
    package static let name = "hhar-still-phones"

    package static func inputFiles(in directory: String) throws(InputError) -> [String] {
        // Every CSV of the experiment's folders is a recording (the header is checked when converting).
        try DatasetFiles.list(directory) { $0.hasSuffix(".csv") }
    }

    package static func convert(file: String) throws(InputError) -> [ConvertedRecording] {
        var columns: (arrival: Int, x: Int, y: Int, z: Int)?
        var values: [(x: Double, y: Double, z: Double)] = []
        var firstArrival: Double?
        var lastArrival: Double?
        var skipped = 0
        var firstSkippedLine: Int?
        try DatasetFiles.forEachLine(file) { number, line throws(InputError) in
            let fields = DatasetFiles.fields(line)
            guard let found = columns else {
                let names = fields.map(String.init)
                guard let arrival = names.firstIndex(of: "Arrival_Time"), let x = names.firstIndex(of: "x"),
                      let y = names.firstIndex(of: "y"), let z = names.firstIndex(of: "z") else {
                    throw InputError(file: file, line: number, problem: "header lacks Arrival_Time,x,y,z",
                                     hint: "expected an HHAR still-experiment file (Phoneon…/<device>/<model>.csv)")
                }
                columns = (arrival, x, y, z)
                return true
            }
            if line.isEmpty { return true }
            guard fields.count > max(found.arrival, found.x, found.y, found.z),
                  let milliseconds = Double(fields[found.arrival]), milliseconds.isFinite,
                  let x = Double(fields[found.x]), let y = Double(fields[found.y]), let z = Double(fields[found.z]) else {
                skipped += 1
                firstSkippedLine = firstSkippedLine ?? number
                return true
            }
            if let last = lastArrival, milliseconds < last {
                throw InputError(file: file, line: number,
                                 problem: "Arrival_Time \(fields[found.arrival]) is earlier than the row before")
            }
            firstArrival = firstArrival ?? milliseconds
            lastArrival = milliseconds
            values.append((x, y, z))
            return true
        }
        guard columns != nil else { throw InputError(file: file, problem: "empty file: no header") }
        var builder = RecordingBuilder(unit: .metersPerSecondSquared)
        if let first = firstArrival, let last = lastArrival, values.count >= 2 {
            guard last > first else {
                throw InputError(file: file, problem: "every Arrival_Time is the same: the rows span no time")
            }
            let interval = (last - first) / 1000 / Double(values.count - 1)
            for (index, value) in values.enumerated() {
                builder.append(time: first / 1000 + Double(index) * interval, x: value.x, y: value.y, z: value.z,
                               label: .stationary)
            }
        }
        for _ in 0..<skipped { builder.skip(line: firstSkippedLine) }
        let parts = file.split(separator: "/").suffix(3).map { $0.replacingOccurrences(of: " ", with: "-") }
        let base = parts.joined(separator: "_")
        return [builder.recording(name: "\(name)_\(base.hasSuffix(".csv") ? String(base.dropLast(4)) : base)",
                                  source: file)]
    }
}

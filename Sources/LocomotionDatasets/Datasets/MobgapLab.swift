import Locomotion
import LocomotionIO

/// Mobilise-D lab recordings in the layout of the `mobgap` example data (`lab/<cohort>/<participant>/data.mat`):
/// a lower-back IMU at 100 Hz, acceleration in g with gravity, and the INDIP reference system's walking bouts with
/// one initial contact per step.
///
/// `data.mat` (MATLAB v7) holds `data.TimeMeasure1.<Test>.<Trial>`, each with `SU.LowerBack.Acc` (N×3, g; columns
/// are mobgap's `acc_is, acc_ml, acc_pa`), `SU.LowerBack.Timestamp` (s, Unix time) and the truth
/// `Standards.INDIP.MicroWB`: bouts with `Start`, `End` and `InitialContact_Event`, all in seconds from the trial's
/// first sample. Time in the trace: seconds from the trial's first sample, so the truth lines up unchanged.
/// One recording per trial. Step times: every finite initial contact of every MicroWB; a NaN contact (a step the
/// reference did not time) becomes an untimed step between its timed neighbours. A trial whose INDIP has no
/// MicroWB at all gets no step truth (the reference did not mark it, which is not the same as zero steps).
/// Labels: walking inside a MicroWB, unknown outside (the course mixes standing, sitting and moving about).
/// Output: `mobgap-lab_<cohort>_<participant>_<Test>_<Trial>`.
package enum MobgapLab: DatasetAdapter {
    package static let name = "mobgap-lab"

    package static func inputFiles(in directory: String) throws(InputError) -> [String] {
        try DatasetFiles.list(directory) { DatasetFiles.fileName($0) == "data.mat" }
    }

    package static func convert(file: String) throws(InputError) -> [ConvertedRecording] {
        let folders = file.split(separator: "/").dropLast().suffix(2).map(String.init)
        let participant = folders.joined(separator: "_")
        let variables = try MATFile.read(path: file)
        guard let timeMeasure = variables["data"]?[field: "TimeMeasure1"],
              case .structure(_, let testElements) = timeMeasure, let tests = testElements.first else {
            throw InputError(file: file, problem: "no data.TimeMeasure1 struct: not a Mobilise-D lab data.mat")
        }
        var recordings: [ConvertedRecording] = []
        for testName in tests.keys.sorted(by: naturalOrder) {
            guard let trials = tests[testName]?.structElements?.first else { continue }
            for trialName in trials.keys.sorted(by: naturalOrder) {
                guard let trial = trials[trialName] else { continue }
                let place = "data.TimeMeasure1.\(testName).\(trialName)"
                recordings.append(try convert(trial: trial, place: place, file: file,
                                              name: "\(name)_\(participant)_\(testName)_\(trialName)"))
            }
        }
        return recordings
    }

    private static func convert(trial: MATFile.Value, place: String, file: String,
                                name: String) throws(InputError) -> ConvertedRecording {
        guard let lowerBack = trial[field: "SU"]?[field: "LowerBack"],
              case .numeric(let dimensions, let acceleration) = lowerBack[field: "Acc"] ?? .text(""),
              let timestamps = lowerBack[field: "Timestamp"]?.numbers else {
            throw InputError(file: file, problem: "\(place) has no SU.LowerBack.Acc and Timestamp")
        }
        let count = timestamps.count
        guard dimensions.count == 2, dimensions[0] == count, dimensions[1] == 3, let origin = timestamps.first else {
            throw InputError(file: file,
                             problem: "\(place).SU.LowerBack.Acc is \(dimensions) for \(count) timestamps; expected \(count)×3")
        }
        // Truth: nil when the reference has no walking bouts at all for this trial.
        var bouts: [(start: Double, end: Double)] = []
        var steps: [Double]?
        var untimed: [ClosedRange<Double>] = []
        if let microBouts = trial[field: "Standards"]?[field: "INDIP"]?[field: "MicroWB"]?.structElements,
           !microBouts.isEmpty {
            var times: [Double] = []
            for bout in microBouts {
                guard let start = bout["Start"]?.numbers?.first, let end = bout["End"]?.numbers?.first,
                      let contacts = bout["InitialContact_Event"]?.numbers else {
                    throw InputError(file: file, problem: "\(place).Standards.INDIP.MicroWB lacks Start, End or InitialContact_Event")
                }
                bouts.append((start, end))
                times += contacts.filter(\.isFinite)
                // A NaN contact is a step the reference could not time: it lies between its timed neighbours.
                for (index, contact) in contacts.enumerated() where !contact.isFinite {
                    let after = contacts[..<index].last(where: \.isFinite) ?? start
                    let before = contacts[(index + 1)...].first(where: \.isFinite) ?? end
                    guard after <= before else {
                        throw InputError(file: file, problem: "\(place).Standards.INDIP.MicroWB contacts out of order")
                    }
                    untimed.append(after...before)
                }
            }
            steps = times.sorted()
        }
        var builder = RecordingBuilder(unit: .g)
        for index in 0..<count {
            // Column-major N×3: column k starts at k·N.
            let time = timestamps[index] - origin
            let walking = bouts.contains { time >= $0.start && time <= $0.end }
            builder.append(time: time, x: acceleration[index], y: acceleration[count + index],
                           z: acceleration[2 * count + index], label: walking ? .walking : .unknown)
        }
        var recording = builder.recording(name: name, source: file, stepTimes: steps)
        recording.untimedSteps = untimed
        return recording
    }

    /// `Test5` before `Test11`: numbers inside names compared as numbers.
    private static func naturalOrder(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: .numeric) == .orderedAscending
    }
}

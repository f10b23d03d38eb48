import Foundation
import Locomotion
import LocomotionIO

/// IPOL healthy-gait reference set (Voisard et al., IPOL 2023), lower-back sensor only: an XSens MTw Awinda at L5,
/// 100 Hz, m/s² with gravity. Each trial: standing, 10 m walk, 180° turn, 10 m back, stop.
///
/// Files `<subject>-<trial>_lb.txt` (tab-separated, two header lines, then `PacketCounter Acc_X Acc_Y Acc_Z …`)
/// beside `<subject>-<trial>.json` (`TrialBoundaries`, `LeftFootEvents`, `RightFootEvents`, all in packets).
/// Time = PacketCounter / 100 s: dropped packets stay holes (the source has some, up to 0.65 s), a repeated
/// counter is dropped as a duplicate time. One foot event `[start, end]` is one swing phase, so one step; the step's
/// time is the swing's end, the foot's initial contact. The step times include every event of the file: in 26 of the
/// 70 trials some events (87 of 2,458) lie after `TrialBoundaries` ends — shuffling steps 0.4–13 s after the stop,
/// while the subject stands about. Label: walking inside `TrialBoundaries` (the turn included); unknown after it up
/// to the end of the last such step (neither the walk nor standing still); stationary elsewhere (before the walk
/// and after the last step).
/// Output: `ipol-gait-lowerback_<subject>-<trial>` plus the step times alongside.
package enum IPOLGaitLowerBack: DatasetAdapter {
    package static let name = "ipol-gait-lowerback"
    /// The sensor's packet rate (Hz): one PacketCounter tick is 1/100 s.
    static let rate = 100.0

    package static func inputFiles(in directory: String) throws(InputError) -> [String] {
        try DatasetFiles.list(directory) { parse(fileName: DatasetFiles.fileName($0)) != nil }
    }

    /// `<subject>-<trial>` from `<subject>-<trial>_lb.txt`.
    static func parse(fileName: String) -> String? {
        guard fileName.hasSuffix("_lb.txt") else { return nil }
        let stem = fileName.dropLast("_lb.txt".count)
        let parts = stem.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
        return String(stem)
    }

    /// The trial's metadata (`<subject>-<trial>.json`), in packets.
    struct Metadata: Decodable {
        var TrialBoundaries: [Double]
        var LeftFootEvents: [[Double]]
        var RightFootEvents: [[Double]]
    }

    package static func convert(file: String) throws(InputError) -> [ConvertedRecording] {
        guard let trial = parse(fileName: DatasetFiles.fileName(file)) else {
            throw InputError(file: file, problem: "not an IPOL lower-back file name",
                             hint: "expected <subject>-<trial>_lb.txt")
        }
        let metadataPath = String(file.dropLast("_lb.txt".count)) + ".json"
        let metadata = try readMetadata(metadataPath)
        let (start, end) = (metadata.TrialBoundaries[0] / rate, metadata.TrialBoundaries[1] / rate)
        let events = metadata.LeftFootEvents + metadata.RightFootEvents
        let steps = events.map { $0[1] / rate }.sorted()
        // Shuffling after the trial's end: steps, but not the walk.
        let lastStepEnd = max(end, steps.last ?? end)
        var builder = RecordingBuilder(unit: .metersPerSecondSquared)
        try DatasetFiles.forEachLine(file) { number, line throws(InputError) in
            if number <= 2 || line.isEmpty { return true }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 4, let packet = Double(fields[0]), packet >= 0,
                  let x = Double(fields[1]), let y = Double(fields[2]), let z = Double(fields[3]) else {
                builder.skip(line: number)
                return true
            }
            let time = packet / rate
            let label: MotionActivity = time >= start && time <= end ? .walking
                : time > end && time <= lastStepEnd ? .unknown : .stationary
            builder.append(time: time, x: x, y: y, z: z, label: label, line: number)
            return true
        }
        return [builder.recording(name: "\(name)_\(trial)", source: file, stepTimes: steps)]
    }

    /// Reads and checks the metadata: two ordered trial boundaries, every event a finite `[start, end]` pair (events
    /// may lie outside the boundaries: the source marks the steps taken after the trial too).
    static func readMetadata(_ path: String) throws(InputError) -> Metadata {
        let metadata: Metadata
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            // Some files write an unknown height or weight as a bare NaN, which strict JSON lacks; JSON5 has it.
            let decoder = JSONDecoder()
            decoder.allowsJSON5 = true
            metadata = try decoder.decode(Metadata.self, from: data)
        } catch let error as DecodingError {
            throw InputError(file: path, problem: "not IPOL trial metadata: \(describe(error))")
        } catch {
            throw InputError(file: path, problem: "cannot read the trial's metadata (\(error.localizedDescription))",
                             hint: "each <subject>-<trial>_lb.txt needs its <subject>-<trial>.json beside it")
        }
        let events = metadata.LeftFootEvents + metadata.RightFootEvents
        guard metadata.TrialBoundaries.count == 2, metadata.TrialBoundaries[0] <= metadata.TrialBoundaries[1] else {
            throw InputError(file: path, problem: "TrialBoundaries must be [start, end] with start ≤ end")
        }
        guard events.allSatisfy({ $0.count == 2 && $0[0] <= $0[1] && $0.allSatisfy(\.isFinite) }) else {
            throw InputError(file: path, problem: "every foot event must be a [start, end] pair with start ≤ end")
        }
        return metadata
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "missing \(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            (context.codingPath.map(\.stringValue) + [context.debugDescription]).joined(separator: ": ")
        @unknown default: "\(error)"
        }
    }
}

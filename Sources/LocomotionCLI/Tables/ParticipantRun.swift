import Foundation
import Locomotion
import LocomotionIO

/// Reads one participant's traces as one recording — the files in the order of their first timestamps, the time
/// between them a gap — and builds the per-epoch, per-day and segment tables from what the stages report.
/// Constant memory in the length of the recording (location fixes are read one file at a time).
struct ParticipantRun {
    /// What to compute and how.
    struct Settings: Sendable {
        var reading: TraceReadingOptions
        var classifier: ActivityClassifier.Configuration
        var smoothing: ActivityClassifier.Smoothing
        var policy: GatingPolicy
        var epoch: EpochConfiguration
        /// The 60-s epochs of the daily table (the same as `epoch` when that is 60 s long).
        var dailyEpoch: EpochConfiguration
        var minimumHours: Double
        var fixes: FixSource
    }

    /// Where location fixes come from.
    enum FixSource: Sendable {
        case none
        /// One file for the whole participant.
        case file(String)
        /// `NAME.fixes.csv` beside each trace `NAME.csv`, where it exists.
        case companions
    }

    /// What a run reports, as it goes; nil: not wanted.
    struct Outputs {
        var epoch: ((EpochSummary, _ file: String) -> Void)?
        var day: ((DaySummary) -> Void)?
        var segment: ((ActivitySegment, _ file: String) -> Void)?
    }

    /// The companion fix file of `trace` (`NAME.fixes.csv` beside `NAME.csv`), when it exists.
    static func companionFixes(of trace: String) -> String? {
        guard trace != "-", trace.lowercased().hasSuffix(".csv") else { return nil }
        let path = String(trace.dropLast(4)) + ".fixes.csv"
        return FileSystem.isRegularFile(path) ? path : nil
    }

    /// Runs the participant's files through the stages.
    /// - Throws: ``InputError`` or ``CommandFailure`` (bad input) naming the file: a bad row, files that overlap
    ///   in time, fixes out of order.
    static func run(_ group: ParticipantGroup, settings: Settings, diagnostics: inout String, progress: ReadProgress,
                    outputs: Outputs) throws {
        let files = try ordered(group.files, options: settings.reading)
        var tables = TableBuilder(settings: settings, outputs: outputs)
        var fileStarts: [(time: Double, file: String)] = []
        var previous: (file: String, time: Double)?
        var rowCount = 0
        var participantFixes: [LocationFix] = []
        if case .file(let path) = settings.fixes { participantFixes = try ActivityTraceRun.timedFixes(path: path) }
        var fixIndex = 0
        for file in files {
            var fileFixes: [LocationFix] = []
            if case .companions = settings.fixes, let path = companionFixes(of: file) {
                fileFixes = try ActivityTraceRun.timedFixes(path: path)
            }
            var fileFixIndex = 0
            var reader = try TraceInput(path: file, options: settings.reading)
            var first = true
            while let row = try reader.next() {
                rowCount += 1
                progress.row(rowCount)
                let time = row.sample.time
                if first {
                    first = false
                    if let previous, time < previous.time {
                        throw InputError(file: file, line: row.line,
                                         problem: "starts at \(time) s, before \(previous.file) of the same participant ends (\(previous.time) s)",
                                         hint: "the files of one participant are read as one recording and must not overlap in time")
                    }
                    fileStarts.append((time, file))
                }
                // Fixes up to the sample, then the sample: the order of `locomotion replay`.
                while fixIndex < participantFixes.count, participantFixes[fixIndex].time <= time {
                    try tables.push(participantFixes[fixIndex], file: file) { fileStarts.fileOf($0) }
                    fixIndex += 1
                }
                while fileFixIndex < fileFixes.count, fileFixes[fileFixIndex].time <= time {
                    try tables.push(fileFixes[fileFixIndex], file: file) { fileStarts.fileOf($0) }
                    fileFixIndex += 1
                }
                try tables.push(row.sample, file: file) { fileStarts.fileOf($0) }
                previous = (file, time)
            }
            // The file's fixes after its last sample (they may still fall in an epoch of the recording).
            while fileFixIndex < fileFixes.count {
                try tables.push(fileFixes[fileFixIndex], file: file) { fileStarts.fileOf($0) }
                fileFixIndex += 1
            }
            diagnostics += LenientReport.text(reader.warnings, skipped: reader.skippedRowCount, in: file)
        }
        while fixIndex < participantFixes.count, let last = files.last {
            try tables.push(participantFixes[fixIndex], file: last) { fileStarts.fileOf($0) }
            fixIndex += 1
        }
        guard previous != nil else {
            throw InputError(file: files.first ?? group.participant, problem: "the trace has no samples",
                             hint: "a trace needs a header and at least one row")
        }
        try tables.finish { fileStarts.fileOf($0) }
    }

    /// The files in the order of their first timestamps (ties and unreadable starts keep the input order).
    private static func ordered(_ files: [String], options: TraceReadingOptions) throws -> [String] {
        guard files.count > 1 else { return files }
        var starts: [(time: Double, index: Int)] = []
        for (index, file) in files.enumerated() {
            var reader = try TraceInput(path: file, options: options)
            starts.append((try reader.next()?.sample.time ?? .infinity, index))
        }
        return starts.sorted { ($0.time, $0.index) < ($1.time, $1.index) }.map { files[$0.index] }
    }
}

extension [(time: Double, file: String)] {
    /// The file that was being read at `time`: the last one that started at or before it (the first file for
    /// earlier times).
    func fileOf(_ time: Double) -> String {
        last { $0.time <= time }?.file ?? first?.file ?? ""
    }
}

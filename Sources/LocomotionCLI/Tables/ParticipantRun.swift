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
        // The fixes: one file for the whole recording, or each trace's own (fed before the next trace's samples).
        var participantFixes: (file: FixFile, warnings: String)?
        if case .file(let path) = settings.fixes {
            participantFixes = try TraceAnalysis.readFixes(path: path, lenient: settings.reading.lenient)
            diagnostics += participantFixes!.warnings
        }
        var run = RecordedTrace(fixes: participantFixes?.file)
        for (position, file) in files.enumerated() {
            if case .companions = settings.fixes {
                let companion = try companionFixes(of: file).map {
                    try TraceAnalysis.readFixes(path: $0, lenient: settings.reading.lenient)
                }
                diagnostics += companion?.warnings ?? ""
                run = RecordedTrace(fixes: companion?.file)
            }
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
                try tables.push(row, of: file, run: &run) { fileStarts.fileOf($0) }
                previous = (file, time)
            }
            diagnostics += LenientReport.text(reader.warnings, skipped: reader.skippedRowCount, in: file)
            if case .companions = settings.fixes {
                // A trace's own fixes after its last sample may still fall in an epoch of the recording; after the
                // last trace they count for distance only (the recording ends there).
                if position < files.count - 1 { try tables.pushRemainingFixes(of: &run) { fileStarts.fileOf($0) } }
                if let warning = run.fixes?.outOfOrderWarning, position < files.count - 1 {
                    diagnostics += "locomotion: \(warning)\n"
                }
            }
        }
        guard previous != nil else {
            throw InputError(file: files.first ?? group.participant, problem: "the trace has no samples",
                             hint: "a trace needs a header and at least one row")
        }
        try tables.finish(run: &run) { fileStarts.fileOf($0) }
        if let warning = run.fixes?.outOfOrderWarning { diagnostics += "locomotion: \(warning)\n" }
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

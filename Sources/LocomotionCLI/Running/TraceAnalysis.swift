import Foundation
import Locomotion
import LocomotionEvaluation
import LocomotionIO

/// One trace (and its fixes) as `plot` and `summarize` see it: its path, the number of timed fixes, and the
/// library's ``TraceSummary`` of the streamed trace (``RecordedTrace``) run through ``MotionEngine``s, gathered by a
/// ``TraceSummaryRecorder``. Its members are the summary's (`analysis.activities`). Memory grows with what happens
/// (segments, steps, fixes), not with the samples.
@dynamicMemberLookup
struct TraceAnalysis: Sendable {
    /// The trace's path as given.
    var file: String
    /// The timed location fixes given, nil without fixes.
    var fixCount: Int?
    /// What the engine reported.
    var summary: TraceSummary

    subscript<Value>(dynamicMember keyPath: KeyPath<TraceSummary, Value>) -> Value { summary[keyPath: keyPath] }

    /// The largest |time| in seconds `plot` and `summarize` show (far inside Int's range for every clock and duration).
    static let maximumShownTime = 1e15

    /// Streams the trace at `path` with the fixes at `fixesPath` through two ``MotionEngine``s (``RecordedTrace``),
    /// each row to both, days local days in the zone `zones` gives at each fix's time (the odometer's rule: a
    /// change of zone never takes a day back), and summarises their events:
    /// - the **description** of the recording — activity segments and the odometer's moving gate (distance while any
    ///   movement is reported) — from an engine whose classifier decides with full smoothing, as `label` and
    ///   `distance --trace` do (it counts no steps);
    /// - what a phone would have **done live** — the recording gate with `policy`, and the step detector behind the
    ///   activity gate — from an engine whose classifier decides lagged, as `replay` and `steps` do (the gates act on
    ///   each decision as it comes; fed full smoothing's later decisions they would switch late).
    ///
    /// `row` gets each row read (after its checks). Warnings (lenient reading, fixes out of order or outside the
    /// trace) are appended to `diagnostics`.
    /// - Throws: ``InputError`` for bad input (a bad row, a trace of fewer than two samples or with times too far
    ///   from 1970 to show, fixes that do not overlap the trace).
    static func run(path: String, options: TraceReadingOptions, fixesPath: String?, policy: RecordingGate.Policy,
                    zones: ZoneSchedule, diagnostics: inout String, progress: ReadProgress = .none,
                    row: (TraceRow) throws -> Void = { _ in }) throws -> TraceAnalysis {
        var source = try TraceInput(path: path, options: options)
        diagnostics += source.unitDecisionLine ?? ""
        let fixFile = try fixesPath.map { try readFixes(path: $0, lenient: options.lenient) }
        var live = MotionEngine.Configuration()
        live.gate = RecordingGate.Configuration(policy: policy)
        var liveEngine = MotionEngine(configuration: live, zones: zones, smoothing: .lagged)
        var described = MotionEngine.Configuration()
        described.countsSteps = false
        var describedEngine = MotionEngine(configuration: described, zones: zones, smoothing: .full)
        var liveRun = RecordedTrace(fixes: fixFile?.file), describedRun = RecordedTrace(fixes: fixFile?.file)
        var recorder = TraceSummaryRecorder(gate: live.gate)
        // Each engine contributes its part of the summary (the recorder takes every kind of event it is given).
        let takeLive = { (event: MotionEvent) in
            switch event {
            case .recording, .step, .boutEnded: recorder.push(event)
            default: break
            }
        }
        let takeDescribed = { (event: MotionEvent) in
            switch event {
            case .activity, .distance: recorder.push(event)
            default: break
            }
        }
        while let next = try source.next() {
            // Dates, clocks and durations are written through Int arithmetic, which would trap this far out
            // (reachable only past --no-unit-check, which lets times of 2.6e11 s and more through).
            guard next.sample.time.magnitude < maximumShownTime else {
                throw InputError(file: path, line: next.line,
                                 problem: "timestamp \(next.sample.time) s is too far from 1970 to show as a date or "
                                 + "duration (the limit is ±10¹⁵ s, 30 million years)", hint: "timestamps must be in seconds")
            }
            recorder.push(sampleAt: next.sample.time)
            progress.row(recorder.sampleCount)
            try row(next)
            try liveRun.push(next, of: path, through: &liveEngine, emit: takeLive)
            try describedRun.push(next, of: path, through: &describedEngine, emit: takeDescribed)
        }
        try liveRun.finish(&liveEngine, emit: takeLive)
        try describedRun.finish(&describedEngine, emit: takeDescribed)
        diagnostics += LenientReport.text(source.warnings, skipped: source.skippedRowCount, in: path)
        guard let first = describedRun.firstSampleTime, let last = describedRun.lastSampleTime else {
            throw InputError(file: path, problem: "the trace has no samples", hint: "a trace needs a header and at least one row")
        }
        try TraceSpan.requireTwoSamples(describedRun.sampleCount, file: path)
        var analysis = TraceAnalysis(file: path, summary: recorder.finish(
            stepsRefused: liveEngine.isRecordingTooSparseForSteps, odometer: fixFile != nil ? describedEngine.odometer : nil))
        if let fixFile, let fixesPath {
            diagnostics += fixFile.warnings
            if let warning = describedRun.fixesOutOfOrderWarning { diagnostics += "locomotion: \(warning)\n" }
            try TraceSpan.checkOverlap(traceStart: first, traceEnd: last, fixTimes: fixFile.file.fixes.map(\.time),
                                       trace: path, fixes: fixesPath, diagnostics: &diagnostics)
            analysis.fixCount = fixFile.file.fixes.count { !$0.time.isNaN }
        }
        return analysis
    }

    /// Reads fixes (CSV, GPX or NMEA) as every command does: the file, and the text of what lenient reading skipped.
    static func readFixes(path: String, lenient: Bool) throws -> (file: FixFile, warnings: String) {
        let file = try FixReader.readFile(path: path, options: FixReadingOptions(lenient: lenient))
        return (file, LenientReport.text(file.warnings, skipped: file.warnings.count, in: path))
    }
}

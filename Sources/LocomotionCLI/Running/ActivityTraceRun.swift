import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO

/// Reads a trace and streams it through the classifier: the one code path of `label` and `evaluate`.
enum ActivityTraceRun {
    /// Streams `path` through a classifier (``RecordedTrace``: with the speeds of `fixes`, read from `fixesPath`,
    /// each before the first sample not earlier than it, fixes out of order giving no evidence); calls `segment`
    /// for each finished segment with the explanation of the update that opened it and `label` for each labelled
    /// row. Warnings (lenient reading of the trace and of the fixes, fixes out of order, fixes outside the trace)
    /// are appended to `diagnostics`; rows read are reported to `progress`. The fixes must overlap the trace in time
    /// (``TraceSpan/checkOverlap(traceStart:traceEnd:fixTimes:trace:fixes:diagnostics:)``). A trace of one sample
    /// is refused. Returns whether the trace has a `label` column.
    @discardableResult
    static func run(path: String, options: TraceReadingOptions, configuration: ActivityClassifier.Configuration,
                    smoothing: ActivityClassifier.Smoothing = .full, fixes: (file: FixFile, warnings: String)? = nil,
                    diagnostics: inout String, progress: ReadProgress = .none,
                    label: (MotionActivity, Double) -> Void = { _, _ in },
                    segment: (ActivitySegment, ActivityExplanation) -> Void) throws -> Bool {
        var source = try TraceInput(path: path, options: options)
        diagnostics += source.unitDecisionLine ?? ""
        var classifier = ActivityClassifier(configuration: configuration, smoothing: smoothing)
        var segmenter = ActivitySegmenter()
        // Updates always change the activity, so the open segment is explained by the last update.
        var open = ActivityExplanation(rule: .warmUp)
        var run = RecordedTrace(fixes: fixes?.file)
        var rowCount = 0
        try run.run(&source, through: &classifier, row: { row in
            rowCount += 1
            progress.row(rowCount)
            if let truth = row.label { label(truth, row.sample.time) }
        }, emit: { update in
            let closing = open
            segmenter.push(update) { finished in segment(finished, closing) }
            open = update.explanation
        })
        diagnostics += LenientReport.text(source.warnings, skipped: source.skippedRowCount, in: path)
        try TraceSpan.requireTwoSamples(rowCount, file: path)
        if let fixes {
            diagnostics += fixes.warnings
            if let warning = run.fixesOutOfOrderWarning { diagnostics += "locomotion: \(warning)\n" }
            if let start = run.firstSampleTime, let end = run.lastSampleTime {
                try TraceSpan.checkOverlap(traceStart: start, traceEnd: end, fixTimes: fixes.file.fixes.map(\.time),
                                           trace: path, fixes: fixes.file.file, diagnostics: &diagnostics)
            }
        }
        if let end = classifier.lastSampleTime {
            segmenter.finish(at: end) { finished in segment(finished, open) }
        }
        return source.hasLabels
    }
}

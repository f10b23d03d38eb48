import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO

/// Everything the library says about one trace (and its fixes), for `plot` and `summarize`: one ``MotionEngine``
/// run over the streamed trace (``RecordedTrace``), the engine's events gathered into segments, steps and distance.
/// Memory grows with what happens (segments, steps, fixes), not with the samples.
struct TraceAnalysis: Sendable {
    /// One point of the odometer's running total.
    struct DistancePoint: Sendable, Hashable {
        /// Time of the fix, seconds.
        var time: Double
        /// The distance of the fix's local day so far, metres.
        var dayDistance: Double
        /// The local day the fix counted on.
        var day: LocalDay
    }

    /// The trace's path as given.
    var file: String
    /// Samples read.
    var sampleCount = 0
    /// First and last sample time, seconds.
    var start = 0.0
    var end = 0.0
    /// The nominal sampling rate in Hz (median interval), or nil for fewer than two samples.
    var samplingRate: Double?
    /// The timed location fixes given, nil without fixes.
    var fixCount: Int?
    /// Activity segments from the classifier, first to last sample.
    var activities: [ActivitySegment] = []
    /// Counted steps and walking bouts (through the activity gate, as `locomotion steps` counts them).
    var stepTimes: [Double] = []
    var bouts: [WalkingBout] = []
    /// True when the trace is sampled too sparsely to count steps (then `stepTimes` and `bouts` are empty).
    var stepsRefused = false
    /// The gate's configuration (policy) and its mode segments, first to last sample.
    var gating: GatingConfiguration
    var modes: [GatingSegment] = []
    /// The odometer after every fix (nil without fixes), and its running total per fix.
    var odometer: Odometer?
    var distance: [DistancePoint] = []

    /// Steps and bouts as one value.
    var steps: StepDetection { StepDetection(steps: stepTimes, bouts: bouts, refusedDuration: 0) }

    /// The largest |time| in seconds `plot` and `summarize` show (far inside Int's range for every clock and duration).
    static let maximumShownTime = 1e15

    private init(file: String, gating: GatingConfiguration) {
        self.file = file
        self.gating = gating
    }

    /// Streams the trace at `path` with the fixes at `fixesPath` through a ``MotionEngine`` — the classifier (lagged,
    /// as a phone decides), the step detector behind the activity gate, the recording gate with `policy`, and the
    /// odometer counting while any movement is reported, days in `timeZone` — and gathers its events. `row` gets
    /// each row read (after its checks). Warnings (lenient reading, fixes out of order or outside the trace) are
    /// appended to `diagnostics`.
    /// - Throws: ``InputError`` for bad input (a bad row, a trace of fewer than two samples or with times too far
    ///   from 1970 to show, fixes that do not overlap the trace).
    static func run(path: String, options: TraceReadingOptions, fixesPath: String?, policy: GatingPolicy,
                    timeZone: TimeZone, diagnostics: inout String, progress: ReadProgress = .none,
                    row: (TraceRow) throws -> Void = { _ in }) throws -> TraceAnalysis {
        var source = try TraceInput(path: path, options: options)
        let fixFile = try fixesPath.map { try readFixes(path: $0, lenient: options.lenient) }
        var analysis = TraceAnalysis(file: path, gating: GatingConfiguration(policy: policy))
        var configuration = MotionEngine.Configuration()
        configuration.gating = analysis.gating
        var engine = MotionEngine(configuration: configuration, timeZone: timeZone, smoothing: .lagged)
        var run = RecordedTrace(fixes: fixFile?.file)
        var activitySegmenter = ActivitySegmenter(), modeSegmenter = GatingSegmenter()
        var interval = SamplingIntervalMedian()
        var activities: [ActivitySegment] = [], modes: [GatingSegment] = []
        var stepTimes: [Double] = [], bouts: [WalkingBout] = [], points: [DistancePoint] = []
        var rows = 0
        try run.run(&source, through: &engine, row: { next in
            // Dates, clocks and durations are written through Int arithmetic, which would trap this far out
            // (reachable only past --no-unit-check, which lets times of 2.6e11 s and more through).
            guard next.sample.time.magnitude < maximumShownTime else {
                throw InputError(file: path, line: next.line,
                                 problem: "timestamp \(next.sample.time) s is too far from 1970 to show as a date or "
                                 + "duration (the limit is ±10¹⁵ s, 30 million years)", hint: "timestamps must be in seconds")
            }
            rows += 1
            progress.row(rows)
            interval.push(next.sample.time)
            try row(next)
        }, emit: { event in
            switch event {
            case .activity(let update): activitySegmenter.push(update) { activities.append($0) }
            case .recording(let gating): modeSegmenter.push(gating) { modes.append($0) }
            case .step(let time): stepTimes.append(time)
            case .boutEnded(let bout): bouts.append(bout)
            case .distance(let update):
                // A point per dated fix in time order (a fix out of order has no place on the curve).
                if !update.time.isNaN, let day = update.tally.day, points.last.map({ update.time >= $0.time }) ?? true {
                    points.append(DistancePoint(time: update.time, dayDistance: update.tally.distance, day: day))
                }
            case .samplesBegan, .gap, .samplesEnded: break
            }
        })
        diagnostics += LenientReport.text(source.warnings, skipped: source.skippedRowCount, in: path)
        guard let first = run.firstSampleTime, let last = run.lastSampleTime else {
            throw InputError(file: path, problem: "the trace has no samples", hint: "a trace needs a header and at least one row")
        }
        try TraceSpan.requireTwoSamples(run.sampleCount, file: path)
        activitySegmenter.finish(at: last) { activities.append($0) }
        modeSegmenter.finish(at: last) { modes.append($0) }
        analysis.sampleCount = run.sampleCount
        analysis.start = first
        analysis.end = last
        analysis.samplingRate = interval.median.flatMap { $0 > 0 ? 1 / $0 : nil }
        analysis.activities = activities
        analysis.modes = modes
        // The step detector's own check of the rate (the share of long intervals), as `locomotion steps` refuses.
        analysis.stepsRefused = engine.isRecordingTooSparseForSteps
        if !analysis.stepsRefused {
            analysis.stepTimes = stepTimes
            analysis.bouts = bouts
        }
        if let fixFile, let fixesPath {
            diagnostics += fixFile.warnings
            if let warning = run.fixes?.outOfOrderWarning { diagnostics += "locomotion: \(warning)\n" }
            try TraceSpan.checkOverlap(traceStart: first, traceEnd: last, fixTimes: fixFile.file.fixes.map(\.time),
                                       trace: path, fixes: fixesPath, diagnostics: &diagnostics)
            analysis.fixCount = fixFile.file.fixes.count { !$0.time.isNaN }
            analysis.odometer = engine.odometer
            analysis.distance = points
        }
        return analysis
    }

    /// Reads fixes (CSV, GPX or NMEA) as every command does: the file, and the text of what lenient reading skipped.
    static func readFixes(path: String, lenient: Bool) throws -> (file: FixFile, warnings: String) {
        let file = try FixReader.readFile(path: path, options: FixReadingOptions(lenient: lenient))
        return (file, LenientReport.text(file.warnings, skipped: file.warnings.count, in: path))
    }
}

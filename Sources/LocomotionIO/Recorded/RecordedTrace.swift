import Locomotion
import LocomotionDSP

/// A recorded trace — one or several ``TraceSource``s read as one recording — and its location fixes, run through
/// a `MotionEngine` (or an `ActivityClassifier` alone) in the one order every command of the tool uses, so that
/// they all answer alike:
///
/// - each fix before the first sample not earlier than it, out-of-order and untimed fixes as ``FixFeed`` says;
/// - with `ActivitySource.external` activity taken from the rows' labels (`ActivityLabelStream`), each change
///   of label an update before its sample;
/// - the recording's span is its samples': at ``finish(_:emit:)`` the engine finishes, and the fixes after the
///   last sample then count for distance only — the classifier and the gate have nothing left to decide, and none
///   of their events is passed on.
///
/// Memory: the engine's, the fixes', and what the caller keeps of the events; constant in the number of samples.
///
/// ```swift
/// var engine = MotionEngine(timeZone: zone, smoothing: .full)
/// var run = RecordedTrace(fixes: try FixReader.readFile(path: "day-fixes.csv"))
/// var trace = try TraceInput(path: "day.csv")
/// try run.run(&trace, through: &engine) { event in print(event) }
/// ```
public struct RecordedTrace: Sendable {
    /// The fixes still to be fed, and what was seen of them (``FixFeed/outOfOrderCount``); nil without fixes.
    public private(set) var fixes: FixFeed?
    /// The labels turned into activity updates, when the activity comes from the rows' labels.
    private var labels: ActivityLabelStream?
    /// Samples read so far (every source).
    public private(set) var sampleCount = 0
    /// Time (s) of the first and of the latest sample read, nil before the first.
    public private(set) var firstSampleTime: Double?
    public private(set) var lastSampleTime: Double?

    /// A run with `fixes` (nil: none; `joinsSegments` measures across GPX track-segment breaks), whose activity
    /// comes from the rows' labels, each change an update with `labelConfidence`, when that is given (the engine's
    /// activity source must then be `ActivitySource.external`), else from the engine's own source.
    public init(fixes: FixFile? = nil, joinsSegments: Bool = false, activityFromLabels labelConfidence: ActivityConfidence? = nil) {
        self.fixes = fixes.map { FixFeed($0, joinsSegments: joinsSegments) }
        labels = labelConfidence.map { ActivityLabelStream(confidence: $0) }
    }

    /// Pushes one row of `file` (rows in time order) into `engine`, after the fixes due by its time, and calls `emit`
    /// with every event.
    /// - Throws: ``InputError`` for an input the engine refuses (a sample earlier than the previous file's last, a fix
    ///   out of range), naming the file and the line.
    /// - Complexity: O(1) amortised per row and per fix.
    public mutating func push(_ row: TraceRow, of file: String, through engine: inout MotionEngine,
                              emit: (MotionEvent) -> Void) throws(InputError) {
        try pushEvidence(before: row, of: file, through: &engine, emit: emit)
        try pushSample(of: row, in: file, through: &engine, emit: emit)
    }

    /// ``push(_:of:through:emit:)`` in two steps, for a replay that decides after the fixes whether the collector
    /// receives the row (a closed-loop replay, `ClosedLoopSensors` in LocomotionEvaluation): feeds `engine` the fixes
    /// due by `row`'s time that `receivingFix` lets through (by default every one) and, with activity from the
    /// labels, the update of its label (the platform's activity keeps coming whatever the accelerometer does); then
    /// call ``pushSample(of:in:through:emit:)`` or ``pass(_:of:through:advancing:emit:)``. Calls `emit` with every
    /// event.
    /// - Throws: ``InputError`` as ``push(_:of:through:emit:)``.
    /// - Complexity: O(1) amortised per row and per fix.
    public mutating func pushEvidence(before row: TraceRow, of file: String, through engine: inout MotionEngine,
                                      receivingFix: (LocationFix) -> Bool = { _ in true },
                                      emit: (MotionEvent) -> Void) throws(InputError) {
        precondition(labels == nil || engine.configuration.activitySource == .external,
                     "activity from labels needs an engine with the external activity source")
        let time = row.sample.time
        try fixes?.push(through: time, into: &engine, receiving: receivingFix, emit: emit)
        if labels != nil {
            var update: ActivityUpdate?
            labels!.push(row.label, at: time) { update = $0 }
            if let update {
                try take(in: file, line: row.line) { () throws(MotionEngineError) in try engine.push(update, emit: emit) }
            }
        }
    }

    /// Pushes `row`'s sample into `engine` (after ``pushEvidence(before:of:through:receivingFix:emit:)``) and counts the
    /// row as read; calls `emit` with every event.
    /// - Throws: ``InputError`` as ``push(_:of:through:emit:)``.
    /// - Complexity: O(1) amortised.
    public mutating func pushSample(of row: TraceRow, in file: String, through engine: inout MotionEngine,
                                    emit: (MotionEvent) -> Void) throws(InputError) {
        try take(in: file, line: row.line) { () throws(MotionEngineError) in try engine.push(row.sample, emit: emit) }
        count(row.sample.time)
    }

    /// Takes `row` as a row the collector did not receive — its accelerometer off, or slower than the recording —
    /// after ``pushEvidence(before:of:through:receivingFix:emit:)``: counts it as read and, when `advancing`, advances
    /// `engine` to its time (`MotionEngine.advance(to:emit:)`: time passing while no sample comes, so the gate's
    /// timers run out); calls `emit` with every event.
    /// - Throws: ``InputError`` as ``push(_:of:through:emit:)``.
    /// - Complexity: O(waiting inputs).
    public mutating func pass(_ row: TraceRow, of file: String, through engine: inout MotionEngine, advancing: Bool,
                              emit: (MotionEvent) -> Void) throws(InputError) {
        if advancing {
            let time = row.sample.time
            try take(in: file, line: row.line) { () throws(MotionEngineError) in try engine.advance(to: time, emit: emit) }
        }
        count(row.sample.time)
    }

    /// Pushes every row of `source` into `engine` (``push(_:of:through:emit:)``), calling `row` with each row read
    /// first. Several sources pushed one after another are one recording; end it with ``finish(_:emit:)``.
    /// - Throws: ``InputError`` for a bad row (from the source) or an input the engine refuses; and whatever `row`
    ///   throws, which stops the run there.
    /// - Complexity: O(1) amortised per row and per fix.
    public mutating func push(_ source: inout some TraceSource, through engine: inout MotionEngine,
                              row: (TraceRow) throws -> Void = { _ in }, emit: (MotionEvent) -> Void) throws {
        while let next = try source.next() {
            try row(next)
            try push(next, of: source.file, through: &engine, emit: emit)
        }
    }

    /// Feeds `engine` the fixes still waiting (all of them), as input: at the end of one file of a recording whose
    /// next file has its own fixes.
    /// - Throws: ``InputError`` as ``push(_:through:row:emit:)``.
    public mutating func pushRemainingFixes(into engine: inout MotionEngine, emit: (MotionEvent) -> Void) throws(InputError) {
        try fixes?.push(through: .infinity, into: &engine, emit: emit)
    }

    /// Ends the recording: finishes `engine` (`MotionEngine.finish(emit:)`), then feeds it the fixes after the
    /// last sample for distance only, and calls `emit` with the events — of those fixes, only their
    /// `MotionEvent.distance(_:)` updates.
    /// - Throws: ``InputError`` as ``push(_:through:row:emit:)``.
    public mutating func finish(_ engine: inout MotionEngine, emit: (MotionEvent) -> Void) throws(InputError) {
        engine.finish(emit: emit)
        guard let feed = fixes, !feed.isFinished else { return }
        let distanceOnly = { (event: MotionEvent) in
            if case .distance = event { emit(event) }
        }
        try fixes!.push(through: .infinity, into: &engine, emit: distanceOnly)
        engine.finish(emit: distanceOnly)
    }

    /// ``push(_:through:row:emit:)`` then ``finish(_:emit:)``: one source as the whole recording.
    /// - Throws: as ``push(_:through:row:emit:)``.
    public mutating func run(_ source: inout some TraceSource, through engine: inout MotionEngine,
                             row: (TraceRow) throws -> Void = { _ in }, emit: (MotionEvent) -> Void) throws {
        try push(&source, through: &engine, row: row, emit: emit)
        try finish(&engine, emit: emit)
    }

    /// Runs `source` through `classifier` alone (activity, without steps, gate or distance): each row after the
    /// speeds of the fixes due, then `ActivityClassifier.finish(emit:)`; calls `row` with each row and `emit` with
    /// every update. Fixes after the last sample add nothing.
    /// - Throws: ``InputError`` for a bad row, and whatever `row` throws, which stops the run there.
    /// - Complexity: O(1) amortised per row and per fix.
    public mutating func run(_ source: inout some TraceSource, through classifier: inout ActivityClassifier,
                             row: (TraceRow) throws -> Void = { _ in }, emit: (ActivityUpdate) -> Void) throws {
        try runClassifier(&source, through: &classifier, row: row, emit: emit)
    }

    /// The generic `run(_:through:row:emit:)` for a ``TraceInput`` — the source of `label` and
    /// `evaluate` — compiled for that type: a generic function is not specialised for the callers in other
    /// modules, so there every row would be fetched through the protocol's witness table.
    /// - Throws: as the generic `run(_:through:row:emit:)`.
    /// - Complexity: O(1) amortised per row and per fix.
    public mutating func run(_ source: inout TraceInput, through classifier: inout ActivityClassifier,
                             row: (TraceRow) throws -> Void = { _ in }, emit: (ActivityUpdate) -> Void) throws {
        try runClassifier(&source, through: &classifier, row: row, emit: emit)
    }

    @inline(__always)
    private mutating func runClassifier(_ source: inout some TraceSource, through classifier: inout ActivityClassifier,
                                        row: (TraceRow) throws -> Void, emit: (ActivityUpdate) -> Void) throws {
        while let next = try source.next() {
            try row(next)
            fixes?.push(through: next.sample.time, into: &classifier)
            classifier.push(next.sample, emit: emit)
            count(next.sample.time)
        }
        classifier.finish(emit: emit)
        // The rest lie after the last sample: passed over, counted (out of order) but not used.
        fixes?.skipRemaining()
    }

    private mutating func count(_ time: Double) {
        sampleCount += 1
        if firstSampleTime == nil { firstSampleTime = time }
        lastSampleTime = time
    }

    /// Runs `body`, turning the engine's refusal into an ``InputError`` at `file`'s `line`.
    private func take(in file: String, line: Int, _ body: () throws(MotionEngineError) -> Void) throws(InputError) {
        do {
            try body()
        } catch {
            throw InputError(file: file, line: line, problem: error.description)
        }
    }
}

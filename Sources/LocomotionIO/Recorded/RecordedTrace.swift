import Locomotion
import LocomotionDSP

/// A recorded trace — one or several ``TraceSource``s read as one recording — and its location fixes, run through
/// a `MotionEngine` (or an `ActivityClassifier` alone) in the recording order (`MotionInput`, `RecordedInputs`),
/// so that every command of the tool answers alike:
///
/// - each fix before the first sample not earlier than it; out-of-order and untimed fixes and track-segment
///   breaks at their place, by the fix rule of `RecordedInputs`;
/// - with `ActivitySource.external` activity taken from the rows' labels, each change of label an update before
///   its sample;
/// - the recording's span is its samples': at ``finish(_:emit:)`` the engine finishes, and the fixes after the
///   last sample then count for distance only — the classifier and the gate have nothing left to decide, and none
///   of their events is passed on.
///
/// Errors name the file and the line of the row (or the fix) the engine refused.
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
    /// The fixes, nil without.
    public let fixes: FixFile?
    /// The inputs in the recording order: the fixes still to be handed out and what was seen of them.
    package private(set) var inputs: RecordedInputs
    /// Fixes handed out so far (to name the one the engine refuses).
    private var fixCount = 0
    /// Samples read so far (every source).
    public private(set) var sampleCount = 0
    /// Time (s) of the first and of the latest sample read, nil before the first.
    public private(set) var firstSampleTime: Double?
    public private(set) var lastSampleTime: Double?

    /// A run with `fixes` (nil: none; `joinsSegments` measures across GPX track-segment breaks), whose activity
    /// comes from the rows' labels, each change an update with `labelConfidence`, when that is given (the engine's
    /// activity source must then be `ActivitySource.external`), else from the engine's own source.
    public init(fixes: FixFile? = nil, joinsSegments: Bool = false, activityFromLabels labelConfidence: ActivityConfidence? = nil) {
        self.fixes = fixes
        inputs = RecordedInputs(fixes: fixes?.fixes ?? [], segmentStarts: fixes?.segmentStarts ?? [],
                                joinsSegments: joinsSegments, activityFromLabels: labelConfidence)
    }

    /// Hands the inputs of one row of `file` (rows in time order) to `deliver` in the recording order — the fixes
    /// due by its time, the update of its label (with activity from labels), its sample — and counts the row as
    /// read. A replay that decides what its collector receives (`ReplayCollector` in LocomotionEvaluation) delivers
    /// through it; ``push(_:of:through:emit:)`` delivers everything to an engine.
    /// - Throws: ``InputError`` for an input `deliver` refuses (`MotionEngineError`), naming the file and the row's
    ///   line, or the fix file and the fix.
    /// - Complexity: O(1) amortised per row and per fix, plus `deliver`'s.
    package mutating func push(_ row: TraceRow, of file: String,
                              deliver: (MotionInput) throws(MotionEngineError) -> Void) throws(InputError) {
        inputs.append(row.sample, label: row.label)
        try deliverDue(row: row, of: file, deliver)
        count(row.sample.time)
    }

    /// Pushes one row of `file` (rows in time order) into `engine`, after the fixes due by its time, and calls `emit`
    /// with every event.
    /// - Throws: ``InputError`` for an input the engine refuses (a sample earlier than the previous file's last, a fix
    ///   out of range), naming the file and the line.
    /// - Complexity: O(1) amortised per row and per fix.
    public mutating func push(_ row: TraceRow, of file: String, through engine: inout MotionEngine,
                              emit: (MotionEvent) -> Void) throws(InputError) {
        precondition(engine.configuration.activitySource == .external || !labelsAreActivity,
                     "activity from labels needs an engine with the external activity source")
        try push(row, of: file) { (input: MotionInput) throws(MotionEngineError) in try engine.push(input, emit: emit) }
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

    /// Ends the samples and feeds `engine` every fix left, as input: at the end of one file of a recording whose next
    /// file has its own fixes (and its own run).
    /// - Throws: ``InputError`` as ``push(_:of:through:emit:)``.
    public mutating func pushRemainingFixes(into engine: inout MotionEngine, emit: (MotionEvent) -> Void) throws(InputError) {
        inputs.endSamples()
        try deliverDue(row: nil, of: "") { (input: MotionInput) throws(MotionEngineError) in try engine.push(input, emit: emit) }
    }

    /// Ends the recording: finishes `engine` (`MotionEngine.finish(emit:)`), then feeds it the fixes after the
    /// last sample for distance only, and calls `emit` with the events — of those fixes, only their
    /// `MotionEvent.distance(_:)` updates.
    /// - Throws: ``InputError`` as ``push(_:through:row:emit:)``.
    public mutating func finish(_ engine: inout MotionEngine, emit: (MotionEvent) -> Void) throws(InputError) {
        engine.finish(emit: emit)
        guard !inputs.hasHandedOutEveryFix else { return }
        let distanceOnly = { (event: MotionEvent) in
            if case .distance = event { emit(event) }
        }
        try pushRemainingFixes(into: &engine, emit: distanceOnly)
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
    package mutating func run(_ source: inout TraceInput, through classifier: inout ActivityClassifier,
                             row: (TraceRow) throws -> Void = { _ in }, emit: (ActivityUpdate) -> Void) throws {
        try runClassifier(&source, through: &classifier, row: row, emit: emit)
    }

    @inline(__always)
    private mutating func runClassifier(_ source: inout some TraceSource, through classifier: inout ActivityClassifier,
                                        row: (TraceRow) throws -> Void, emit: (ActivityUpdate) -> Void) throws {
        while let next = try source.next() {
            try row(next)
            inputs.append(next.sample, label: next.label)
            while let input = inputs.next() { classifier.push(input, emit: emit) }
            count(next.sample.time)
        }
        classifier.finish(emit: emit)
        // The rest lie after the last sample: passed over, counted (out of order) but not used.
        inputs.endSamples()
        while inputs.next() != nil {}
    }

    /// A warning for people about the fixes out of order handed out so far, or nil when there were none: one line,
    /// naming the file, how many, and the first.
    public var fixesOutOfOrderWarning: String? {
        fixes?.outOfOrderWarning(count: inputs.outOfOrderFixCount, first: inputs.firstOutOfOrderFix)
    }

    private var labelsAreActivity: Bool { inputs.takesActivityFromLabels }

    /// Hands every input due to `deliver`, turning a refusal into an ``InputError``: at `file`'s line of `row` for
    /// the row's sample and label, at the fix for a fix.
    private mutating func deliverDue(row: TraceRow?, of file: String,
                                     _ deliver: (MotionInput) throws(MotionEngineError) -> Void) throws(InputError) {
        while let input = inputs.next() {
            var isFix = false
            switch input {
            case .fix, .outOfOrderFix, .untimedFix:
                fixCount += 1
                isFix = true
            case .segmentBreak, .activity, .sample: break
            }
            do {
                try deliver(input)
            } catch {
                if isFix, let fixes {
                    let fix = fixes.fixes[fixCount - 1]
                    throw InputError(file: fixes.file, problem: "fix \(fixCount) (time \(fix.time) s): \(error)")
                }
                throw InputError(file: file, line: row?.line, problem: error.description)
            }
        }
    }

    private mutating func count(_ time: Double) {
        sampleCount += 1
        if firstSampleTime == nil { firstSampleTime = time }
        lastSampleTime = time
    }
}

extension FixFile {
    /// A warning for people about this file's fixes out of order — `count` of them, the first `first` — or nil when
    /// there were none: one line, naming the file, how many, and the first.
    package func outOfOrderWarning(count: Int, first: RecordedInputs.OutOfOrderFix?) -> String? {
        guard let first else { return nil }
        let fixes = count == 1 ? "1 location fix goes" : "\(count) location fixes go"
        return "\(file): warning: \(fixes) back in time (the first, fix \(first.index + 1), at \(first.time) s "
            + "after one at \(first.previous) s); out-of-order fixes are no activity evidence and count as "
            + "rejected_out_of_order (Docs/formats.md)"
    }
}

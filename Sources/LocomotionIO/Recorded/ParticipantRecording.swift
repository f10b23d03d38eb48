import Foundation
@_spi(Tuning) import Locomotion
import LocomotionDSP

/// One participant's traces read as one recording and turned into tables — per epoch, per local day, activity
/// segments (``RecordingTables``) — what `locomotion epochs` and `locomotion daily` compute for each participant:
///
/// - **One recording.** The files are read in the order of their first timestamps (ties and files without samples
///   keep the order given); the time between two files is a gap. Files that overlap in time are refused: a file that
///   starts before the previous one ends is an ``InputError`` naming both.
/// - **One engine.** Every sample goes through one `MotionEngine` (the classifier, the step detector behind the
///   activity gate, the recording gate with ``policy``, the odometer), through ``RecordedTrace`` — so fixes follow
///   the recording order of `RecordedInputs` — and its events into the tables, each table row final as soon as the engine has
///   settled its time (`MotionEngine.eventSettledTime`).
/// - **Fixes.** One file for the whole recording, or each trace's companion `NAME.fixes.csv` (``companionFixes(of:)``),
///   fed before the next trace's samples; a companion's fixes after its trace's last sample still count (they may
///   fall in an epoch of the recording), after the last trace for distance only.
///
/// ```swift
/// let recording = ParticipantRecording(epoch: RecordingTables.Configuration(timeZone: zone), fixes: .companions)
/// try recording.run(["p1/monday.csv", "p1/tuesday.csv"]) { row, file in
///     if case .day(let day) = row { print(day.day, day.tally.steps) }
/// }
/// ```
///
/// Memory: constant in the length of the recording (the traces are streamed, the fixes read one file at a time).
package struct ParticipantRecording: Sendable {
    /// Where the location fixes come from.
    package enum Fixes: Sendable, Hashable {
        /// No fixes: no distance.
        case none
        /// One file (CSV, GPX or NMEA) for the whole recording.
        case file(String)
        /// Each trace's own, `NAME.fixes.csv` beside the trace (``companionFixes(of:)``), where it exists.
        case companions
    }

    /// What happened while reading, for people (`locomotion` writes each on standard error as it comes).
    package enum Notice: Sendable {
        /// A trace was read to its end; lenient reading skipped these rows.
        case traceRead(file: String, warnings: [InputWarning], skippedRowCount: Int)
        /// A file of fixes was read (its ``FixFile/warnings``: what lenient reading skipped).
        case fixesRead(FixFile)
        /// Fixes went back in time (``RecordedTrace/fixesOutOfOrderWarning``): one line for people.
        case fixesOutOfOrder(String)
        /// 10 % or more of a fix file's fixes lie outside its traces' time (``FixOverlap``): one line for people.
        case fixesOutsideTrace(String)
        /// A file's first sample was the previous file's last one, the same time and values: it was read once.
        case duplicateBoundarySample(String)
        /// The step detector refused a minute or more of the input as sampled too sparsely to count steps in (below
        /// its minimum rate, 8 samples/s: a 5 Hz collector): the tables count no steps there. One line for people.
        case stepsRefused(String)
        /// `--units auto` decided a trace's unit (``AccelerationUnitDecision``), or a participant's traces were
        /// decided in different units (a warning naming them). One line for people.
        case accelerationUnits(String)
    }

    /// How the traces (and the fixes: their ``TraceReadingOptions/lenient``) are read.
    package var reading: TraceReadingOptions
    /// The classifier's configuration.
    package var classifier: ActivityClassifier.Configuration
    /// How the classifier decides (``ActivityClassifier/Smoothing``).
    package var smoothing: ActivityClassifier.Smoothing
    /// The gating policy whose recording mode the tables report.
    package var policy: RecordingGate.Policy
    /// The epochs: length, time zone of the local days and times, day start, gap limit.
    package var epoch: RecordingTables.Configuration
    /// Days with fewer hours of data are flagged (``DaySummary/hasTooLittleData``).
    package var minimumCoveredHours: Double
    /// Days carried at least this many hours are valid (``DaySummary/isValid``).
    package var minimumCarriedHours = RecordingTables.defaultMinimumCarriedHours
    /// The tables built.
    package var tables: RecordingTables.Tables
    /// Where the fixes come from.
    package var fixes: Fixes
    /// Fixes already read for the whole recording (one `device_id`'s part of AWARE's locations table,
    /// ``AwareLocations``): used in place of ``fixes`` when set.
    package var givenFixes: FixFile?

    package init(reading: TraceReadingOptions = .init(), classifier: ActivityClassifier.Configuration = .init(),
                smoothing: ActivityClassifier.Smoothing = .lagged, policy: RecordingGate.Policy = .onFoot,
                epoch: RecordingTables.Configuration, minimumCoveredHours: Double = RecordingTables.defaultMinimumCoveredHours,
                tables: RecordingTables.Tables = [.epochs, .days, .segments], fixes: Fixes = .none) {
        self.reading = reading
        self.classifier = classifier
        self.smoothing = smoothing
        self.policy = policy
        self.epoch = epoch
        self.minimumCoveredHours = minimumCoveredHours
        self.tables = tables
        self.fixes = fixes
    }

    /// The engine's configuration: the classifier, the gate with ``policy``, the odometer's day start and the gap
    /// limit from ``epoch``, everything else by default.
    package var engineConfiguration: MotionEngine.Configuration {
        var configuration = MotionEngine.Configuration()
        configuration.activitySource = .classifier(classifier)
        configuration.gate = RecordingGate.Configuration(policy: policy)
        configuration.odometer.dayStart = epoch.dayStart
        configuration.gapLimit = epoch.maximumGap
        return configuration
    }

    /// The companion fix file of `trace`, when it exists as a regular file; nil for standard input:
    /// - `NAME.fixes.csv` beside `NAME.csv` (or beside a JSON Lines trace `NAME.jsonl`, `NAME.ndjson`); beside a
    ///   gzipped trace (`NAME.csv.gz`) `NAME.fixes.csv`, else `NAME.fixes.csv.gz`;
    /// - Beiwe's layout, a trace `…/accelerometer/HOUR.csv` (or `.csv.gz`) of a participant's folder: the same hour's
    ///   `…/gps/HOUR.csv` (same name), when no `NAME.fixes.csv` is beside it.
    /// - Complexity: at most three `stat` calls.
    package static func companionFixes(of trace: String) -> String? {
        guard trace != "-" else { return nil }
        var lowercased = trace.lowercased()
        var stem = trace
        if lowercased.hasSuffix(".gz") {
            lowercased.removeLast(3)
            stem.removeLast(3)
        }
        guard let suffix = [".csv", ".jsonl", ".ndjson"].first(where: { lowercased.hasSuffix($0) }) else { return nil }
        let base = String(stem.dropLast(suffix.count)) + ".fixes.csv"
        var candidates = [base]
        if stem != trace { candidates.append(base + ".gz") }
        let parts = trace.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count >= 2, parts[parts.count - 2] == "accelerometer" {
            candidates.append((parts.dropLast(2) + ["gps", parts[parts.count - 1]]).joined(separator: "/"))
        }
        return candidates.first { path in
            var status = stat()
            return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        }
    }

    /// `paths` in the order of their first timestamps (ties, and files without samples, keep the order given).
    /// - Throws: ``InputError`` when a file cannot be opened as a trace, or when its timestamps were detected in
    ///   another unit than the first file's (seconds in one, milliseconds in another: an export gone wrong, not a
    ///   guess to make per file); when one of several files is a pipe or standard input (``PipeRule``), whose
    ///   first rows would be lost to the ordering.
    /// - Complexity: opens each file and reads its first rows.
    package func ordered(_ paths: [String]) throws(InputError) -> [String] {
        try Self.refuseStreams(among: paths)
        return try ordered(paths) { path throws(InputError) in try TraceInput(path: path, options: reading) }
    }

    /// The warning when `--units auto` read one participant's traces in different units, naming the traces of each
    /// unit (a phone changed mid-study, or an export converted some files: worth a look, not a reason to stop, as each
    /// file's own rows decided its unit); nil when they agree.
    static func unitDisagreementWarning(_ decisions: [(subject: String, unit: AccelerationUnit)]) -> String? {
        let units = AccelerationUnit.allCases.filter { unit in decisions.contains { $0.unit == unit } }
        guard units.count > 1 else { return nil }
        let groups = units.map { unit in
            "\(unit == .g ? "g" : "m/s²"): " + decisions.filter { $0.unit == unit }.map(\.subject).joined(separator: ", ")
        }
        return "locomotion: warning: --units auto read one participant's traces in different units; "
            + groups.joined(separator: "; ") + " (a change of phone, or an export that converted some files: check them)\n"
    }

    /// Ordering reads each file's start, then the recording reads it again: a pipe (or standard input) among
    /// several files would lose those rows, so it is refused naming it.
    private static func refuseStreams(among paths: [String]) throws(InputError) {
        guard paths.count > 1, let stream = paths.first(where: PipeRule.isStream) else { return }
        throw InputError(file: stream, problem: "is a pipe or standard input, which can be read only once, but the "
                            + "participant's \(paths.count) files are put in order by their first timestamps first",
                         hint: "give it as a regular file, or as the participant's only file")
    }

    /// ``ordered(_:)`` with the traces opened by `open` (in-memory sources: the Python module's data frames).
    package func ordered<Source: TraceSource>(_ paths: [String], opening open: (String) throws(InputError) -> Source) throws(InputError) -> [String] {
        guard paths.count > 1 else { return paths }
        var starts: [(time: Double, index: Int)] = []
        var firstUnit: (unit: TimestampUnit, file: String)?
        for (index, path) in paths.enumerated() {
            var source = try open(path)
            let first = try source.next()
            // Only files have a detected unit; the Python module's data frames come in seconds.
            if let first, reading.timestampUnit == nil, let unit = (source as? TraceInput)?.timestampUnit {
                if let firstUnit, firstUnit.unit != unit {
                    throw InputError(file: path, line: first.line,
                                     problem: "timestamps in \(unit.name), but \(firstUnit.file) of the same participant "
                                        + "has them in \(firstUnit.unit.name)",
                                     hint: "one participant's files share one unit: convert the odd file's timestamp column")
                }
                if firstUnit == nil { firstUnit = (unit, path) }
            }
            starts.append((first?.sample.time ?? .infinity, index))
        }
        return starts.sorted { ($0.time, $0.index) < ($1.time, $1.index) }.map { paths[$0.index] }
    }

    /// Reads the traces at `paths` (``ordered(_:)``) as one recording and calls `emit` with each table row as soon
    /// as it is final, with the file that was being read at the row's start; `row` gets each row read (after its
    /// checks), `notice` what people should hear about (lenient reading, fixes out of order), as it happens.
    /// - Returns: The engine's events that came after their epoch was written (0: the engine kept its promise,
    ///   ``RecordingTables/lateEventCount``).
    /// - Throws: ``InputError`` naming the file: a bad row, files that overlap in time, no samples at all, a bad
    ///   fix file, fixes none of which lies within the time of their traces (``FixOverlap``: the recording's for
    ///   one fix file, the trace's for a companion), which would add nothing.
    /// - Complexity: O(1) amortised per sample and per fix.
    @discardableResult
    package func run(_ paths: [String], row: (TraceRow) -> Void = { _ in }, notice: (Notice) -> Void = { _ in },
                    emit: (RecordingTables.Row, _ file: String) -> Void) throws(InputError) -> Int {
        try Self.refuseStreams(among: paths)
        return try run(paths, opening: { path throws(InputError) in try TraceInput(path: path, options: reading) },
                row: row, notice: notice, emit: emit)
    }

    /// ``run(_:row:notice:emit:)`` with the traces opened by `open`: the one code path of files and of in-memory
    /// sources (the Python module's data frames), so both give the same tables.
    @discardableResult
    package func run<Source: TraceSource>(_ paths: [String], opening open: (String) throws(InputError) -> Source,
                                          row: (TraceRow) -> Void = { _ in }, notice: (Notice) -> Void = { _ in },
                                          emit: (RecordingTables.Row, _ file: String) -> Void) throws(InputError) -> Int {
        let files = try ordered(paths, opening: open)
        var tables = RecordingTables(epoch: epoch, minimumCoveredHours: minimumCoveredHours,
                                     minimumCarriedHours: minimumCarriedHours, tables: self.tables)
        var engine = MotionEngine(configuration: engineConfiguration, zones: epoch.zones, smoothing: smoothing)
        var starts = FileStarts()
        var previous: (file: String, time: Double)?
        var lastSample: AccelerometerSample?
        var sampleCount = 0
        var events: [MotionEvent] = []
        func output(_ row: RecordingTables.Row) {
            switch row {
            case .epoch(let epoch): emit(row, starts.file(at: epoch.start))
            case .day(let day): emit(row, starts.file(at: day.start))
            case .segment(let segment): emit(row, starts.file(at: segment.start))
            case .bout(let bout): emit(row, starts.file(at: bout.start))
            }
        }
        // The engine's events are gathered while it runs, then handed to the tables after the sample.
        func record(_ events: inout [MotionEvent]) {
            for event in events { tables.push(event, emit: output) }
            events.removeAll(keepingCapacity: true)
        }

        let recordingFixes = try readFixes(for: nil, notice: notice)
        var run = RecordedTrace(fixes: recordingFixes)
        var recordingStart: Double?
        var unitDecisions: [(subject: String, unit: AccelerationUnit)] = []
        func checkOverlap(_ fixFile: FixFile?, from start: Double?, to end: Double?, trace: String) throws(InputError) {
            guard let fixFile, let start, let end else { return }
            if let warning = try FixOverlap.check(traceStart: start, traceEnd: end, fixTimes: fixFile.fixes.map(\.time),
                                                  trace: trace, fixes: fixFile.file) {
                notice(.fixesOutsideTrace(warning))
            }
        }
        for (position, file) in files.enumerated() {
            var companion: FixFile?
            if case .companions = fixes {
                companion = try readFixes(for: file, notice: notice)
                run = RecordedTrace(fixes: companion)
            }
            var source = try open(file)
            if let reporting = source as? any AccelerationUnitReporting, let decision = reporting.accelerationUnitDecision,
               let line = reporting.unitDecisionLine {
                notice(.accelerationUnits(line))
                unitDecisions.append((reporting.unitDecisionSubject, decision.unit))
            }
            var first = true
            var fileStart: Double?
            while let next = try source.next() {
                row(next)
                let time = next.sample.time
                if first {
                    first = false
                    fileStart = time
                    if recordingStart == nil { recordingStart = time }
                    if let previous, time < previous.time {
                        throw InputError(file: file, line: next.line,
                                         problem: "starts at \(time) s, before \(previous.file) of the same participant ends (\(previous.time) s)",
                                         hint: "the files of one participant are read as one recording and must not overlap in time")
                    }
                    starts.append(time, file)
                    // A file that starts with the previous file's last sample (an export split at a boundary, each
                    // part holding the sample at the cut): the same sample twice weighs it twice in its epoch, so the
                    // exact copy is dropped, and said. The same time with other values is two different samples at
                    // one time: refused, as a repeated timestamp inside one file is.
                    if let previous, time == previous.time {
                        guard next.sample == lastSample else {
                            throw InputError(file: file, line: next.line,
                                             problem: "starts at \(time) s, the time of the last sample of \(previous.file), with other values",
                                             hint: "the files of one participant are read as one recording: one sample per time")
                        }
                        notice(.duplicateBoundarySample("locomotion: \(file):\(next.line): the first sample repeats the last sample of \(previous.file) (\(time) s); read once\n"))
                        continue
                    }
                }
                lastSample = next.sample
                try run.push(next, of: file, through: &engine) { events.append($0) }
                tables.push(next.sample)
                record(&events)
                sampleCount += 1
                // Epochs are written once no event can reach them any more; an event that still came later would be
                // refused (`lateEventCount`), never misfiled.
                if sampleCount & 255 == 0, let settled = engine.eventSettledTime { tables.advance(to: settled, emit: output) }
                previous = (file, time)
            }
            notice(.traceRead(file: file, warnings: source.warnings, skippedRowCount: source.skippedRowCount))
            try checkOverlap(companion, from: fileStart, to: previous?.time, trace: file)
            if case .companions = fixes, position < files.count - 1 {
                // A trace's own fixes after its last sample may still fall in an epoch of the recording; after the
                // last trace they count for distance only (the recording ends there).
                try run.pushRemainingFixes(into: &engine) { events.append($0) }
                record(&events)
                if let warning = run.fixesOutOfOrderWarning { notice(.fixesOutOfOrder(warning)) }
            }
        }
        if let warning = Self.unitDisagreementWarning(unitDecisions) { notice(.accelerationUnits(warning)) }
        guard previous != nil else {
            throw InputError(file: files.first ?? "", problem: "the trace has no samples",
                             hint: "a trace needs a header and at least one row")
        }
        try checkOverlap(recordingFixes, from: recordingStart, to: previous?.time,
                         trace: files.count == 1 ? files[0] : "\(files[0]) … \(files[files.count - 1])")
        try run.finish(&engine) { events.append($0) }
        record(&events)
        tables.finish(emit: output)
        if let warning = run.fixesOutOfOrderWarning { notice(.fixesOutOfOrder(warning)) }
        let refused = engine.stepDetector.refusedDuration
        if refused >= 60, let start = recordingStart, let end = previous?.time {
            let name = files.count == 1 ? files[0] : "\(files[0]) … \(files[files.count - 1])"
            let rate = engine.configuration.steps.minimumSamplingRate
            notice(.stepsRefused("locomotion: \(name): no steps counted in \(Int(refused.rounded())) of \(Int((end - start).rounded())) s: "
                                 + "sampled below \(NumberText.decimals(rate, 1)) samples/s, too sparsely to count steps "
                                 + "(the steps columns count none there; see Docs/formats.md, low-rate sampling)\n"))
        }
        return tables.lateEventCount
    }

    /// The fixes of the whole recording (`trace` nil) or of one trace's companion file, read, and announced.
    private func readFixes(for trace: String?, notice: (Notice) -> Void) throws(InputError) -> FixFile? {
        if let givenFixes {
            guard trace == nil else { return nil }
            notice(.fixesRead(givenFixes))
            return givenFixes
        }
        let path: String?
        switch (fixes, trace) {
        case (.file(let file), nil): path = file
        case (.companions, let trace?): path = Self.companionFixes(of: trace)
        default: path = nil
        }
        guard let path else { return nil }
        let file = try FixReader.readFile(path: path, options: FixReadingOptions(lenient: reading.lenient))
        notice(.fixesRead(file))
        return file
    }
}

/// The time each file of a recording starts, to say which file was being read at a time.
private struct FileStarts {
    private var starts: [(time: Double, file: String)] = []

    mutating func append(_ time: Double, _ file: String) { starts.append((time, file)) }

    /// The last file that started at or before `time` (the first file for earlier times).
    func file(at time: Double) -> String {
        starts.last { $0.time <= time }?.file ?? starts.first?.file ?? ""
    }
}

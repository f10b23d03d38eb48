import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO

/// Everything the library says about one trace (and its fixes), computed once
/// for `plot` and `summarize` with the same stages and defaults as `label`,
/// `steps`, `distance` and `replay`, in one pass over the samples.
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

    /// The trace as read.
    var trace: Trace
    /// The location fixes, when given (timed ones, in file order).
    var fixes: [LocationFix]?
    /// Activity segments from the classifier, first to last sample.
    var activities: [ActivitySegment] = []
    /// The classifier's updates, in order.
    var activityUpdates: [ActivityUpdate] = []
    /// Steps and walking bouts (through the activity gate, as `locomotion steps` counts them).
    var steps = StepDetection(steps: [], bouts: [], refusedDuration: 0)
    /// True when the trace is sampled too sparsely to count steps (then `steps` is empty).
    var stepsRefused = false
    /// The gate's configuration (policy) and its mode segments, first to last sample.
    var gating: GatingConfiguration
    var modes: [GatingSegment] = []
    /// The odometer after every fix (nil without fixes), and its running total per fix.
    var odometer: Odometer?
    var distance: [DistancePoint] = []

    /// First and last sample time, seconds.
    var start: Double { trace.samples.first?.time ?? 0 }
    var end: Double { trace.samples.last?.time ?? 0 }

    /// Runs the classifier, the step detector and the gate over `trace` (fixes merged in by time), then
    /// the odometer over `fixes` gated by the activities found. O(n + f).
    /// - Throws: `CommandFailure.badInput` when the gate refuses a fix (out of order, impossible values).
    init(trace: Trace, fixes: FixFile?, policy: GatingPolicy, timeZone: TimeZone) throws {
        self.trace = trace
        let timedFixes = fixes?.fixes.filter { !$0.time.isNaN } ?? []
        self.fixes = fixes.map { _ in timedFixes }
        gating = GatingConfiguration(policy: policy)
        stepsRefused = (try? StepDetector.checkSamplingRate(of: trace.samples)) == nil

        var classifier = ActivityClassifier()
        var segmenter = ActivitySegmenter()
        var detector = StepDetector()
        // Steps in a vehicle count only in long bouts, as in `locomotion steps` and MotionEngine.
        var stepGate = StepActivityGate()
        var gate = RecordingGate(configuration: gating)
        var events: [GatingEvent] = []
        var pending: [ActivityUpdate] = []
        var stepTimes: [Double] = [], bouts: [WalkingBout] = []
        var segments: [ActivitySegment] = []
        var updates: [ActivityUpdate] = []
        var fixIndex = 0
        do {
            for sample in trace.samples {
                // The order of `locomotion replay`: fixes up to the sample, then the update, then the heartbeat.
                while fixIndex < timedFixes.count && timedFixes[fixIndex].time <= sample.time {
                    classifier.push(timedFixes[fixIndex])
                    try gate.push(timedFixes[fixIndex]) { events.append($0) }
                    fixIndex += 1
                }
                classifier.push(sample) { pending.append($0) }
                for update in pending {
                    stepGate.push(update.activity)
                    try gate.push(update) { events.append($0) }
                    segmenter.push(update) { segments.append($0) }
                    updates.append(update)
                }
                pending.removeAll(keepingCapacity: true)
                try gate.advance(to: sample.time) { events.append($0) }
                if !stepsRefused {
                    detector.push(sample) { event in
                        stepGate.push(event) { event in
                            switch event {
                            case .step(let time): stepTimes.append(time)
                            case .boutEnded(let bout): bouts.append(bout)
                            }
                        }
                    }
                }
            }
        } catch {
            throw CommandFailure.badInput("\(fixes?.file ?? trace.file): \(error)")
        }
        if !stepsRefused {
            detector.finish { event in
                stepGate.push(event) { event in
                    switch event {
                    case .step(let time): stepTimes.append(time)
                    case .boutEnded(let bout): bouts.append(bout)
                    }
                }
            }
            steps = StepDetection(steps: stepTimes, bouts: bouts, refusedDuration: detector.refusedDuration)
        }
        // The temporal model decides what it still holds back at the end of the trace.
        do {
            classifier.finish { pending.append($0) }
            for update in pending {
                try gate.push(update) { events.append($0) }
                segmenter.push(update) { segments.append($0) }
                updates.append(update)
            }
        } catch {
            throw CommandFailure.badInput("\(fixes?.file ?? trace.file): \(error)")
        }
        let last = trace.samples.last?.time ?? 0
        segmenter.finish(at: last) { segments.append($0) }
        activities = segments
        activityUpdates = updates
        modes = GatingSegmenter.segments(of: events, end: last)
        if let fixes { measureDistance(fixes, timeZone: timeZone) }
    }

    /// The odometer over the fixes, distance accruing only while the classifier reports a moving activity
    /// (an update applies to fixes at or after its start, as `Odometer.measuring` does).
    private mutating func measureDistance(_ file: FixFile, timeZone: TimeZone) {
        var configuration = OdometerConfiguration()
        configuration.movingActivities = GatingPolicy.anyMovement.recordedActivities
        var odometer = Odometer(configuration: configuration, timeZone: timeZone)
        var nextUpdate = activityUpdates.startIndex
        var segmentStarts = file.segmentStarts[...]
        for (index, fix) in file.fixes.enumerated() {
            if segmentStarts.first == index {
                segmentStarts.removeFirst()
                odometer.startNewSegment()
            }
            if fix.time.isNaN {
                odometer.push(fix) { _ in }
                continue
            }
            while nextUpdate < activityUpdates.endIndex && activityUpdates[nextUpdate].start <= fix.time {
                odometer.push(activityUpdates[nextUpdate])
                nextUpdate += 1
            }
            odometer.push(fix) { _ in }
            if let today = odometer.today, let day = today.day {
                distance.append(DistancePoint(time: fix.time, dayDistance: today.distance, day: day))
            }
        }
        self.odometer = odometer
    }

    /// The largest |time| in seconds `plot` and `summarize` show (far inside Int's range for every clock and duration).
    static let maximumShownTime = 1e15

    /// Reads a trace for analysis (as `Trace.read` does, reporting rows read to `progress`): warnings of lenient
    /// reading are appended to `diagnostics`; an empty trace is bad input.
    static func readTrace(path: String, options: TraceReadingOptions, diagnostics: inout String,
                          progress: ReadProgress = .none) throws -> Trace {
        let trace = try Trace.read(path: path, options: options) { progress.row($0) }
        diagnostics += LenientReport.text(trace.warnings, skipped: trace.skippedRowCount, in: trace.file)
        guard let first = trace.samples.first, let last = trace.samples.last else {
            throw InputError(file: path, problem: "the trace has no samples", hint: "a trace needs a header and at least one row")
        }
        try TraceSpan.requireTwoSamples(trace.samples.count, file: path)
        // Dates, clocks and durations are written through Int arithmetic, which would trap this far out
        // (reachable only past --no-unit-check, which lets times of 2.6e11 s and more through).
        guard max(first.time.magnitude, last.time.magnitude) < maximumShownTime else {
            throw InputError(file: path, problem: "timestamps from \(first.time) to \(last.time) s are too far from 1970 "
                             + "to show as dates or durations (the limit is ±10¹⁵ s, 30 million years)",
                             hint: "timestamps must be in seconds")
        }
        return trace
    }

    /// Reads fixes (CSV, GPX or NMEA) as `distance` does; skipped entries of lenient reading are appended to
    /// `diagnostics`.
    static func readFixes(path: String, lenient: Bool, diagnostics: inout String) throws -> FixFile {
        let file = try FixReader.readFile(path: path, options: FixReadingOptions(lenient: lenient))
        diagnostics += LenientReport.text(file.warnings, skipped: file.warnings.count, in: path)
        return file
    }

    /// The nominal sampling rate in Hz (median interval), or nil for fewer than two samples.
    var samplingRate: Double? {
        guard let interval = medianSamplingInterval(trace.samples.lazy.map(\.time)), interval > 0 else { return nil }
        return 1 / interval
    }
}

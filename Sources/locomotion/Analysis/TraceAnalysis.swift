import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO

/// Everything the library says about one trace (and its fixes), computed once
/// for `plot` and `summarize`: the same stages the individual commands run.
struct TraceAnalysis: Sendable {
    /// The trace as read.
    var trace: Trace
    /// The location fixes, when given.
    var fixes: [LocationFix]?
    /// Activity segments from the classifier; nil when this build has no classifier.
    var activities: [ActivitySegment]?
    /// Step times in seconds; nil when this build has no step detector.
    var stepTimes: [Double]?
    /// Parts of the pipeline this build lacks, in words, for notes.
    var missing: [String] = []

    /// First and last sample time, seconds.
    var start: Double { trace.samples.first?.time ?? 0 }
    var end: Double { trace.samples.last?.time ?? 0 }

    /// Runs every available stage over `trace` (and `fixes`).
    init(trace: Trace, fixes: [LocationFix]?) {
        self.trace = trace
        self.fixes = fixes
        missing.append("activity classifier")
        missing.append("step detector")
        missing.append("recording gate")
        if fixes != nil { missing.append("odometer") }
    }

    /// Reads a trace for analysis: warnings of lenient reading go to stderr; an empty trace is bad input.
    static func readTrace(path: String, options: TraceReadingOptions) throws -> Trace {
        let trace = try Trace.read(path: path, options: options)
        for warning in trace.warnings { StandardError.write("locomotion: warning: \(warning)\n") }
        if trace.skippedRowCount > trace.warnings.count {
            StandardError.write("locomotion: warning: \(trace.file): skipped \(trace.skippedRowCount) bad rows in all\n")
        }
        guard let first = trace.samples.first, let last = trace.samples.last else {
            throw InputError(file: path, problem: "the trace has no samples", hint: "a trace needs a header and at least one row")
        }
        guard last.time > first.time else {
            throw InputError(file: path, problem: "the trace spans no time (one sample, or all at one timestamp)")
        }
        return trace
    }

    /// The nominal sampling rate in Hz (median interval), or nil for fewer than two samples.
    var samplingRate: Double? {
        guard let interval = medianSamplingInterval(trace.samples.lazy.map(\.time)), interval > 0 else { return nil }
        return 1 / interval
    }
}

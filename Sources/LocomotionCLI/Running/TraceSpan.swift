import LocomotionIO

/// What every trace command asks of a trace's time span, so that they all answer alike.
enum TraceSpan {
    /// Refuses a trace of one sample: it spans no time, so there is nothing to label, count, replay or draw.
    /// (The reader refuses an empty trace, and keeps times strictly increasing, so two samples span time.)
    ///
    /// - Throws: ``InputError`` (exit 1).
    static func requireTwoSamples(_ count: Int, file: String) throws(InputError) {
        guard count < 2 else { return }
        throw InputError(file: file, problem: "the trace spans no time: it has \(count) sample\(count == 1 ? "" : "s")",
                         hint: "every command needs at least two samples with increasing times")
    }

    /// Seconds that fixes may lie before the first or after the last sample and still count as overlapping.
    static let overlapMargin = FixOverlap.margin

    /// Checks that location fixes and a trace share a clock (``FixOverlap``): refuses them when no timed fix lies
    /// within the trace's span (± ``overlapMargin``), and warns on `diagnostics` when at least 10 % lie outside it.
    ///
    /// - Throws: ``InputError`` (exit 1) naming both files and both spans.
    static func checkOverlap(traceStart: Double, traceEnd: Double, fixTimes: [Double], trace: String, fixes: String,
                             diagnostics: inout String) throws(InputError) {
        if let warning = try FixOverlap.check(traceStart: traceStart, traceEnd: traceEnd, fixTimes: fixTimes,
                                              trace: trace, fixes: fixes) {
            diagnostics += warning
        }
    }
}

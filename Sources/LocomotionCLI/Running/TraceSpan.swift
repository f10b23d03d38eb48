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
    static let overlapMargin = 60.0

    /// Checks that location fixes and a trace share a clock: refuses them when no timed fix lies within the
    /// trace's span (± ``overlapMargin``) — on different clocks (epoch seconds against seconds since boot, or
    /// another day) the fixes would silently add nothing, or a distance gated to 0 m — and warns on
    /// `diagnostics` when at least 10 % of the fixes lie outside it.
    ///
    /// - Throws: ``InputError`` (exit 1) naming both files and both spans.
    static func checkOverlap(traceStart: Double, traceEnd: Double, fixTimes: [Double], trace: String, fixes: String,
                             diagnostics: inout String) throws(InputError) {
        let times = fixTimes.filter { !$0.isNaN }
        guard let first = times.min(), let last = times.max() else { return }
        let span = (traceStart - overlapMargin)...(traceEnd + overlapMargin)
        let outside = times.count { !span.contains($0) }
        let spans = "the fixes span \(text(first))–\(text(last)) s, the trace \(text(traceStart))–\(text(traceEnd)) s"
        if outside == times.count {
            throw InputError(file: fixes, problem: "no fix lies within the time of the trace \(trace): \(spans)",
                             hint: "both must be seconds since 1970 on the same clock; is one of them relative, or from another day?")
        }
        if Double(outside) >= 0.1 * Double(times.count) {
            diagnostics += "locomotion: \(fixes): warning: \(outside) of \(times.count) fixes lie outside the time of the trace "
                + "\(trace) (\(spans)); they get no activity evidence\n"
        }
    }

    private static func text(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : "\(seconds)"
    }
}

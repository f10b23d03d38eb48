/// Whether location fixes and a trace share a clock: the one rule of every command that takes fixes with a trace
/// (`label`, `evaluate`, `summarize`, `replay`, `distance --trace`, `epochs`, `daily`; Docs/formats.md).
///
/// Fixes none of which lies within the trace's span (± ``margin``) are on another clock (epoch seconds against
/// seconds since boot, or another day): they would silently add nothing — a distance of 0 m, no speed evidence —
/// so they are refused. When at least 10 % lie outside, a warning says so.
package enum FixOverlap {
    /// Seconds that fixes may lie before the first or after the last sample and still count as overlapping.
    package static let margin = 60.0

    /// Checks `fixTimes` (s; NaN, undated, ignored) against the trace's span `traceStart…traceEnd` (s).
    /// - Returns: A warning line for people when 10 % or more of the fixes lie outside the span, else nil.
    /// - Throws: ``InputError`` naming the fix file and the trace, with both spans, when none lies within it.
    /// - Complexity: O(fixes).
    package static func check(traceStart: Double, traceEnd: Double, fixTimes: [Double], trace: String,
                              fixes: String) throws(InputError) -> String? {
        let times = fixTimes.filter { !$0.isNaN }
        guard let first = times.min(), let last = times.max() else { return nil }
        let span = (traceStart - margin)...(traceEnd + margin)
        let outside = times.count { !span.contains($0) }
        let spans = "the fixes span \(text(first))–\(text(last)) s, the trace \(text(traceStart))–\(text(traceEnd)) s"
        if outside == times.count {
            throw InputError(file: fixes, problem: "no fix lies within the time of the trace \(trace): \(spans)",
                             hint: "both must be seconds since 1970 on the same clock; is one of them relative, or from another day?")
        }
        guard Double(outside) >= 0.1 * Double(times.count) else { return nil }
        return "locomotion: \(fixes): warning: \(outside) of \(times.count) fixes lie outside the time of the trace "
            + "\(trace) (\(spans)); they get no activity evidence\n"
    }

    private static func text(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : "\(seconds)"
    }
}

import LocomotionIO

/// The one wording of `--lenient` diagnostics, shared by every command: a line per
/// skipped row or entry (`locomotion: FILE:LINE:COLUMN: warning: …; row skipped`),
/// then a count per file.
enum LenientReport {
    /// Writes each warning on its own line of standard error.
    static func write(_ warnings: [InputWarning]) {
        for warning in warnings { StandardError.write("locomotion: \(warning)\n") }
    }

    /// Writes `locomotion: FILE: skipped N bad row(s)` when anything was skipped.
    static func writeCount(_ count: Int, in file: String) {
        if count > 0 { StandardError.write("locomotion: \(file): skipped \(count) bad row(s)\n") }
    }

    /// Both: the warnings, then their count.
    static func report(_ warnings: [InputWarning], skipped count: Int, in file: String) {
        StandardError.write(text(warnings, skipped: count, in: file))
    }

    /// What ``report(_:skipped:in:)`` writes, for a job that collects its diagnostics
    /// so that several inputs read at once still report in input order.
    static func text(_ warnings: [InputWarning], skipped count: Int, in file: String) -> String {
        var text = ""
        for warning in warnings { text += "locomotion: \(warning)\n" }
        if count > 0 { text += "locomotion: \(file): skipped \(count) bad row(s)\n" }
        return text
    }
}

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
        write(warnings)
        writeCount(count, in: file)
    }
}

import Foundation
import LocomotionIO

/// One line of progress on standard error, rewritten in place (`\r` … erase to
/// end of line), for long inputs: rows read of a single trace, or inputs done of
/// many.
///
/// Silent unless standard error is a terminal and `--quiet` was not given, so
/// pipes, files and scripts never see it; standard output is never touched.
/// Updates are throttled to ten a second by the monotonic clock, which only this
/// command-line edge reads (the library never reads a clock). Used from one task
/// at a time.
final class ProgressLine {
    private let enabled: Bool
    private var lastUpdate: Double = -.infinity
    private var shown = false

    /// A progress line that writes only when `quiet` is false and standard error is a terminal.
    init(quiet: Bool) {
        enabled = !quiet && StandardError.isTerminal
    }

    /// Shows `text` now, or at most ten times a second unless `force`.
    func update(_ text: @autoclosure () -> String, force: Bool = false) {
        guard enabled else { return }
        let now = Self.monotonicSeconds()
        guard force || now - lastUpdate >= 0.1 else { return }
        lastUpdate = now
        shown = true
        StandardError.write("\r" + text() + "\u{1B}[K")
    }

    /// Shows the rows read so far of `file` (throttled).
    func rows(_ count: Int, of file: String) {
        update("\(file == "-" ? "standard input" : file): \(ReportText.grouped(count)) rows read")
    }

    /// Shows how many of `total` inputs are done (always: one update per input).
    func inputs(done: Int, of total: Int, last file: String) {
        update("\(done)/\(total) inputs done · \(file)", force: true)
    }

    /// Erases the line, so that what follows on stderr starts clean.
    func clear() {
        guard enabled, shown else { return }
        shown = false
        StandardError.write("\r\u{1B}[K")
    }

    /// Seconds on the monotonic clock (for throttling only).
    private static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}

/// What a per-input job tells about its progress: a row count now and then.
/// Only a single input reports rows (with many, progress counts inputs), so the
/// jobs of many inputs get ``none``.
struct ReadProgress {
    private let report: ((Int) -> Void)?

    /// Reports rows to `line` as read from `file`.
    init(_ line: ProgressLine, file: String) {
        report = { line.rows($0, of: file) }
    }

    private init() { report = nil }

    /// Reports nothing.
    static var none: ReadProgress { ReadProgress() }

    /// Called after each row (cheap: reports every 65 536 rows).
    @inline(__always)
    func row(_ count: Int) {
        if count & 0xFFFF == 0, let report { report(count) }
    }
}

import LocomotionDSP

/// Writes out the samples a change-only collector left out: a gap of at most ``limit`` seconds between two rows
/// becomes repeats of the row before it (its values held until the next row), spaced at the trace's sampling interval,
/// so that every stage downstream — the classifier, the step detector, the carry detector, epoch and day
/// coverage — sees the stream the phone sampled. Gaps longer than ``limit`` stay gaps.
///
/// AWARE's accelerometer (`threshold_accelerometer` > 0) and similar loggers drop a sample whose every axis changed
/// by less than a threshold from the last one logged: a phone lying still writes a row every few seconds, or none
/// for minutes, and that time would read as a gap (`unknown`, not covered). `--repeat-gaps SECONDS` turns it on.
///
/// **The repeat interval** is the lower quartile of the last 32 steps between rows read (repeats left out) that were
/// at most ``longestSamplingInterval`` (1 s: Locomotion's gap limit) and at least ``shortestRepeatInterval``. Why the
/// lower quartile: a change-only stream's steps are whole multiples of the sampling interval, the drops pull every
/// central value up, and repeats spaced too far apart weigh the held value less than the samples that changed —
/// a still phone at 5 Hz read with repeats every 0.25 s was classified automotive for 55 % of its time, at every
/// interval from 0.1 to 0.2 s for 9 % (Damiano's still session, Docs/formats.md). A gap is filled when it is longer
/// than 1.5 repeat intervals (a single dropped sample) and at most ``limit``; the repeats fall at the previous row's
/// time plus whole intervals, the last at least half an interval before the next row. Before a trace has shown any
/// step of at most 1 s nothing is filled (there is no rate to repeat at). Repeats never feed the quartile, so they
/// cannot pull the interval they are written at. Rows are never moved or dropped; a repeat carries the values,
/// label and line of the row it repeats.
///
/// - Complexity: O(1) per row handed out (a sort of 32 at a candidate gap); memory constant. Work grows with the
///   repeats written: up to `limit / interval` per gap.
package struct GapRepeater: Sendable {
    /// The longest gap (s) filled with repeats.
    package let limit: Double
    /// Steps longer than this (s) are not sampling intervals (Locomotion's default gap limit).
    package static let longestSamplingInterval = 1.0
    /// Steps shorter than this (s) are timestamp jitter or batching, not a rate to repeat at (1000 samples/s).
    package static let shortestRepeatInterval = 0.001
    private static let memory = 32

    /// The last row handed out, and the time of the last row read.
    private var last: TraceRow?
    private var lastRead: Double?
    /// The row after a gap being filled, handed out after its repeats.
    private var pending: TraceRow?
    /// The spacing of the repeats of the gap being filled.
    private var fillInterval = 0.0
    /// The last steps between rows read (a ring, `memory` long once full).
    private var recent: [Double] = []
    private var recentIndex = 0

    /// A repeater filling gaps of at most `limit` seconds (positive, finite).
    package init(limit: Double) {
        precondition(limit > 0 && limit.isFinite, "the repeat limit must be a positive number of seconds")
        self.limit = limit
        recent.reserveCapacity(Self.memory)
    }

    /// The interval (s) repeats are written at: the lower quartile of the recent steps; nil before the first.
    package var repeatInterval: Double? {
        guard !recent.isEmpty else { return nil }
        return recent.sorted()[(recent.count - 1) / 4]
    }

    /// While a gap is being filled: its next repeat, or the row that ended it once the repeats are out; nil when no
    /// gap is being filled (then read the next row and hand it to ``take(_:)``).
    package mutating func nextHeldRow() -> TraceRow? {
        guard let pending, let last else { return nil }
        let time = last.sample.time + fillInterval
        if time <= pending.sample.time - fillInterval / 2 {
            var row = last
            row.sample.time = time
            self.last = row
            return row
        }
        self.pending = nil
        self.last = pending
        return pending
    }

    /// Takes the next row read (in time order): returns it, or — when it ends a gap to fill — the first repeat
    /// before it (the rest, then the row, come from ``nextHeldRow()``).
    package mutating func take(_ row: TraceRow) -> TraceRow {
        defer { record(row.sample.time) }
        if let last {
            let step = row.sample.time - last.sample.time
            if step <= limit, let smallest = recent.min(), step > 1.5 * smallest,
               let interval = repeatInterval, step > 1.5 * interval {
                pending = row
                fillInterval = interval
                return nextHeldRow()!
            }
        }
        last = row
        return row
    }

    /// Counts the step from the previous row read to one at `time` towards the repeat interval.
    private mutating func record(_ time: Double) {
        if let lastRead {
            let step = time - lastRead
            if step >= Self.shortestRepeatInterval && step <= Self.longestSamplingInterval {
                if recent.count < Self.memory {
                    recent.append(step)
                } else {
                    recent[recentIndex] = step
                    recentIndex = (recentIndex + 1) % Self.memory
                }
            }
        }
        lastRead = time
    }
}

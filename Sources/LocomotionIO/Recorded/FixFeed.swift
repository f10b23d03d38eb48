import Locomotion

/// A file of location fixes fed beside a recorded trace, under the one rule every consumer follows (the
/// `MotionEngine`, the `ActivityClassifier`, the `Odometer` alone, and so every command of the tool): a
/// `LocationFixFeed` of the file's fixes and track segments, whose errors and warnings name the file.
///
/// - **Order.** Fixes are taken in file order, each before the first sample that is not earlier than it (at equal
///   times the fix first), so a sample is judged with every fix up to its time. Items without a time — a GPX
///   point without `<time>`, a track-segment break — keep their place among the fixes.
/// - **Out of order.** A fix earlier than the latest fix before it in the file is no evidence: neither the
///   classifier nor the gate sees it, and the odometer counts it as out of order (`rejected_out_of_order`) on its
///   day — never sorted into place, never an error (``outOfOrderCount``, ``firstOutOfOrder``). A fix at the same
///   time as the one before is evidence; the odometer counts it as a duplicate.
/// - **Untimed fixes** count only in the odometer's undated tally.
/// - **Segments.** A new GPX track segment starts the odometer afresh (no distance across the break), unless the
///   feed joins segments.
///
/// The samples obey the trace readers' rule: time strictly increases, a row going back or repeating is an error
/// naming its line (skipped with a warning when reading leniently). So out-of-order input gets one answer everywhere.
///
/// - Complexity: O(1) amortised per fix; the file is held in memory (fixes are few: one a second while moving).
public struct FixFeed: Sendable {
    /// Where the feed stands on the first fix out of order.
    public typealias OutOfOrder = LocationFixFeed.OutOfOrder

    /// The fixes.
    public let file: FixFile
    /// The feed of the file's fixes and track segments (the rule itself).
    public private(set) var feed: LocationFixFeed
    /// Whether the odometer measures across track-segment breaks.
    public var joinsSegments: Bool { feed.joinsSegments }
    /// Fixes fed so far that were out of order.
    public var outOfOrderCount: Int { feed.outOfOrderCount }
    /// The first of them, nil while there is none.
    public var firstOutOfOrder: OutOfOrder? { feed.firstOutOfOrder }

    /// A feed of `file` from its first fix; `joinsSegments` measures across its track-segment breaks.
    public init(_ file: FixFile, joinsSegments: Bool = false) {
        self.file = file
        feed = LocationFixFeed(file.fixes, segmentStarts: file.segmentStarts, joinsSegments: joinsSegments)
    }

    /// True when every fix has been fed.
    public var isFinished: Bool { feed.isFinished }

    /// Feeds `engine` every fix due at `time` (s; `.infinity`: all that are left) that `receiving` lets through
    /// (by default every one; a closed-loop replay leaves out the fixes its collector's location settings would not
    /// have delivered), calling `emit` with the events. The engine applies the same rule to what it is given
    /// (`MotionEngine.push(_:emit:)`).
    /// - Throws: ``InputError`` naming the file and the fix when the engine refuses one (a position or accuracy out
    ///   of range: the readers refuse those first).
    public mutating func push(through time: Double, into engine: inout MotionEngine,
                              receiving: (LocationFix) -> Bool = { _ in true },
                              emit: (MotionEvent) -> Void) throws(InputError) {
        do {
            try feed.push(through: time, into: &engine, receiving: receiving, emit: emit)
        } catch {
            let fix = file.fixes[feed.index - 1]
            throw InputError(file: file.file, problem: "fix \(feed.index) (time \(fix.time) s): \(error)")
        }
    }

    /// Feeds `classifier` the speed of every fix due at `time` (s) that is evidence.
    public mutating func push(through time: Double, into classifier: inout ActivityClassifier) {
        feed.push(through: time, into: &classifier)
    }

    /// Feeds `odometer` every fix left (the odometer alone, without activity), calling `emit` with its updates.
    public mutating func push(into odometer: inout Odometer, emit: (DistanceUpdate) -> Void) {
        feed.push(into: &odometer, emit: emit)
    }

    /// Passes over every fix left, counting those out of order.
    mutating func skipRemaining() {
        feed.skipRemaining()
    }

    /// A warning for people about the fixes out of order fed so far, or nil when there were none: one line, naming
    /// the file, how many, and the first.
    public var outOfOrderWarning: String? {
        guard let first = firstOutOfOrder else { return nil }
        let count = outOfOrderCount == 1 ? "1 location fix goes" : "\(outOfOrderCount) location fixes go"
        return "\(file.file): warning: \(count) back in time (the first, fix \(first.index + 1), at \(first.time) s "
            + "after one at \(first.previous) s); out-of-order fixes are no activity evidence and count as "
            + "rejected_out_of_order (Docs/formats.md)"
    }
}

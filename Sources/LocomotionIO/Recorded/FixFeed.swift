import Locomotion

/// A file of location fixes fed beside a recorded trace, under the one rule every consumer follows (the
/// `MotionEngine`, the `ActivityClassifier`, the `Odometer` alone, and so every command of the tool):
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
    public struct OutOfOrder: Sendable, Hashable {
        /// The fix's position in the file (0-based, counting every fix).
        public var index: Int
        /// Its time (s).
        public var time: Double
        /// The time of the latest fix before it (s).
        public var previous: Double
    }

    /// One item of the feed, in file order.
    enum Item {
        /// A fix in time order: evidence for the classifier and the gate, and a fix for the odometer.
        case evidence(LocationFix)
        /// A fix earlier than the latest before it: for the odometer only.
        case outOfOrder(LocationFix)
        /// A fix without a time: for the odometer's undated tally only.
        case untimed(LocationFix)
        /// A new track segment starts.
        case segmentBreak
    }

    /// The fixes.
    public let file: FixFile
    /// Whether the odometer measures across track-segment breaks.
    public let joinsSegments: Bool
    /// Fixes fed so far that were out of order.
    public private(set) var outOfOrderCount = 0
    /// The first of them, nil while there is none.
    public private(set) var firstOutOfOrder: OutOfOrder?

    private var index = 0
    private var nextSegmentStart = 0
    private var breakDone = false
    private var latestTime: Double?

    /// A feed of `file` from its first fix; `joinsSegments` measures across its track-segment breaks.
    public init(_ file: FixFile, joinsSegments: Bool = false) {
        self.file = file
        self.joinsSegments = joinsSegments
    }

    /// True when every fix has been fed.
    public var isFinished: Bool { index == file.fixes.count }

    /// The next item due at `time` (s): every item up to the first fix in time order later than `time`
    /// (`.infinity`: every item). Nil when none is due.
    mutating func next(through time: Double) -> Item? {
        guard index < file.fixes.count else { return nil }
        if !joinsSegments && !breakDone {
            let starts = file.segmentStarts
            while nextSegmentStart < starts.count && starts[nextSegmentStart] < index { nextSegmentStart += 1 }
            if nextSegmentStart < starts.count && starts[nextSegmentStart] == index {
                breakDone = true
                return .segmentBreak
            }
        }
        let fix = file.fixes[index]
        let item: Item
        if fix.time.isNaN {
            item = .untimed(fix)
        } else if let latest = latestTime, fix.time < latest {
            outOfOrderCount += 1
            if firstOutOfOrder == nil { firstOutOfOrder = OutOfOrder(index: index, time: fix.time, previous: latest) }
            item = .outOfOrder(fix)
        } else {
            guard fix.time <= time else { return nil }
            latestTime = fix.time
            item = .evidence(fix)
        }
        index += 1
        breakDone = false
        return item
    }

    /// Feeds `engine` every fix due at `time` (s; `.infinity`: all that are left) that `receiving` lets through
    /// (by default every one; a closed-loop replay leaves out the fixes its collector's location settings would not
    /// have delivered), calling `emit` with the events. The engine applies the same rule to what it is given
    /// (`MotionEngine.push(_:emit:)`).
    /// - Throws: ``InputError`` naming the file and the fix when the engine refuses one (a position or accuracy out
    ///   of range: the readers refuse those first).
    public mutating func push(through time: Double, into engine: inout MotionEngine,
                              receiving: (LocationFix) -> Bool = { _ in true },
                              emit: (MotionEvent) -> Void) throws(InputError) {
        while let item = next(through: time) {
            switch item {
            case .evidence(let fix), .outOfOrder(let fix), .untimed(let fix):
                guard receiving(fix) else { continue }
                do {
                    try engine.push(fix, emit: emit)
                } catch {
                    throw InputError(file: file.file, problem: "fix \(index) (time \(fix.time) s): \(error)")
                }
            case .segmentBreak:
                engine.breakFixSegment()
            }
        }
    }

    /// Feeds `classifier` the speed of every fix due at `time` (s) that is evidence.
    public mutating func push(through time: Double, into classifier: inout ActivityClassifier) {
        while let item = next(through: time) {
            if case .evidence(let fix) = item { classifier.push(fix) }
        }
    }

    /// Feeds `odometer` every fix left (the odometer alone, without activity), calling `emit` with its updates.
    public mutating func push(into odometer: inout Odometer, emit: (DistanceUpdate) -> Void) {
        while let item = next(through: .infinity) {
            switch item {
            case .evidence(let fix), .outOfOrder(let fix), .untimed(let fix): odometer.push(fix, emit: emit)
            case .segmentBreak: odometer.startNewSegment()
            }
        }
    }

    /// Passes over every fix left, counting those out of order.
    mutating func skipRemaining() {
        while next(through: .infinity) != nil {}
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

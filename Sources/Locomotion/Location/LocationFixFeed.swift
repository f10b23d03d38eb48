/// The fix rule of ``RecordedInputs`` over an array of fixes: the fixes in the order given, each handed out by
/// ``next(through:)`` once its time has come, out-of-order and untimed fixes and track-segment breaks at their place.
/// ``RecordedInputs`` (the recording order) is its one consumer; what the rule is, its documentation says.
///
/// - Complexity: O(1) amortised per fix; the fixes are held in memory.
package struct LocationFixFeed: Sendable {
    /// One item of the feed, in the order of the fixes.
    package enum Item: Sendable, Hashable {
        /// A fix in time order: evidence for the classifier and the gate, and a fix for the odometer.
        case evidence(LocationFix)
        /// A fix earlier than the latest before it: for the odometer only (counted out of order).
        case outOfOrder(LocationFix)
        /// A fix without a time: for the odometer's undated tally only.
        case untimed(LocationFix)
        /// A new track segment starts: no distance between the fixes on either side.
        case segmentBreak
    }

    /// The fixes, in the order given.
    package let fixes: [LocationFix]
    /// Indices into ``fixes`` where a new track segment starts (ascending).
    package let segmentStarts: [Int]
    /// Whether the odometer measures across track-segment breaks (no ``Item/segmentBreak`` is handed out).
    package let joinsSegments: Bool
    /// Fixes handed out so far that were out of order.
    package private(set) var outOfOrderCount = 0
    /// The first of them, nil while there is none.
    package private(set) var firstOutOfOrder: RecordedInputs.OutOfOrderFix?
    /// The position of the next fix to hand out.
    package private(set) var index = 0

    private var nextSegmentStart = 0
    private var breakDone = false
    private var latestTime: Double?

    /// A feed of `fixes` (in their recorded order), with new track segments starting at the indices `segmentStarts`
    /// (ascending; none by default) unless `joinsSegments`.
    package init(_ fixes: [LocationFix], segmentStarts: [Int] = [], joinsSegments: Bool = false) {
        self.fixes = fixes
        self.segmentStarts = segmentStarts
        self.joinsSegments = joinsSegments
    }

    /// True when every fix has been handed out.
    package var isFinished: Bool { index == fixes.count }

    /// The next item due at `time` (s): every item up to the first fix in time order later than `time`
    /// (`.infinity`: every item). Nil when none is due.
    /// - Complexity: O(1) amortised.
    package mutating func next(through time: Double) -> Item? {
        guard index < fixes.count else { return nil }
        if !joinsSegments && !breakDone {
            while nextSegmentStart < segmentStarts.count && segmentStarts[nextSegmentStart] < index { nextSegmentStart += 1 }
            if nextSegmentStart < segmentStarts.count && segmentStarts[nextSegmentStart] == index {
                breakDone = true
                return .segmentBreak
            }
        }
        let fix = fixes[index]
        let item: Item
        if fix.time.isNaN {
            item = .untimed(fix)
        } else if let latest = latestTime, fix.time < latest {
            outOfOrderCount += 1
            if firstOutOfOrder == nil { firstOutOfOrder = RecordedInputs.OutOfOrderFix(index: index, time: fix.time, previous: latest) }
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
}

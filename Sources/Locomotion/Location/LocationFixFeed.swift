/// Location fixes fed beside accelerometer samples under the one rule every consumer follows — the
/// ``MotionEngine``, an ``ActivityClassifier`` alone, an ``Odometer`` alone, the batch functions
/// (``ActivityClassifier/updates(of:fixes:configuration:smoothing:)``, `GatingReplayer`) and every command of the
/// tool (through `FixFeed` in LocomotionIO, which adds the file's name to its messages):
///
/// - **Order.** Fixes are taken in the order given, each before the first sample that is not earlier than it (at
///   equal times the fix first), so a sample is judged with every fix up to its time. Fixes without a time keep
///   their place among the fixes.
/// - **Out of order.** A fix earlier than the latest fix before it is no evidence (``Item/outOfOrder(_:)``): the
///   classifier and the gate never see it, the odometer counts it as out of order on its day — never sorted into
///   place, never an error (``outOfOrderCount``, ``firstOutOfOrder``). A fix at the same time as the one before
///   is evidence; the odometer counts it as a duplicate.
/// - **Untimed fixes** (a NaN time: a GPX point without `<time>`) count only in the odometer's undated tally.
/// - **Segments.** At each of `segmentStarts` a new track segment starts (``Item/segmentBreak``): the odometer
///   starts afresh, unless the feed joins segments.
///
/// A stage that hands out what is due: ``next(through:)`` one item at a time, or the `push(through:into:)`
/// forms for the consumers above.
///
/// - Complexity: O(1) amortised per fix; the fixes are held in memory (they are few: one a second while moving).
public struct LocationFixFeed: Sendable {
    /// Where the feed stood on the first fix out of order.
    public struct OutOfOrder: Sendable, Hashable {
        /// The fix's position among the fixes (0-based, counting every fix).
        public var index: Int
        /// Its time (s).
        public var time: Double
        /// The time of the latest fix before it (s).
        public var previous: Double

        public init(index: Int, time: Double, previous: Double) {
            self.index = index
            self.time = time
            self.previous = previous
        }
    }

    /// One item of the feed, in the order of the fixes.
    public enum Item: Sendable, Hashable {
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
    public let fixes: [LocationFix]
    /// Indices into ``fixes`` where a new track segment starts (ascending).
    public let segmentStarts: [Int]
    /// Whether the odometer measures across track-segment breaks (no ``Item/segmentBreak`` is handed out).
    public let joinsSegments: Bool
    /// Fixes handed out so far that were out of order.
    public private(set) var outOfOrderCount = 0
    /// The first of them, nil while there is none.
    public private(set) var firstOutOfOrder: OutOfOrder?
    /// The position of the next fix to hand out.
    public private(set) var index = 0

    private var nextSegmentStart = 0
    private var breakDone = false
    private var latestTime: Double?

    /// A feed of `fixes` (in their recorded order), with new track segments starting at the indices `segmentStarts`
    /// (ascending; none by default) unless `joinsSegments`.
    public init(_ fixes: [LocationFix], segmentStarts: [Int] = [], joinsSegments: Bool = false) {
        self.fixes = fixes
        self.segmentStarts = segmentStarts
        self.joinsSegments = joinsSegments
    }

    /// True when every fix has been handed out.
    public var isFinished: Bool { index == fixes.count }

    /// The next item due at `time` (s): every item up to the first fix in time order later than `time`
    /// (`.infinity`: every item). Nil when none is due.
    /// - Complexity: O(1) amortised.
    public mutating func next(through time: Double) -> Item? {
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

    /// Feeds `classifier` the speed evidence of every fix due at `time` (s).
    /// - Complexity: O(1) amortised per fix.
    public mutating func push(through time: Double, into classifier: inout ActivityClassifier) {
        while let item = next(through: time) {
            if case .evidence(let fix) = item { classifier.push(fix) }
        }
    }

    /// Feeds `engine` every fix due at `time` (s; `.infinity`: all that are left) that `receiving` lets through
    /// (by default every one; a closed-loop replay leaves out the fixes its collector's location settings would not
    /// have delivered), calling `emit` with the events; the engine applies the same rule to what it is given
    /// (``MotionEngine/push(_:emit:)-(LocationFix,_)``).
    /// - Throws: ``MotionEngineError`` when the engine refuses a fix (a position or accuracy out of range); the
    ///   fix refused is the one before ``index``.
    /// - Complexity: O(1) amortised per fix.
    public mutating func push(through time: Double, into engine: inout MotionEngine,
                              receiving: (LocationFix) -> Bool = { _ in true },
                              emit: (MotionEvent) -> Void) throws(MotionEngineError) {
        while let item = next(through: time) {
            switch item {
            case .evidence(let fix), .outOfOrder(let fix), .untimed(let fix):
                guard receiving(fix) else { continue }
                try engine.push(fix, emit: emit)
            case .segmentBreak: engine.breakFixSegment()
            }
        }
    }

    /// Feeds `odometer` every fix left (the odometer alone, without activity), calling `emit` with its updates.
    /// - Complexity: O(1) amortised per fix.
    public mutating func push(into odometer: inout Odometer, emit: (DistanceUpdate) -> Void) {
        while let item = next(through: .infinity) {
            switch item {
            case .evidence(let fix), .outOfOrder(let fix), .untimed(let fix): odometer.push(fix, emit: emit)
            case .segmentBreak: odometer.startNewSegment()
            }
        }
    }

    /// Passes over every fix left, counting those out of order (fixes after the end of a recording, which add
    /// nothing to what is being computed).
    /// - Complexity: O(fixes left).
    public mutating func skipRemaining() {
        while next(through: .infinity) != nil {}
    }
}

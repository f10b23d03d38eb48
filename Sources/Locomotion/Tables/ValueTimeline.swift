/// A value that changes at given times (an activity, a recording mode): each entry holds from its time until the
/// next. Kept short by forgetting what was superseded before a time.
struct ValueTimeline<Value: Sendable>: Sendable {
    private var entries: [(time: Double, value: Value)] = []

    /// `value` holds from `time` on, replacing whatever was set for `time` or later. Amortised O(1) when times
    /// come in order.
    mutating func set(_ value: Value, from time: Double) {
        while let last = entries.last, last.time >= time { entries.removeLast() }
        entries.append((time, value))
    }

    /// Calls `add` with each value and the seconds it holds within `from..<to`. O(entries).
    func integrate(from: Double, to: Double, add: (Value, Double) -> Void) {
        for (index, entry) in entries.enumerated() {
            let next = index + 1 < entries.count ? entries[index + 1].time : .infinity
            let overlap = min(next, to) - max(entry.time, from)
            if overlap > 0 { add(entry.value, overlap) }
        }
    }

    /// Drops the entries superseded at or before `time`, keeping the one in force at `time`.
    mutating func forget(before time: Double) {
        var inForce = 0
        while inForce + 1 < entries.count, entries[inForce + 1].time <= time { inForce += 1 }
        if inForce > 0 { entries.removeFirst(inForce) }
    }
}

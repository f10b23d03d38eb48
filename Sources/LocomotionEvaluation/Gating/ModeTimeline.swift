import Locomotion

/// Gating segments indexed for interval queries: how much high-accuracy time
/// lies in `[a, b]`, and when recording next starts. Built in O(n); each
/// query is O(log n).
struct ModeTimeline {
    let segments: [RecordingGate.Segment]
    /// `highBefore[i]`: high-accuracy seconds in segments before `i`.
    private let highBefore: [Double]

    init(_ segments: [RecordingGate.Segment]) {
        self.segments = segments
        var total = 0.0
        var prefix: [Double] = []
        prefix.reserveCapacity(segments.count + 1)
        for segment in segments {
            prefix.append(total)
            if segment.mode == .highAccuracy { total += segment.duration }
        }
        prefix.append(total)
        highBefore = prefix
    }

    /// Index of the first segment whose end is after `time` (segments.count if none).
    func index(after time: Double) -> Int {
        var low = 0, high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].end <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// High-accuracy seconds in `[start, time]`, from the first segment on.
    func highTime(upTo time: Double) -> Double {
        let i = index(after: time)
        guard i < segments.count else { return highBefore[segments.count] }
        let segment = segments[i]
        var total = highBefore[i]
        if segment.mode == .highAccuracy && time > segment.start { total += time - segment.start }
        return total
    }

    /// High-accuracy seconds within `[start, end]`.
    func highTime(from start: Double, to end: Double) -> Double {
        guard end > start else { return 0 }
        return highTime(upTo: end) - highTime(upTo: start)
    }

    /// The mode at `time` (segments are half-open `[start, end)`), nil outside them.
    func mode(at time: Double) -> RecordingMode? {
        let i = index(after: time)
        guard i < segments.count, segments[i].start <= time else { return nil }
        return segments[i].mode
    }

    /// The first time at or after `time` at which the mode is high accuracy, or nil.
    func nextHighAccuracy(from time: Double) -> Double? {
        var i = index(after: time)
        while i < segments.count {
            let segment = segments[i]
            if segment.mode == .highAccuracy { return max(segment.start, time) }
            i += 1
        }
        return nil
    }
}

import LocomotionDSP

/// Cuts a recording into epochs on local-time boundaries and tallies what happened in each: the streaming
/// builder of the per-minute table (`locomotion epochs`) and, through ``DayAccumulator``, of the per-day one.
///
/// A stage of the streaming contract (<doc:StreamingStages>). Push, in any interleaving, the samples (for
/// coverage, ``push(_:)-(AccelerometerSample)``) and what the stages report (``push(_:)-(MotionEvent)``: activity
/// updates, gating events for the recording mode, steps and walking bouts, distance the odometer added), and tell
/// it with ``advance(to:emit:)`` up to which time nothing earlier can arrive any more; it then emits the finished
/// epochs, oldest first. Stages report late (the classifier back-dates an update to where the activity began, a
/// step is reported once its bout is confirmed), so only the caller, who knows its stages, can say which times
/// are settled (``MotionEngine/eventSettledTime``). ``finish(emit:)`` emits the rest.
///
/// Time is recorded from the first sample to the last: epochs begin with the one that holds the first sample
/// and end with the one that holds the last; events outside that span are ignored. Every epoch in between is
/// emitted, also one that lies wholly in a gap (coverage 0, activity unknown): gaps are never filled. Only the
/// epochs that hold something (a sample, covered time, a step, a bout, distance) are kept until they are emitted;
/// those in between are made as they are emitted, so memory does not grow with the length of a gap (two recording
/// waves a year apart, a clock that jumps years ahead).
///
/// An update holds from its start until the next one; a later update whose start is earlier than an update
/// already given revises the activity from its start on. The same goes for gating events and the mode.
///
/// It never reads the clock.
///
/// - Complexity: O(1) amortised per sample, O(log e) per event (e = unsettled epochs that hold something), a few
///   time-zone look-ups per epoch. Memory: the unsettled epochs that hold something (not those of a gap), and the
///   updates and gating events since the oldest unsettled epoch (O(1) when the caller advances regularly).
package struct EpochAccumulator: Sendable {
    /// The epochs' length, zone, day start and gap limit.
    package let configuration: RecordingTables.Configuration

    private let grid: LocalEpochGrid
    /// The unsettled epochs that hold something, by start, oldest first, from `head` on (with their end, for look-ups).
    /// The epochs between them hold nothing and are made only when emitted.
    private var held: [(end: Double, summary: EpochSummary)] = []
    private var head = 0
    /// Start of the oldest unsettled epoch, the next to emit: nil before the first sample.
    private var nextStart: Double?
    /// End of the last epoch emitted: nothing earlier can change any more.
    private var settledEnd: Double?
    private var lastDayNumber: Int?
    /// First and latest sample time.
    private var firstSample: Double?
    private var lastSample: Double?
    /// The activity and the recording mode from each time on, oldest first; the first entry is the one in force
    /// at the start of the oldest unsettled epoch.
    private var activities = ValueTimeline<MotionActivity>()
    private var modes = ValueTimeline<Bool>()
    /// Whether the phone is carried from each time on (``CarryUpdate``s), like `activities`.
    private var carries = ValueTimeline<Bool>()
    /// The previous step of the current bout, for the cadence.
    private var previousStep: Double?

    /// Events that arrived for an epoch already emitted (and were left out of it). Zero when the caller settles
    /// only times it is sure of.
    package private(set) var lateEventCount = 0

    /// Epochs held in memory, not yet emitted.
    var storedEpochCount: Int { held.count - head }

    /// Creates an accumulator. The configuration must be usable (``RecordingTables/Configuration/problem`` nil).
    package init(configuration: RecordingTables.Configuration) {
        precondition(configuration.problem == nil, configuration.problem ?? "")
        self.configuration = configuration
        grid = LocalEpochGrid(configuration)
    }

    // MARK: Inputs

    /// Takes a sample (only its time counts): opens the epochs up to it and counts the interval since the previous
    /// sample as covered when it is at most ``RecordingTables/Configuration/maximumGap`` long. Samples come in time order
    /// (an earlier one is counted as late and ignored). Non-finite times are ignored.
    /// - Complexity: O(1) amortised.
    package mutating func push(_ sample: AccelerometerSample) {
        addSample(at: sample.time)
    }

    /// ``push(_:)-(AccelerometerSample)`` of a sample at `time` (s).
    mutating func addSample(at time: Double) {
        guard time.isFinite else { return }
        if let lastSample, time < lastSample {
            lateEventCount += 1
            return
        }
        if firstSample == nil { firstSample = time }
        if let previous = lastSample, time > previous, time - previous <= configuration.maximumGap {
            addCovered(from: previous, to: time)
        }
        lastSample = time
        guard let index = heldIndex(containing: time) else { return }
        if held[index].summary.tally.firstSample == nil { held[index].summary.tally.firstSample = time }
        held[index].summary.tally.lastSample = time
    }

    /// Records an activity update: its activity holds from its start on.
    mutating func add(_ update: ActivityUpdate) {
        guard let time = acceptedEventTime(update.start) else { return }
        activities.set(update.activity, from: time)
    }

    /// Records a gating event: its mode holds from its time on.
    mutating func add(_ event: RecordingGate.Event) {
        guard let time = acceptedEventTime(event.time) else { return }
        modes.set(event.mode == .highAccuracy, from: time)
    }

    /// Records a carry decision: carried (or not) from its start on.
    mutating func add(_ update: CarryUpdate) {
        guard let time = acceptedEventTime(update.start) else { return }
        carries.set(update.state == .carried, from: time)
    }

    /// Records a counted step at `time` (s). Steps of one bout come in time order; the interval from the
    /// previous step of the same bout counts towards the cadence of the epoch this step is in.
    mutating func addStep(at time: Double) {
        // The detector may time the first step a few milliseconds before the first sample (its peak interpolated
        // between samples): it counts in the first epoch, as every other command counts it.
        var time = time
        if let firstSample, time.isFinite, time < firstSample, firstSample - time < 1 { time = firstSample }
        guard let index = eventEpochIndex(time) else { return }
        held[index].summary.tally.steps += 1
        if let previous = previousStep, time > previous {
            held[index].summary.tally.stepIntervals += 1
            held[index].summary.tally.stepIntervalSeconds += time - previous
        }
        previousStep = time
    }

    /// Records the end of a walking bout: it counts in the epoch of its last step (as the odometer counts a
    /// segment on the day of the fix that ends it), and the next step starts a new bout.
    mutating func add(_ bout: WalkingBout) {
        previousStep = nil
        guard let index = eventEpochIndex(bout.end) else { return }
        held[index].summary.tally.bouts += 1
        if bout.duration > held[index].summary.tally.longestBout?.duration ?? -1 { held[index].summary.tally.longestBout = bout }
    }

    /// Records `meters` of distance the odometer added with a fix at `time` (s).
    mutating func addDistance(_ meters: Double, at time: Double) {
        guard meters.isFinite, let index = eventEpochIndex(time) else { return }
        held[index].summary.tally.distance += meters
    }

    // MARK: Output

    /// Nothing earlier than `time` (s) will come any more (the caller's promise): calls `emit` with every epoch
    /// that ends at or before it, oldest first.
    /// - Complexity: O(epochs emitted).
    package mutating func advance(to time: Double, emit: (EpochSummary) -> Void) {
        guard let lastSample else { return }
        let until = min(time, lastSample)
        while let start = nextStart, settledEnd?.isFinite ?? true {
            let end = grid.epochEnd(startingAt: start)
            guard end <= until else { break }
            emitNext(start: start, end: end, recordedUntil: lastSample, emit: emit)
        }
        compact()
    }

    /// Emits every remaining epoch that overlaps the recording (from its first sample to its last; with a single
    /// sample, the epoch that holds it). An epoch that would hold only the last sample, at its very start, has
    /// no time in the recording and no row. The accumulator is then finished (later inputs count as late).
    /// - Complexity: O(epochs emitted).
    package mutating func finish(emit: (EpochSummary) -> Void) {
        guard let lastSample, settledEnd?.isFinite ?? true else { return }
        while let start = nextStart, start < lastSample || settledEnd == nil {
            emitNext(start: start, end: grid.epochEnd(startingAt: start), recordedUntil: lastSample, emit: emit)
        }
        // What is left lies after the last sample, outside the recording.
        head = held.count
        settledEnd = .infinity
        compact()
    }

    // MARK: Internals

    /// The index in `held` of the unsettled epoch that holds `time`, kept from now on; nil when `time` is before
    /// the oldest unsettled epoch or the accumulator is finished. The first call places the grid.
    /// - Complexity: O(1) for the newest epoch kept, else O(log e) and one time-zone look-up.
    private mutating func heldIndex(containing time: Double) -> Int? {
        guard settledEnd?.isFinite ?? true else { return nil }
        if head < held.count, let newest = held.last, newest.summary.start <= time, time < newest.end { return held.count - 1 }
        if nextStart == nil { nextStart = grid.epochStart(containing: time) }
        guard let nextStart, time >= nextStart else { return nil }
        let start = max(nextStart, grid.epochStart(containing: time))
        var low = head, high = held.count
        while low < high {
            let middle = (low + high) / 2
            if held[middle].summary.start < start { low = middle + 1 } else { high = middle }
        }
        if low < held.count, held[low].summary.start == start { return low }
        // Day and offset are set when the epoch is emitted, in order.
        held.insert((grid.epochEnd(startingAt: start), EpochSummary(start: start, end: start, utcOffset: 0, day: LocalDay(daysSince1970: 0))),
                    at: low)
        return low
    }

    /// The epoch for an event at `time`: opens epochs up to it (an event may run a little ahead of the samples);
    /// nil for a time before the first sample or not finite, and for a late one (counted).
    private mutating func eventEpochIndex(_ time: Double) -> Int? {
        guard let time = acceptedEventTime(time), let firstSample, time >= firstSample else { return nil }
        return heldIndex(containing: time)
    }

    /// `time`, or nil when it is not finite or falls in an epoch already emitted (counted as late).
    private mutating func acceptedEventTime(_ time: Double) -> Double? {
        guard time.isFinite else { return nil }
        if let settledEnd, time < settledEnd {
            lateEventCount += 1
            return nil
        }
        return time
    }

    /// Adds the covered interval `from..<to` to the epochs it overlaps.
    private mutating func addCovered(from: Double, to: Double) {
        var time = from
        while time < to, let index = heldIndex(containing: time) {
            let start = held[index].summary.start, end = held[index].end
            let overlap = min(to, end) - max(from, start)
            if overlap > 0 { held[index].summary.tally.coveredSeconds += overlap }
            guard end > time else { return }
            time = end
        }
    }

    /// Makes the oldest unsettled epoch, `start..<end` (with what is kept of it), completes it (its activity and
    /// mode seconds within the recording), emits it and forgets what only it needed.
    private mutating func emitNext(start: Double, end: Double, recordedUntil lastSample: Double, emit: (EpochSummary) -> Void) {
        var day = grid.dayNumber(ofEpochStartingAt: start)
        if let lastDayNumber, day < lastDayNumber { day = lastDayNumber }  // days never go backwards
        lastDayNumber = day
        var epoch = EpochSummary(start: start, end: end, utcOffset: grid.offset(at: start), day: LocalDay(daysSince1970: day))
        var first = true
        while head < held.count, held[head].summary.start < end {
            // One kept epoch per grid epoch; should a zone's offsets ever place two in one, nothing is lost.
            if first { epoch.tally = held[head].summary.tally } else { epoch.tally.add(held[head].summary.tally) }
            first = false
            head += 1
        }
        let from = max(epoch.start, firstSample ?? epoch.start), to = min(epoch.end, lastSample)
        if to > from {
            epoch.tally.recordedSeconds = to - from
            activities.integrate(from: from, to: to) { activity, seconds in epoch.tally.activities[activity] += seconds }
            modes.integrate(from: from, to: to) { highAccuracy, seconds in
                if highAccuracy { epoch.tally.highAccuracySeconds += seconds }
            }
            carries.integrate(from: from, to: to) { carried, seconds in
                if carried { epoch.tally.carriedSeconds += seconds }
            }
        }
        nextStart = end
        settledEnd = end
        activities.forget(before: end)
        modes.forget(before: end)
        carries.forget(before: end)
        emit(epoch)
    }

    /// Releases emitted epochs now and then (amortised O(1)).
    private mutating func compact() {
        if head == held.count {
            held.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= held.count {
            held.removeFirst(head)
            head = 0
        }
    }
}

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
/// emitted, also one that lies wholly in a gap (coverage 0, activity unknown): gaps are never filled.
///
/// An update holds from its start until the next one; a later update whose start is earlier than an update
/// already given revises the activity from its start on. The same goes for gating events and the mode.
///
/// It never reads the clock.
///
/// - Complexity: O(1) amortised per sample, O(log e) per event (e = unsettled epochs), one time-zone look-up per
///   epoch. Memory: the epochs not yet settled, and the updates and gating events since the oldest of them (O(1)
///   when the caller advances regularly).
package struct EpochAccumulator: Sendable {
    /// The epochs' length, zone, day start and gap limit.
    package let configuration: RecordingTables.Configuration

    private let grid: LocalEpochGrid
    /// Unsettled epochs, oldest first, from `head` on.
    private var epochs: [EpochSummary] = []
    private var head = 0
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
    /// The previous step of the current bout, for the cadence.
    private var previousStep: Double?

    /// Events that arrived for an epoch already emitted (and were left out of it). Zero when the caller settles
    /// only times it is sure of.
    package private(set) var lateEventCount = 0

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
        openEpochs(through: time)
        if let previous = lastSample, time > previous, time - previous <= configuration.maximumGap {
            addCovered(from: previous, to: time)
        }
        lastSample = time
        guard let index = epochIndex(containing: time) else { return }
        if epochs[index].tally.firstSample == nil { epochs[index].tally.firstSample = time }
        epochs[index].tally.lastSample = time
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

    /// Records a counted step at `time` (s). Steps of one bout come in time order; the interval from the
    /// previous step of the same bout counts towards the cadence of the epoch this step is in.
    mutating func addStep(at time: Double) {
        guard let index = eventEpochIndex(time) else { return }
        epochs[index].tally.steps += 1
        if let previous = previousStep, time > previous {
            epochs[index].tally.stepIntervals += 1
            epochs[index].tally.stepIntervalSeconds += time - previous
        }
        previousStep = time
    }

    /// Records the end of a walking bout: it counts in the epoch of its last step (as the odometer counts a
    /// segment on the day of the fix that ends it), and the next step starts a new bout.
    mutating func add(_ bout: WalkingBout) {
        previousStep = nil
        guard let index = eventEpochIndex(bout.end) else { return }
        epochs[index].tally.bouts += 1
        if bout.duration > epochs[index].tally.longestBout?.duration ?? -1 { epochs[index].tally.longestBout = bout }
    }

    /// Records `meters` of distance the odometer added with a fix at `time` (s).
    mutating func addDistance(_ meters: Double, at time: Double) {
        guard meters.isFinite, let index = eventEpochIndex(time) else { return }
        epochs[index].tally.distance += meters
    }

    // MARK: Output

    /// Nothing earlier than `time` (s) will come any more (the caller's promise): calls `emit` with every epoch
    /// that ends at or before it, oldest first.
    /// - Complexity: O(epochs emitted).
    package mutating func advance(to time: Double, emit: (EpochSummary) -> Void) {
        while head < epochs.count, epochs[head].end <= time, let lastSample, epochs[head].end <= lastSample {
            emitHead(recordedUntil: lastSample, emit: emit)
        }
        compact()
    }

    /// Emits every remaining epoch that overlaps the recording (from its first sample to its last; with a single
    /// sample, the epoch that holds it). An epoch that would hold only the last sample, at its very start, has
    /// no time in the recording and no row. The accumulator is then finished (later inputs count as late).
    /// - Complexity: O(epochs emitted).
    package mutating func finish(emit: (EpochSummary) -> Void) {
        guard let lastSample else { return }
        while head < epochs.count {
            if epochs[head].start < lastSample || settledEnd == nil {
                emitHead(recordedUntil: lastSample, emit: emit)
            } else {
                head += 1
            }
        }
        settledEnd = .infinity
        compact()
    }

    // MARK: Internals

    /// Appends epochs until the newest one holds `time`.
    private mutating func openEpochs(through time: Double) {
        if head == epochs.count {
            if let settledEnd {
                // Everything opened so far was emitted: go on from the end of the last one.
                guard settledEnd <= time, settledEnd.isFinite else { return }
                append(start: settledEnd)
            } else {
                append(start: grid.epochStart(containing: time))
            }
        }
        while let newest = epochs.last, newest.end <= time { append(start: newest.end) }
    }

    private mutating func append(start: Double) {
        var day = grid.dayNumber(ofEpochStartingAt: start)
        if let lastDayNumber, day < lastDayNumber { day = lastDayNumber }  // days never go backwards
        lastDayNumber = day
        epochs.append(EpochSummary(start: start, end: grid.epochEnd(startingAt: start), utcOffset: grid.offset(at: start),
                                   day: LocalDay(daysSince1970: day)))
    }

    /// The unsettled epoch that holds `time`, or nil when there is none.
    private func epochIndex(containing time: Double) -> Int? {
        guard head < epochs.count, time >= epochs[head].start, time < epochs[epochs.count - 1].end else { return nil }
        var low = head, high = epochs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if epochs[middle].start <= time { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The epoch for an event at `time`: opens epochs up to it (an event may run a little ahead of the samples);
    /// nil for a time before the first sample or not finite, and for a late one (counted).
    private mutating func eventEpochIndex(_ time: Double) -> Int? {
        guard let time = acceptedEventTime(time), let firstSample, time >= firstSample else { return nil }
        openEpochs(through: time)
        return epochIndex(containing: time)
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
        guard var index = epochIndex(containing: from) else { return }
        while index < epochs.count, epochs[index].start < to {
            let overlap = min(to, epochs[index].end) - max(from, epochs[index].start)
            if overlap > 0 { epochs[index].tally.coveredSeconds += overlap }
            index += 1
        }
    }

    /// Completes the oldest unsettled epoch (its activity and mode seconds within the recording), emits it and
    /// forgets what only it needed.
    private mutating func emitHead(recordedUntil lastSample: Double, emit: (EpochSummary) -> Void) {
        var epoch = epochs[head]
        let from = max(epoch.start, firstSample ?? epoch.start), to = min(epoch.end, lastSample)
        if to > from {
            epoch.tally.recordedSeconds = to - from
            activities.integrate(from: from, to: to) { activity, seconds in epoch.tally.activities[activity] += seconds }
            modes.integrate(from: from, to: to) { highAccuracy, seconds in
                if highAccuracy { epoch.tally.highAccuracySeconds += seconds }
            }
        }
        head += 1
        settledEnd = epoch.end
        activities.forget(before: epoch.end)
        modes.forget(before: epoch.end)
        emit(epoch)
    }

    /// Releases emitted epochs now and then (amortised O(1)).
    private mutating func compact() {
        if head == epochs.count {
            epochs.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= epochs.count {
            epochs.removeFirst(head)
            head = 0
        }
    }
}

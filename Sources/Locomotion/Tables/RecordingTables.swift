import LocomotionDSP

/// The tables of one recording, built from a ``MotionEngine``'s events as they come: the epochs
/// (``EpochAccumulator``), the local days (``DayAccumulator``, summed from 60-s epochs whatever the epochs' length)
/// and the activity segments (``ActivitySegmenter``) — what `locomotion epochs` and `locomotion daily` write.
///
/// A stage of the streaming contract (<doc:StreamingStages>): push each sample (``push(_:)-(AccelerometerSample)``,
/// for coverage) and each of the engine's events (``push(_:emit:)``), tell it with ``advance(to:emit:)`` up to which
/// time no event can arrive any more (``MotionEngine/eventSettledTime``), and ``finish(emit:)`` at the end of the
/// recording. Each table's rows come out in time order as soon as they are final; the rows of different tables
/// interleave.
///
/// - Complexity: O(1) amortised per sample, O(log e) per event (``EpochAccumulator``). Memory: the epochs not yet
///   settled (O(1) when the caller advances regularly).
package struct RecordingTables: Sendable {
    /// One row of one table.
    package enum Row: Sendable, Hashable {
        /// An epoch of the epoch table.
        case epoch(EpochSummary)
        /// A local day of the daily table.
        case day(DaySummary)
        /// An activity segment: a maximal stretch of one activity.
        case segment(ActivitySegment)
        /// A walking bout of the step detector, once it has ended.
        case bout(WalkingBout)
    }

    /// Which tables to build.
    package struct Tables: OptionSet, Sendable, Hashable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// One row per epoch (``EpochSummary``).
        package static let epochs = Tables(rawValue: 1)
        /// One row per local day (``DaySummary``).
        package static let days = Tables(rawValue: 2)
        /// One row per activity segment (``ActivitySegment``).
        package static let segments = Tables(rawValue: 4)
        /// One row per walking bout (``WalkingBout``).
        package static let bouts = Tables(rawValue: 8)
    }

    /// The tables built.
    package let tables: Tables
    private var epochs: EpochAccumulator
    /// The 60-s epochs the days are summed from, when the epochs have another length.
    private var dailyEpochs: EpochAccumulator?
    private var days: DayAccumulator
    private var segmenter = ActivitySegmenter()
    private var lastSample: Double?

    /// Hours of data below which a day is flagged (``DaySummary/hasTooLittleData``) unless told otherwise: 10, the
    /// usual valid-day rule of accelerometry studies.
    package static let defaultMinimumCoveredHours: Double = 10

    /// Hours carried from which a day is valid (``DaySummary/isValid``) unless told otherwise: 10, GGIR's and
    /// stepmetrics' valid-day rule (`includedaycrit = 10`) with carried time as wear time.
    package static let defaultMinimumCarriedHours: Double = 10

    /// Tables of epochs with `epoch` (its length, zone, day start and gap limit), the days flagging those with fewer
    /// than `minimumCoveredHours` of data.
    /// - Precondition: `epoch.problem` is nil.
    package init(epoch: RecordingTables.Configuration, minimumCoveredHours: Double = RecordingTables.defaultMinimumCoveredHours,
                minimumCarriedHours: Double = RecordingTables.defaultMinimumCarriedHours,
                tables: Tables = [.epochs, .days, .segments]) {
        self.tables = tables
        epochs = EpochAccumulator(configuration: epoch)
        if epoch.length != 60, tables.contains(.days) {
            var daily = epoch
            daily.length = 60
            dailyEpochs = EpochAccumulator(configuration: daily)
        }
        days = DayAccumulator(minimumCoveredHours: minimumCoveredHours, minimumCarriedHours: minimumCarriedHours)
    }

    /// Events that arrived for an epoch already emitted (see ``EpochAccumulator/lateEventCount``): zero when the
    /// caller advances only to times the engine has settled.
    package var lateEventCount: Int { epochs.lateEventCount + (dailyEpochs?.lateEventCount ?? 0) }

    /// Takes a sample (only its time counts, for coverage); samples in time order.
    /// - Complexity: O(1) amortised.
    package mutating func push(_ sample: AccelerometerSample) {
        epochs.push(sample)
        dailyEpochs?.push(sample)
        lastSample = sample.time
    }

    /// Takes an event of the engine, calling `emit` with the activity segment it closes or the walking bout it ends.
    /// - Complexity: O(log e) for e epochs not yet settled.
    package mutating func push(_ event: MotionEvent, emit: (Row) -> Void) {
        epochs.push(event)
        dailyEpochs?.push(event)
        if case .activity(let update) = event, tables.contains(.segments) {
            segmenter.push(update) { emit(.segment($0)) }
        }
        if case .boutEnded(let bout) = event, tables.contains(.bouts) { emit(.bout(bout)) }
    }

    /// No event earlier than `time` (s) will come any more: calls `emit` with the epochs (and the days) that are
    /// final.
    /// - Complexity: O(rows emitted).
    package mutating func advance(to time: Double, emit: (Row) -> Void) {
        let tables = tables, separate = dailyEpochs != nil
        epochs.advance(to: time) { epoch in
            if tables.contains(.epochs) { emit(.epoch(epoch)) }
            if !separate, tables.contains(.days) { days.push(epoch) { emit(.day($0)) } }
        }
        if tables.contains(.days) { dailyEpochs?.advance(to: time) { days.push($0) { emit(.day($0)) } } }
    }

    /// The recording has ended: calls `emit` with the last segment (closed at the last sample), then every epoch
    /// and day left.
    /// - Complexity: O(rows emitted).
    package mutating func finish(emit: (Row) -> Void) {
        if let lastSample, tables.contains(.segments) { segmenter.finish(at: lastSample) { emit(.segment($0)) } }
        let tables = tables, separate = dailyEpochs != nil
        epochs.finish { epoch in
            if tables.contains(.epochs) { emit(.epoch(epoch)) }
            if !separate, tables.contains(.days) { days.push(epoch) { emit(.day($0)) } }
        }
        if tables.contains(.days) {
            dailyEpochs?.finish { days.push($0) { emit(.day($0)) } }
            days.finish { emit(.day($0)) }
        }
    }
}

import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO

/// One participant's ``MotionEngine`` and the table accumulators its events feed: the epochs, the 60-s epochs
/// of the daily table (when the epochs have another length), the days and the activity segments.
struct TableBuilder {
    private let outputs: ParticipantRun.Outputs
    private var engine: MotionEngine
    private var events: [MotionEvent] = []
    private var segmenter = ActivitySegmenter()
    private var epochs: EpochAccumulator
    /// The 60-s epochs of the daily table when `epochs` has another length.
    private var dailyEpochs: EpochAccumulator?
    private var days: DayAccumulator
    private var lastSample: Double?
    private var sampleCount = 0

    init(settings: ParticipantRun.Settings, outputs: ParticipantRun.Outputs) {
        self.outputs = outputs
        var configuration = MotionEngine.Configuration()
        configuration.activitySource = .classifier(settings.classifier)
        configuration.gating = GatingConfiguration(policy: settings.policy)
        configuration.odometer.dayStart = settings.epoch.dayStart
        configuration.gapLimit = settings.epoch.maximumGap
        engine = MotionEngine(configuration: configuration, timeZone: settings.epoch.timeZone, smoothing: settings.smoothing)
        epochs = EpochAccumulator(configuration: settings.epoch)
        if settings.dailyEpoch != settings.epoch, outputs.day != nil {
            dailyEpochs = EpochAccumulator(configuration: settings.dailyEpoch)
        }
        days = DayAccumulator(minimumCoveredHours: settings.minimumHours)
    }

    /// Pushes one row of `file` (and the fixes due by its time) through `run` into the engine, the sample into the
    /// epochs, and the events into the tables.
    /// - Throws: ``InputError`` from the run.
    mutating func push(_ row: TraceRow, of file: String, run: inout RecordedTrace, fileOf: (Double) -> String) throws {
        try collecting { engine, emit throws(InputError) in try run.push(row, of: file, through: &engine, emit: emit) }
        epochs.push(row.sample)
        dailyEpochs?.push(row.sample)
        record(fileOf: fileOf)
        lastSample = row.sample.time
        sampleCount += 1
        // Epochs are written once no event can reach them any more; an event that still came later would be
        // refused (`lateEventCount`, an error below), never misfiled.
        if sampleCount & 255 == 0, let settled = engine.eventSettledTime { settle(through: settled, fileOf: fileOf) }
    }

    /// Pushes the fixes `run` still holds into the engine (the end of a file whose fixes are its own).
    mutating func pushRemainingFixes(of run: inout RecordedTrace, fileOf: (Double) -> String) throws {
        try collecting { engine, emit throws(InputError) in try run.pushRemainingFixes(into: &engine, emit: emit) }
        record(fileOf: fileOf)
    }

    /// Ends the recording (``RecordedTrace/finish(_:emit:)``) and writes every table's last rows.
    mutating func finish(run: inout RecordedTrace, fileOf: (Double) -> String) throws {
        try collecting { engine, emit throws(InputError) in try run.finish(&engine, emit: emit) }
        record(fileOf: fileOf)
        if let lastSample, let segment = outputs.segment { segmenter.finish(at: lastSample) { segment($0, fileOf($0.start)) } }
        let epochOutput = outputs.epoch, dayOutput = outputs.day, separate = dailyEpochs != nil
        epochs.finish { epoch in
            epochOutput?(epoch, fileOf(epoch.start))
            if !separate, let dayOutput { days.push(epoch, emit: dayOutput) }
        }
        if let dayOutput {
            dailyEpochs?.finish { days.push($0, emit: dayOutput) }
            days.finish(emit: dayOutput)
        }
        let late = epochs.lateEventCount + (dailyEpochs?.lateEventCount ?? 0)
        if late > 0 {
            throw CommandFailure.badInput("internal error: \(late) events of the engine came after their epoch was written; please report it")
        }
    }

    private mutating func settle(through time: Double, fileOf: (Double) -> String) {
        let epochOutput = outputs.epoch, dayOutput = outputs.day, separate = dailyEpochs != nil
        epochs.advance(to: time) { epoch in
            epochOutput?(epoch, fileOf(epoch.start))
            if !separate, let dayOutput { days.push(epoch, emit: dayOutput) }
        }
        if let dayOutput { dailyEpochs?.advance(to: time) { days.push($0, emit: dayOutput) } }
    }

    /// Runs `body` on the engine, collecting its events in `events` (whose capacity is kept across calls: the
    /// engine is part of `self`, so its `emit` cannot reach `self.events` directly).
    private mutating func collecting<Failure: Error>(
        _ body: (inout MotionEngine, (MotionEvent) -> Void) throws(Failure) -> Void
    ) throws(Failure) {
        var collected: [MotionEvent] = []
        swap(&collected, &events)
        defer { swap(&collected, &events) }
        try body(&engine) { collected.append($0) }
    }

    /// Hands the engine's events to the accumulators and the segmenter.
    private mutating func record(fileOf: (Double) -> String) {
        for event in events {
            epochs.push(event)
            dailyEpochs?.push(event)
            if case .activity(let update) = event, let segment = outputs.segment {
                segmenter.push(update) { segment($0, fileOf($0.start)) }
            }
        }
        events.removeAll(keepingCapacity: true)
    }
}

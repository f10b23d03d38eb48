import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO

/// The stages of one recording and the table accumulators they feed.
struct TableBuilder {
    private let settings: ParticipantRun.Settings
    private let outputs: ParticipantRun.Outputs
    private var classifier: ActivityClassifier
    private var detector: StepDetector
    private var gate: RecordingGate
    private var odometer: Odometer
    private var segmenter = ActivitySegmenter()
    private var epochs: EpochAccumulator
    /// The 60-s epochs of the daily table when `epochs` has another length.
    private var dailyEpochs: EpochAccumulator?
    private var days: DayAccumulator
    private var events: [GatingEvent] = []
    private var pending: [ActivityUpdate] = []
    private var lastSample: Double?
    private var sampleCount = 0

    /// How far behind the latest sample the stages may still report (s): the classifier back-dates an update to
    /// where its activity began, the step detector reports a bout's steps once it is confirmed.
    static let settlingDelay = 900.0

    init(settings: ParticipantRun.Settings, outputs: ParticipantRun.Outputs) {
        self.settings = settings
        self.outputs = outputs
        classifier = ActivityClassifier(configuration: settings.classifier)
        detector = StepDetector()
        gate = RecordingGate(configuration: GatingConfiguration(policy: settings.policy))
        var odometerConfiguration = OdometerConfiguration(dayStart: settings.epoch.dayStart)
        odometerConfiguration.movingActivities = GatingPolicy.anyMovement.recordedActivities
        odometer = Odometer(configuration: odometerConfiguration, timeZone: settings.epoch.timeZone)
        epochs = EpochAccumulator(configuration: settings.epoch)
        if settings.dailyEpoch != settings.epoch, outputs.day != nil {
            dailyEpochs = EpochAccumulator(configuration: settings.dailyEpoch)
        }
        days = DayAccumulator(minimumCoveredHours: settings.minimumHours)
    }

    mutating func push(_ fix: LocationFix, file: String) throws {
        classifier.push(fix)
        do {
            try gate.process(fix, into: &events)
        } catch {
            throw CommandFailure.badInput("\(file): \(error)")
        }
        recordGatingEvents()
        switch odometer.record(fix) {
        case .accepted(let distance), .reanchored(let distance):
            epochs.addDistance(distance, at: fix.time)
            dailyEpochs?.addDistance(distance, at: fix.time)
        case .rejected:
            break
        }
    }

    mutating func push(_ sample: AccelerometerSample, file: String, fileOf: (Double) -> String) throws {
        classifier.push(sample) { pending.append($0) }
        for update in pending {
            do {
                try gate.process(update, into: &events)
            } catch {
                throw CommandFailure.badInput("\(file): \(error)")
            }
            odometer.record(update)
            epochs.add(update)
            dailyEpochs?.add(update)
            if let segment = outputs.segment { segmenter.add(update) { segment($0, fileOf($0.start)) } }
        }
        pending.removeAll(keepingCapacity: true)
        do {
            try gate.advance(to: sample.time, into: &events)
        } catch {
            throw CommandFailure.badInput("\(file): \(error)")
        }
        recordGatingEvents()
        var stepEvents: [StepDetector.Event] = []  // empty unless the sample completes a step: no allocation
        detector.push(sample) { stepEvents.append($0) }
        for event in stepEvents { record(event) }
        epochs.addSample(at: sample.time)
        dailyEpochs?.addSample(at: sample.time)
        lastSample = sample.time
        sampleCount += 1
        if sampleCount & 255 == 0 { settle(through: sample.time - Self.settlingDelay, fileOf: fileOf) }
    }

    mutating func finish(fileOf: (Double) -> String) throws {
        var stepEvents: [StepDetector.Event] = []
        detector.finish { stepEvents.append($0) }
        for event in stepEvents { record(event) }
        if let lastSample, let segment = outputs.segment { segmenter.finish(at: lastSample) { segment($0, fileOf($0.start)) } }
        let epochOutput = outputs.epoch, dayOutput = outputs.day, separate = dailyEpochs != nil
        epochs.finish { epoch in
            epochOutput?(epoch, fileOf(epoch.start))
            if !separate, let dayOutput { days.add(epoch, emit: dayOutput) }
        }
        if let dayOutput {
            dailyEpochs?.finish { days.add($0, emit: dayOutput) }
            days.finish(emit: dayOutput)
        }
        if epochs.lateEventCount > 0 || (dailyEpochs?.lateEventCount ?? 0) > 0 {
            throw CommandFailure.badInput("internal error: an event arrived more than \(Self.settlingDelay) s late; please report it")
        }
    }

    private mutating func settle(through time: Double, fileOf: (Double) -> String) {
        let epochOutput = outputs.epoch, dayOutput = outputs.day, separate = dailyEpochs != nil
        epochs.settle(through: time) { epoch in
            epochOutput?(epoch, fileOf(epoch.start))
            if !separate, let dayOutput { days.add(epoch, emit: dayOutput) }
        }
        if let dayOutput { dailyEpochs?.settle(through: time) { days.add($0, emit: dayOutput) } }
    }

    private mutating func record(_ event: StepDetector.Event) {
        switch event {
        case .step(let time):
            epochs.addStep(at: time)
            dailyEpochs?.addStep(at: time)
        case .boutEnded(let bout):
            epochs.add(bout)
            dailyEpochs?.add(bout)
        }
    }

    private mutating func recordGatingEvents() {
        for event in events {
            epochs.add(event)
            dailyEpochs?.add(event)
        }
        events.removeAll(keepingCapacity: true)
    }
}

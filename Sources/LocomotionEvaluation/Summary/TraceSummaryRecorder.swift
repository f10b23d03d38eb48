import Locomotion
import LocomotionDSP

/// Gathers a ``TraceSummary`` from a `MotionEngine`'s events as a recorded trace runs through it, in memory that
/// grows with what happens (segments, steps, fixes), not with the samples.
///
/// A stage of the streaming contract: ``push(sampleAt:)`` each sample as it is read, ``push(_:)`` each event of the
/// engine, ``finish(stepsRefused:odometer:)`` once the trace has ended (`MotionEngine.finish(emit:)`). Every kind of
/// event given is taken, so the parts may come from different engines: `locomotion summarize` takes the activity and
/// distance updates from an engine that decides with full smoothing (the description of the recording, as `label`
/// and `distance --trace`) and the gate's events, steps and bouts from one that decides lagged (what a phone would
/// have done, as `replay` and `steps`).
/// - Complexity: O(1) amortised per sample and per event.
package struct TraceSummaryRecorder: Sendable {
    private var summary: TraceSummary
    private var activitySegmenter = ActivitySegmenter()
    private var modeSegmenter = RecordingGate.Segmenter()
    private var interval = SamplingIntervalMedian()

    /// A recorder for an engine whose gate runs with `gating`.
    package init(gate: RecordingGate.Configuration) {
        summary = TraceSummary(gate: gate)
    }

    /// Samples seen so far.
    package var sampleCount: Int { summary.sampleCount }

    /// Takes the time (s) of the next sample read (time-ordered).
    /// - Complexity: O(1) amortised.
    package mutating func push(sampleAt time: Double) {
        if summary.sampleCount == 0 { summary.start = time }
        summary.end = time
        summary.sampleCount += 1
        interval.push(time)
    }

    /// Takes an event of the engine.
    /// - Complexity: O(1) amortised.
    package mutating func push(_ event: MotionEvent) {
        switch event {
        case .activity(let update): activitySegmenter.push(update) { summary.activities.append($0) }
        case .recording(let gating): modeSegmenter.push(gating) { summary.modes.append($0) }
        case .step(let time): summary.stepTimes.append(time)
        case .boutEnded(let bout): summary.bouts.append(bout)
        case .distance(let update):
            // A point per dated fix in time order (a fix out of order has no place on the curve).
            if !update.time.isNaN, let day = update.tally.day,
               summary.distance.last.map({ update.time >= $0.time }) ?? true {
                summary.distance.append(TraceSummary.DistancePoint(time: update.time, dayDistance: update.tally.distance, day: day))
            }
        case .samplesBegan, .gap, .samplesEnded: break
        }
    }

    /// The summary, once the engines have finished: the last segments closed at the last sample; the steps
    /// dropped when `stepsRefused` (`MotionEngine.isRecordingTooSparseForSteps`); the odometer after every fix, nil
    /// without fixes (then no distance).
    /// - Complexity: O(1) (the summary is moved out).
    package func finish(stepsRefused: Bool, odometer: Odometer?) -> TraceSummary {
        var summary = summary
        var activitySegmenter = activitySegmenter, modeSegmenter = modeSegmenter
        if summary.sampleCount > 0 {
            activitySegmenter.finish(at: summary.end) { summary.activities.append($0) }
            modeSegmenter.finish(at: summary.end) { summary.modes.append($0) }
        }
        summary.samplingRate = interval.median.flatMap { $0 > 0 ? 1 / $0 : nil }
        summary.stepsRefused = stepsRefused
        if stepsRefused {
            summary.stepTimes = []
            summary.bouts = []
        }
        summary.odometer = odometer
        if odometer == nil { summary.distance = [] }
        return summary
    }
}

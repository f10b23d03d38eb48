import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO

/// A ``MotionEngine`` driven from Python (`locomotion.MotionEngine`): chunks of samples in, events out as rows of
/// four numbers in a buffer reused from push to push, so that a push allocates nothing once the buffer has grown.
///
/// An event row is `kind, time, a, b`: kind 1 activity (a: the activity's index in `MotionActivity.allCases`, b: the
/// confidence's index in `ActivityConfidence.allCases`), 2 step (time), 3 bout ended (time: its end, a: start,
/// b: steps), 4 recording mode changed (a: the mode's index in `RecordingMode.allCases`), 5 distance (time, a: the
/// day's metres), 6 samples began, 7 gap (a: its end), 8 samples ended, 9 carry (a: the state's index in
/// `CarryState.allCases`). Other events are not reported.
final class StreamingEngine {
    var engine: MotionEngine
    /// The unit of the samples pushed.
    let scale: Double
    private(set) var events: [Double] = []

    init(engine: MotionEngine, scale: Double) {
        self.engine = engine
        self.scale = scale
        events.reserveCapacity(256)
    }

    /// Pushes `count` samples; the events they produce replace the buffer's.
    func push(time: UnsafePointer<Double>, x: UnsafePointer<Double>, y: UnsafePointer<Double>, z: UnsafePointer<Double>,
              count: Int) throws(MotionEngineError) {
        events.removeAll(keepingCapacity: true)
        for index in 0..<count {
            let sample = AccelerometerSample(time: time[index], x: x[index] * scale, y: y[index] * scale, z: z[index] * scale)
            try engine.push(sample) { record($0) }
        }
    }

    /// Finishes the stream: the events of the end replace the buffer's.
    func finish() {
        events.removeAll(keepingCapacity: true)
        engine.finish { record($0) }
    }

    private func record(_ event: MotionEvent) {
        func add(_ kind: Double, _ time: Double, _ a: Double = 0, _ b: Double = 0) {
            events.append(kind)
            events.append(time)
            events.append(a)
            events.append(b)
        }
        switch event {
        case .activity(let update):
            add(1, update.start, Double(MotionActivity.allCases.firstIndex(of: update.activity) ?? -1),
                Double(ActivityConfidence.allCases.firstIndex(of: update.confidence) ?? -1))
        case .step(let time): add(2, time)
        case .boutEnded(let bout): add(3, bout.end, bout.start, Double(bout.stepCount))
        case .recording(let event):
            if event.changesMode { add(4, event.time, Double(RecordingMode.allCases.firstIndex(of: event.mode) ?? -1)) }
        case .distance(let update): add(5, update.time, update.tally.distance)
        case .samplesBegan(let time): add(6, time)
        case .gap(let from, let to): add(7, from, to)
        case .samplesEnded(let time): add(8, time)
        case .carry(let update): add(9, update.start, Double(CarryState.allCases.firstIndex(of: update.state) ?? -1))
        @unknown default: break
        }
    }
}

/// The engine's step activity gate, fed each step detector event once the activity at the event's time is final.
///
/// Activity updates hold from where the activity began, seconds before the sample that decided them; judged by the
/// decision in force when it is detected, a step would get the activity of a while ago — the first pedal strokes of
/// a ride would count as the walk before it. So an event waits until no later update can start at or before its time
/// (the settled time), then goes to the ``StepActivityGate`` after every update that starts at or before it: each
/// step is judged by the activity at its own time, as in a whole-trace computation. A bout's end is timed at its
/// last step.
///
/// Cost: O(1) amortised per event and update. Memory: the events of the last settled-time lag (with the classifier's
/// default lag, about 25 s of steps: ≤ 100), and the updates that no waiting or future event has reached yet:
/// with nothing waiting, an update that starts before every future event's time (the last event's, or a minute
/// before the latest sample — the detector looks back seconds, not a minute) is handed to the gate at once.
struct StepFeed: Sendable, Codable {
    private(set) var gate: StepActivityGate
    private var waiting = InputQueue<StepDetector.Event>()
    private var updates = InputQueue<ActivityUpdate>()
    /// Steps among the waiting events.
    private(set) var waitingStepCount = 0
    /// Time of the latest event added: events come in time order, so no later one is earlier.
    private var latestEventTime: Double?

    /// How far (s) before the latest sample the step detector may still put an event: its windows and a bout's
    /// confirmation span seconds; a minute is well beyond them.
    static let detectorReach = 60.0

    init(gate: StepActivityGate) {
        self.gate = gate
    }

    mutating func add(_ update: ActivityUpdate) {
        updates.append(update)
    }

    mutating func add(_ event: StepDetector.Event) {
        if case .step = event { waitingStepCount += 1 }
        latestEventTime = max(latestEventTime ?? -.infinity, Self.time(of: event))
        waiting.append(event)
    }

    /// A step's time, or a bout's last step's.
    private static func time(of event: StepDetector.Event) -> Double {
        switch event {
        case .step(let time): time
        case .boutEnded(let bout): bout.end
        }
    }

    /// Passes every waiting event whose time is before `settled` (all of them for `.infinity`) through the gate,
    /// after the updates that start at or before it, and calls `emit` with what the gate lets through.
    /// `latestSample` is the time of the latest sample the detector has seen (nil before any).
    mutating func settle(before settled: Double, latestSample: Double?, emit: (StepDetector.Event) -> Void) {
        while let event = waiting.first {
            let time = Self.time(of: event)
            guard time < settled else { return }
            apply(through: time)
            if case .step = event { waitingStepCount -= 1 }
            _ = waiting.removeFirst()
            gate.push(event, emit: emit)
        }
        // Nothing waits: updates before every future event's time can go to the gate now.
        let floor = max(latestEventTime ?? -.infinity, (latestSample ?? -.infinity) - Self.detectorReach)
        apply(through: min(floor, settled))
    }

    /// Hands the gate every update that starts at or before `time`, in order.
    private mutating func apply(through time: Double) {
        while let update = updates.first, update.start <= time {
            gate.push(update.activity)
            _ = updates.removeFirst()
        }
    }
}

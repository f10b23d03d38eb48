/// Keeps vehicle motion from counting as steps: while the activity in force is automotive, a bout's steps are held
/// back and count only once the bout has shown strong gait evidence — `strongBoutSteps` steps in one bout. A bumpy
/// bus ride makes short, borderline bouts (held, then dropped when they end); walking down a train's corridor makes
/// a long regular one (released in full, with its own times).
///
/// A stage of the streaming contract (<doc:StreamingStages>) between a ``StepDetector`` and whoever counts:
/// ``push(_:)-(MotionActivity)`` each activity decision as it comes (the classifier's, or the platform's), and
/// ``push(_:emit:)`` every detector event. Decisions use only what was pushed before each event, so streaming and
/// batch agree. It holds nothing back at the end of the input (a bout's end comes from the detector's `finish`), so
/// it has no `finish`. The activity in force is the latest decision
/// taken: a classifier that decides a few seconds late lets the first steps of a ride through, and holds the first
/// steps of a walk after a ride until the bout is long enough.
///
/// `Codable`, so it is part of a snapshot.
///
/// - Complexity: O(1) per event (a release is O(strongBoutSteps), once per bout). Memory: at most `strongBoutSteps`
///   held step times, reserved at `init`; no allocation per event.
@_spi(Harness) public struct StepActivityGate: Sendable, Codable, Hashable {
    /// Steps one bout needs, while the activity is automotive, before its steps count. Default 10 (about 5 s of
    /// walking): vehicle vibration rarely keeps a walking rhythm that long (its bouts on the us-tm2017 car sessions
    /// last 4–8 steps; the bus and train sessions are sampled below 8 Hz and not counted at all), while walking along
    /// a train or a ferry does. `locomotion steps` and ``MotionEngine`` take it from
    /// ``StepDetector/Configuration/strongBoutSteps`` (`--parameter strongBoutSteps=N`).
    public let strongBoutSteps: Int

    /// Whether the activity in force is automotive.
    public private(set) var isAutomotive = false
    /// Steps dropped so far (held in automotive bouts that ended too short).
    public private(set) var droppedStepCount = 0

    /// Steps held back now (in an automotive bout not yet long enough).
    public var heldStepCount: Int { held.count }

    private var held: [Double]
    private var boutSteps = 0
    private var isBoutReleased = false

    /// A gate that releases an automotive bout's steps once it reaches `strongBoutSteps` (≥ 1) steps.
    public init(strongBoutSteps: Int = 10) {
        precondition(strongBoutSteps >= 1, "strongBoutSteps must be at least 1")
        self.strongBoutSteps = strongBoutSteps
        held = []
        held.reserveCapacity(strongBoutSteps)
    }

    /// Takes the activity decided from now on.
    /// - Complexity: O(1).
    public mutating func push(_ activity: MotionActivity) {
        isAutomotive = activity == .automotive
    }

    /// Passes a detector event on, holds it, or drops it. Steps outside automotive pass at once, as do the steps of
    /// a bout that has already shown strong gait evidence; a bout's end reports the steps that passed (a bout all
    /// of whose steps were dropped is not reported).
    /// - Complexity: O(1); O(strongBoutSteps) once per released bout. No allocation.
    public mutating func push(_ event: StepDetector.Event, emit: (StepDetector.Event) -> Void) {
        switch event {
        case .step(let time):
            boutSteps += 1
            if isBoutReleased || (!isAutomotive && held.isEmpty) {
                emit(event)
            } else if boutSteps >= strongBoutSteps {
                isBoutReleased = true
                for step in held { emit(.step(time: step)) }
                held.removeAll(keepingCapacity: true)
                emit(event)
            } else {
                held.append(time)
            }
        case .boutEnded(var bout):
            let dropped = held.count
            droppedStepCount += dropped
            held.removeAll(keepingCapacity: true)
            boutSteps = 0
            isBoutReleased = false
            bout.stepCount -= dropped
            if bout.stepCount > 0 { emit(.boutEnded(bout)) }
        }
    }
}

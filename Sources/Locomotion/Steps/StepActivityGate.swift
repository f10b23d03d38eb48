/// Keeps vehicle motion and pedalling from counting as steps.
///
/// - While the activity in force is **automotive**, a bout's steps are held back and count only once the bout has
///   shown strong gait evidence — `strongBoutSteps` steps in one bout. A bumpy bus ride makes short, borderline
///   bouts (held, then dropped when they end); walking down a train's corridor makes a long regular one (released
///   in full, with its own times).
/// - While it is **cycling**, every step is dropped: pedalling is as long and regular as a walk (one "step" a
///   crank turn), so no length proves a walk. A bout that lost steps this way is reported from its first to its
///   last counted step, with the steps that counted (a bout none of whose steps counted is not reported).
///
/// A stage of the streaming contract (<doc:StreamingStages>) between a ``StepDetector`` and whoever counts:
/// ``push(_:)-(MotionActivity)`` each activity decision as it comes (the classifier's, or the platform's), and
/// ``push(_:emit:)`` every detector event. Decisions use only what was pushed before each event, so streaming and
/// batch agree. It holds nothing back at the end of the input (a bout's end comes from the detector's `finish`), so
/// it has no `finish`. The activity in force is the latest decision taken. Pushed the moment a classifier decides,
/// that lags the steps: the first steps of a ride would pass and the first of a walk after it be judged as the
/// ride. ``MotionEngine`` therefore pushes each step once the activity at its time is final, after the decisions
/// that start before it (``ActivityClassifier/settledTime``): each step is judged by the activity at its own time.
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

    /// The activity in force: the latest pushed (`unknown` before the first).
    public private(set) var activity: MotionActivity = .unknown
    /// Whether the activity in force is automotive.
    public var isAutomotive: Bool { activity == .automotive }
    /// Whether the activity in force is cycling.
    public var isCycling: Bool { activity == .cycling }
    /// Steps dropped so far (held in automotive bouts that ended too short, or taken while cycling).
    public private(set) var droppedStepCount = 0

    /// Steps held back now (in an automotive bout not yet long enough).
    public var heldStepCount: Int { held.count }

    private var held: [Double]
    private var boutSteps = 0
    private var isBoutReleased = false
    /// Steps of the current bout dropped while cycling, and the first and last of its steps that counted.
    private var droppedWhileCycling = 0
    private var firstCounted: Double?
    private var lastCounted: Double?

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
        self.activity = activity
    }

    /// Passes a detector event on, holds it, or drops it. Steps outside automotive pass at once, as do the steps of
    /// a bout that has already shown strong gait evidence; a bout's end reports the steps that passed (a bout all
    /// of whose steps were dropped is not reported).
    /// - Complexity: O(1); O(strongBoutSteps) once per released bout. No allocation.
    public mutating func push(_ event: StepDetector.Event, emit: (StepDetector.Event) -> Void) {
        // Every step that counts goes out through here, so the bout's counted span is known at its end.
        func count(_ time: Double) {
            if firstCounted == nil { firstCounted = time }
            lastCounted = time
            emit(.step(time: time))
        }
        switch event {
        case .step(let time):
            boutSteps += 1
            if isCycling {
                droppedStepCount += 1
                droppedWhileCycling += 1
            } else if isBoutReleased || (!isAutomotive && held.isEmpty) {
                count(time)
            } else if boutSteps >= strongBoutSteps {
                isBoutReleased = true
                for step in held { count(step) }
                held.removeAll(keepingCapacity: true)
                count(time)
            } else {
                held.append(time)
            }
        case .boutEnded(var bout):
            let dropped = held.count
            droppedStepCount += dropped
            held.removeAll(keepingCapacity: true)
            bout.stepCount -= dropped + droppedWhileCycling
            if droppedWhileCycling > 0, let first = firstCounted, let last = lastCounted {
                bout.start = first
                bout.end = last
            }
            boutSteps = 0
            isBoutReleased = false
            droppedWhileCycling = 0
            firstCounted = nil
            lastCounted = nil
            if bout.stepCount > 0 { emit(.boutEnded(bout)) }
        }
    }
}

extension StepActivityGate {
    private enum CodingKeys: String, CodingKey {
        case strongBoutSteps, activity, isAutomotive, droppedStepCount, held, boutSteps, isBoutReleased
        case droppedWhileCycling, firstCounted, lastCounted
    }

    /// Decodes a gate; one written before cycling was gated (which kept only whether a vehicle was in force) reads
    /// as automotive or unknown.
    /// - Throws: `DecodingError.dataCorrupted` when `strongBoutSteps` is below 1, more steps are held than it, or a
    ///   count is negative.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let strongBoutSteps = try c.decode(Int.self, forKey: .strongBoutSteps)
        let held = try c.decode([Double].self, forKey: .held)
        guard strongBoutSteps >= 1, held.count <= strongBoutSteps else {
            throw DecodingError.dataCorruptedError(forKey: .held, in: c, debugDescription:
                "\(held.count) held steps for strongBoutSteps \(strongBoutSteps)")
        }
        self.init(strongBoutSteps: strongBoutSteps)
        if let activity = try c.decodeIfPresent(MotionActivity.self, forKey: .activity) {
            self.activity = activity
        } else {
            activity = try c.decodeIfPresent(Bool.self, forKey: .isAutomotive) == true ? .automotive : .unknown
        }
        self.held.append(contentsOf: held)
        droppedStepCount = try c.decode(Int.self, forKey: .droppedStepCount)
        boutSteps = try c.decode(Int.self, forKey: .boutSteps)
        isBoutReleased = try c.decode(Bool.self, forKey: .isBoutReleased)
        droppedWhileCycling = try c.decodeIfPresent(Int.self, forKey: .droppedWhileCycling) ?? 0
        firstCounted = try c.decodeIfPresent(Double.self, forKey: .firstCounted)
        lastCounted = try c.decodeIfPresent(Double.self, forKey: .lastCounted)
        guard droppedStepCount >= 0, boutSteps >= 0, droppedWhileCycling >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .droppedStepCount, in: c, debugDescription: "a negative count")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(strongBoutSteps, forKey: .strongBoutSteps)
        try c.encode(activity, forKey: .activity)
        try c.encode(droppedStepCount, forKey: .droppedStepCount)
        try c.encode(held, forKey: .held)
        try c.encode(boutSteps, forKey: .boutSteps)
        try c.encode(isBoutReleased, forKey: .isBoutReleased)
        try c.encode(droppedWhileCycling, forKey: .droppedWhileCycling)
        try c.encodeIfPresent(firstCounted, forKey: .firstCounted)
        try c.encodeIfPresent(lastCounted, forKey: .lastCounted)
    }
}

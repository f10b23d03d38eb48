/// The rule behind an ``ActivityUpdate``: which row of the decision table in `Docs/activity.md` decided the window
/// that supports it, or where else the update came from. Raw values are stable identifiers, written in the `rule`
/// field of `locomotion label --format json`.
///
/// The window rules are tried in the order of their numbers; the first that matches decides (rules 1–11 at input
/// rates of at least `rhythmMinimumInputRate`, L1–L6 below it). Every rule's condition and thresholds are in
/// `Docs/activity.md`.
public enum ActivityRule: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// 0. Fewer than `minimumInputRate` input samples per second: no decision (`unknown`).
    case sparseInput = "sparse-input"
    /// 1. Little variance: stationary.
    case still
    /// 1b. Little variance, but a fix says vehicle speed: automotive (a smooth train or highway).
    case speedSmoothRide = "speed-smooth-ride"
    /// 1c. A smooth rhythm of a crank turn (once every 0.75–2 s), the phone turning with the leg, without heel
    /// strikes: cycling.
    case pedalling
    /// 2. Periodic gait at a step cadence with running impacts and cadence: running.
    case gaitRunning = "gait-running"
    /// 3. Periodic gait at a step cadence: walking.
    case gaitWalking = "gait-walking"
    /// 4. Strong motion at a step cadence with an irregular rhythm: walking (low confidence).
    case weakGaitWalking = "weak-gait-walking"
    /// 5. The phone swaying as it does in a walking hand or pocket, without a clean rhythm: walking (low confidence).
    case swayWalking = "sway-walking"
    /// 6. No gait, vehicle speed from a fix: automotive.
    case speedVehicle = "speed-vehicle"
    /// 7. No gait, bicycle speed from a fix: cycling.
    case speedNoGaitCycling = "speed-no-gait-cycling"
    /// 8. No gait, the phone tilted a lot (handled): unknown.
    case handling
    /// 9. No gait, the phone turned in the hand while its magnitude barely varies: stationary (low confidence).
    case handlingInPlace = "handling-in-place"
    /// 10. No gait, vibration of vehicle size: automotive.
    case vibrationNoGait = "vibration-no-gait"
    /// 11. Anything stronger without gait: unknown (conflicting evidence).
    case strongAperiodic = "strong-aperiodic"
    /// L1. Input below the rhythm rate, little energy: stationary.
    case lowRateStill = "low-rate-still"
    /// L2. Input below the rhythm rate with gait-sized energy: walking (low confidence).
    case lowRateEnergyWalking = "low-rate-energy-walking"
    /// L3. Input below the rhythm rate, the phone swaying as in walking: walking (low confidence).
    case lowRateSwayWalking = "low-rate-sway-walking"
    /// L5. Input below the rhythm rate, vibration of vehicle size: automotive (low confidence).
    case lowRateVibration = "low-rate-vibration"
    /// The first update of a classifier: `unknown` until the first window is complete.
    case warmUp = "warm-up"
    /// A gap in the input: `unknown` from the last sample before it.
    case gap
    /// An update made outside the classifier (the platform's activity recognition, a test).
    case given
    /// An update made from a ground-truth label (replaying a labelled trace).
    case label

    /// The raw value, e.g. `gait-walking`.
    public var description: String { rawValue }
}

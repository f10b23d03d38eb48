import Locomotion
import LocomotionIO

/// What the simulated person is doing during one part of a simulated day.
package enum SimulatedActivity: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Phone on the nightstand: sensor noise only.
    case sleep
    /// At home: phone on a table, picked up now and then.
    case still
    /// At a desk: phone on the desk, typing vibration, frequent pickups.
    case desk
    /// Standing (at a bus stop), phone in a pocket: body sway.
    case waiting
    /// Walking, phone in a trouser pocket or in the hand.
    case walking
    /// Running, phone in an armband or pocket.
    case running
    /// Cycling, phone in a trouser pocket (moves with the thigh).
    case cycling
    /// Riding a bus: stops, engine and road vibration.
    case bus
    /// Riding in a car: faster, fewer stops.
    case car
    /// The recording app was suspended: no samples and no fixes.
    case gap

    /// The ground-truth label written for this activity; nil for a gap (no rows).
    package var label: MotionActivity? {
        switch self {
        case .sleep, .still, .desk, .waiting: .stationary
        case .walking: .walking
        case .running: .running
        case .cycling: .cycling
        case .bus, .car: .automotive
        case .gap: nil
        }
    }

    package var description: String { rawValue }
}

/// One part of a simulated schedule: an activity held for a duration.
package struct SimulatedSegment: Sendable, Hashable {
    /// What the person does.
    package var activity: SimulatedActivity
    /// How long, in seconds.
    package var duration: Double

    package init(activity: SimulatedActivity, duration: Double) {
        self.activity = activity
        self.duration = duration
    }
}

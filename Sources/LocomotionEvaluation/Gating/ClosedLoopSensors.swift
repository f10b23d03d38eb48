import Locomotion

/// What a collector that applies every `RecordingProfile` the engine emits would have received of a recorded
/// trace: the closed loop between the gate's decisions and the sensors that feed it.
///
/// A recording holds every sample its phone delivered at full rate and every fix it logged. A collector that
/// follows the profiles receives less: in low power the accelerometer runs at the profile's rate (0: off) and the
/// location service filters by distance. Replaying a recording with this value between the rows and the engine
/// shows whether the engine still sees what it needs to leave low power — the open-loop replay (every row to the
/// engine whatever the mode) cannot.
///
/// The rules (Docs/gating.md → *Closed loop*):
/// - **Latency.** A profile emitted while the engine takes an input applies from the next input the collector
///   handles (row or fix) on: the time an app takes to reconfigure its sensors between two callbacks.
/// - **Accelerometer.** The recording stands for the sensor at `fullRate` (the high-accuracy profile's rate). A
///   profile at that rate or above receives every row. A lower rate R receives, of the rows, the first at or after
///   each tick of a clock at R samples/s started where the profile was applied (a phone's sensor queue at R; a
///   recording sparser than R is received whole). Rate 0 receives nothing: time then passes only through
///   `MotionEngine.advance(to:)`, which the caller calls at every row not received (``isAccelerometerOff``), as an
///   app with the accelerometer off calls it from its timers.
/// - **Fixes.** The first fix after a profile is applied is received (restarting location updates delivers one),
///   then only fixes at least the profile's distance filter (geodesic metres) from the last one received; the
///   maximal filter receives none after the first. Positions and stated accuracies are the recorded ones: a
///   recording cannot show the coarser positions a 3 km accuracy request gets, only the fixes it would not get.
///
/// A stage of the streaming contract: ``observe(_:)`` every event of the engine, then ask about each row
/// (``receives(sampleAt:)``) and each fix (``receives(_:)``) in time order before handing it over.
/// - Complexity: O(1) per question and per event; no allocation.
package struct ClosedLoopSensors: Sendable, Hashable {
    /// The accelerometer rate (Hz) the recording stands for: a profile asking for at least this receives every row.
    package let fullRate: Double
    /// The profile in force.
    package private(set) var profile: RecordingProfile
    /// Rows and fixes received and not received so far.
    package private(set) var counts = ClosedLoopCounts()

    /// A profile emitted but not yet applied (it applies at the next input).
    private var pending: RecordingProfile?
    /// When the profile in force was applied (s), nil before the first input.
    private var appliedAt: Double?
    /// The next tick of the accelerometer clock at a thinned rate (s).
    private var nextTick: Double?
    /// The last fix received under the profile in force, for the distance filter.
    private var lastFix: LocationFix?

    /// A collector whose sensors start with `profile` (an app applies its engine's `MotionEngine.profile` before
    /// the first input) and whose recording stands for the accelerometer at `fullRate` Hz.
    package init(profile: RecordingProfile, fullRate: Double) {
        self.profile = profile
        self.fullRate = fullRate
    }

    /// A collector for an engine with `configuration`: starting with the profile of a fresh gate (low power), the
    /// recording standing for the high-accuracy profile's accelerometer rate.
    package init(configuration: RecordingGate.Configuration) {
        self.init(profile: RecordingGate(configuration: configuration).profile,
                  fullRate: configuration.highAccuracyProfile.accelerometerRate)
    }

    /// True while the profile in force turns the accelerometer off: the caller advances the engine to the time of
    /// each row not received.
    package var isAccelerometerOff: Bool { !(profile.accelerometerRate > 0) }

    /// Takes an event of the engine: a mode switch's profile applies from the next input on.
    /// - Complexity: O(1).
    package mutating func observe(_ event: MotionEvent) {
        if let profile = event.profileToApply { pending = profile }
    }

    /// Whether the collector receives the recorded sample at `time` (s, rows in time order).
    /// - Complexity: O(1).
    package mutating func receives(sampleAt time: Double) -> Bool {
        apply(at: time)
        let received = accelerometerReceives(at: time)
        if received { counts.samplesReceived += 1 } else { counts.samplesNotReceived += 1 }
        return received
    }

    /// Whether the collector receives the recorded `fix` (fixes in time order; a fix without a time is judged by
    /// the distance filter alone, a fix without a valid position is passed on for the engine to refuse).
    /// - Complexity: O(1).
    package mutating func receives(_ fix: LocationFix) -> Bool {
        if fix.time.isFinite { apply(at: fix.time) }
        // A fix without a valid position goes on, for the engine to refuse as it would in the open loop.
        guard fix.hasValidPosition else { return true }
        if let last = lastFix, Geodesic.distance(from: last, to: fix) < profile.distanceFilter {
            counts.fixesNotReceived += 1
            return false
        }
        lastFix = fix
        counts.fixesReceived += 1
        return true
    }

    /// Applies the pending profile at `time`: the accelerometer clock and the distance filter start afresh.
    private mutating func apply(at time: Double) {
        if appliedAt == nil { appliedAt = time }
        guard let next = pending else { return }
        pending = nil
        guard next != profile else { return }
        profile = next
        appliedAt = time
        nextTick = time
        lastFix = nil
    }

    private mutating func accelerometerReceives(at time: Double) -> Bool {
        let rate = profile.accelerometerRate
        guard rate > 0 else { return false }
        guard rate < fullRate else { return true }
        let tick = nextTick ?? appliedAt ?? time
        guard time >= tick else {
            nextTick = tick
            return false
        }
        // The first tick after `time`: a recording sparser than the rate skips ticks instead of bunching samples.
        let period = 1 / rate
        nextTick = tick + period * ((time - tick) / period + 1).rounded(.down)
        return true
    }
}

/// How much of a recording a closed-loop replay's collector received (``ClosedLoopSensors``).
package struct ClosedLoopCounts: Sendable, Hashable, Codable {
    /// Accelerometer rows received, and rows not received (the accelerometer off or slower than the recording).
    package var samplesReceived = 0
    package var samplesNotReceived = 0
    /// Location fixes received, and fixes the distance filter withheld.
    package var fixesReceived = 0
    package var fixesNotReceived = 0

    /// No rows or fixes yet.
    package init() {}
}

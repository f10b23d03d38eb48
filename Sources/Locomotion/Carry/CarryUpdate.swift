/// A decision of a ``CarryDetector``: from ``start`` on (until the next update), the phone is in ``state``, because of
/// ``reason``, with the evidence that decided it (in ``description``).
public struct CarryUpdate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Start (s, the samples' clock) of the stretch the decision covers. Decisions are back-dated to where their
    /// evidence begins — a phone put down is reported not carried from the start of its still stretch, once that
    /// stretch has lasted `minimumStillDuration` (45 s, a tuning parameter of ``CarryDetector/Configuration``) — so
    /// starts never decrease from one update to the next, but may lie up to that long before the sample that
    /// completed the update.
    public var start: Double
    /// Carried, not carried, or unknown.
    public var state: CarryState
    /// The rule behind the decision.
    public var reason: CarryReason
    /// How far (g) the one-second means of the deciding window moved beyond what the sensor's noise explains
    /// (the larger excess of the detector's two tests; 0 when they moved less); 0 for ``CarryReason/warmUp``,
    /// ``CarryReason/gap`` and ``CarryReason/resumed``.
    package var excessDeviation: Double
    /// The sensor noise (g, per sample, the length of the noise vector) estimated from consecutive samples in the
    /// deciding window; 0 when no window decided.
    package var noiseDeviation: Double

    /// An update with every field given.
    package init(start: Double, state: CarryState, reason: CarryReason, excessDeviation: Double = 0,
                 noiseDeviation: Double = 0) {
        self.start = start
        self.state = state
        self.reason = reason
        self.excessDeviation = excessDeviation
        self.noiseDeviation = noiseDeviation
    }

    /// "not-carried from 12.0 s: noise-floor (excess 0.30 mg, noise 2.80 mg)".
    public var description: String {
        let evidence = reason == .movement || reason == .noiseFloor
            ? " (excess \(Self.milligravities(excessDeviation)) mg, noise \(Self.milligravities(noiseDeviation)) mg)" : ""
        return "\(state.rawValue) from \((start * 10).rounded() / 10) s: \(reason.rawValue)\(evidence)"
    }

    private static func milligravities(_ value: Double) -> String {
        let hundredths = (value * 100_000).rounded()
        return hundredths.isFinite ? String(hundredths / 100) : String(value * 1000)
    }
}

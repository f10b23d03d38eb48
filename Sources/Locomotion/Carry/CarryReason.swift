/// Why a ``CarryDetector`` reported what it did (``CarryUpdate/reason``). The thresholds named are tuning parameters
/// of ``CarryDetector/Configuration``.
public enum CarryReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// Unknown: the input has just begun and no window is complete yet.
    case warmUp = "warm-up"
    /// Unknown: no sample for longer than `maximumGap`; nothing is assumed across it.
    case gap
    /// Carried: the one-second means of the acceleration moved more than the sensor's noise explains
    /// (`maximumExcessDeviation`).
    case movement
    /// Not carried: every window of a still stretch of `minimumStillDuration` stayed
    /// within the sensor's noise floor.
    case noiseFloor = "noise-floor"
    /// Not carried: the phone was not carried before a gap and its gravity vector after the gap is where it was
    /// (within `resumeTolerance`): it has not been moved, or was put back as it lay.
    case resumed
}

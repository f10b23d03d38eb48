/// One thing a ``MotionEngine`` reports.
///
/// The events of one engine come in the order the engine decided them, which is the time order of its inputs;
/// each carries its own time in the inputs' clock (seconds). Two kinds may point back in time: an activity update
/// holds from where the activity began (up to ``ActivityClassifier/settledTime`` before the latest sample), and
/// steps are reported when their bout is confirmed (a few seconds after they happened). Every event is derived from
/// the inputs alone, so a per-epoch or per-day table can be built from the events without the samples:
/// activity seconds from ``activity(_:)`` starts, steps and bouts, recording-mode share from ``recording(_:)``,
/// distance from ``distance(_:)``, and coverage from ``samplesBegan(time:)``, ``gap(from:to:)`` and
/// ``samplesEnded(time:)``.
public enum MotionEvent: Sendable, Hashable, Codable {
    /// The activity from `update.start` on (until the next update), with its confidence and the rule and features
    /// that decided it. Starts never decrease from one update to the next.
    case activity(ActivityUpdate)
    /// A counted step at `time` (s). Steps come in time order.
    case step(time: Double)
    /// A walking bout ended (a pause, a gap, loss of rhythm, or the end of the input).
    case boutEnded(WalkingBout)
    /// The recording gate changed state. When `event.changesMode` is true the collector switches its sensors to
    /// `event.profile` (location accuracy and distance filter, accelerometer rate).
    case recording(RecordingGate.Event)
    /// The odometer took a location fix: what it did with it and the tally of the fix's local day.
    case distance(DistanceUpdate)
    /// The first accelerometer sample, at `time` (s).
    case samplesBegan(time: Double)
    /// No accelerometer sample between `from` and `to` (s): the step between two samples was longer than
    /// ``MotionEngine/Configuration/gapLimit`` (the app was suspended, the sensor off). Nothing is invented across it.
    case gap(from: Double, to: Double)
    /// The input ended (``MotionEngine/finish(emit:)``); `time` is the last sample's time (s).
    case samplesEnded(time: Double)

    /// The sensor settings to apply now, when this event switches the recording mode; else nil.
    public var profileToApply: RecordingProfile? {
        guard case .recording(let event) = self, event.changesMode else { return nil }
        return event.profile
    }
}

import LocomotionDSP

/// One input of a ``MotionEngine``: a sample, a location fix (with what the fix order made of it), a break between
/// track segments, or an activity update from outside the engine.
///
/// **The recording order.** Every consumer of a recording takes its inputs in one order, so that the phone, the
/// command-line tool and a replay decide alike: each fix before the first sample that is not earlier than it (at
/// equal times the fix first), then the activity update that starts with the sample, then the sample. The fixes
/// follow the fix rule of ``RecordedInputs`` (a fix earlier than the fix before it is no evidence, a fix without a
/// time counts only in the odometer's undated tally, a track-segment break keeps its place among the fixes).
/// ``RecordedInputs`` hands out a recorded trace's inputs in this order; ``MotionEngine`` merges the inputs an app
/// pushes as they come into the same order (``MotionEngine/Configuration/maximumSkew``); ``ActivityClassifier``'s
/// batch functions, `RecordedTrace` (LocomotionIO, every command of the tool) and the replays of
/// LocomotionEvaluation take them from ``RecordedInputs``.
public enum MotionInput: Sendable, Hashable {
    /// A location fix in time order: speed evidence for the classifier, position evidence for the gate, a fix for
    /// the odometer.
    case fix(LocationFix)
    /// A fix earlier than the latest fix before it: no evidence; the odometer counts it as out of order.
    case outOfOrderFix(LocationFix)
    /// A fix without a time (NaN: a GPX point without `<time>`): the odometer's undated tally only.
    case untimedFix(LocationFix)
    /// A new track segment starts: the odometer adds no distance between the fixes on either side.
    case segmentBreak
    /// An activity update from outside the engine (``ActivitySource/external``): the platform's, or a label.
    case activity(ActivityUpdate)
    /// An accelerometer sample (time s, acceleration g including gravity).
    case sample(AccelerometerSample)
}

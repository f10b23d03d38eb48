/// Where a ``MotionEngine``'s activity comes from: decided by an ``ActivityClassifier`` from the samples, or given
/// from outside.
///
/// `Codable` (part of a ``MotionEngine/Configuration`` and so of an engine's snapshot) as `{"classifier":{"_0":…}}`
/// or `{"external":{}}`.
public enum ActivitySource: Sendable, Hashable, Codable {
    /// An ``ActivityClassifier`` with this configuration, fed the accelerometer samples and the fixes' speeds.
    case classifier(ActivityClassifier.Configuration)
    /// Activity updates from outside: the platform's own activity recognition pushed by the app
    /// (``MotionEngine/push(_:emit:)-(ActivityUpdate,_)``), or ground-truth labels when replaying a labelled trace
    /// (``RecordedInputs`` makes an update at every change of the samples' label).
    case external
}

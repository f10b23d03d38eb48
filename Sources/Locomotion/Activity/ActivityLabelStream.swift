/// Ground-truth labels as a stream of activity updates: given the label of each sample in time order, it emits an
/// update at the first sample and at every change of the label, starting at that sample, with a fixed confidence
/// and the rule ``ActivityRule/label``: the activity of ``RecordedInputs`` with activity from labels, in place of a
/// classifier's decisions.
///
/// A stage of the streaming contract (<doc:StreamingStages>); it holds nothing back, so it has no `finish`.
/// - Complexity: O(1) per sample, constant memory.
package struct ActivityLabelStream: Sendable, Hashable, Codable {
    /// The confidence every update carries (`high` makes a recording gate skip its entry dwell).
    package let confidence: ActivityConfidence
    /// The label of the latest sample, nil before the first.
    package private(set) var label: MotionActivity?

    /// A stream whose updates carry `confidence`.
    package init(confidence: ActivityConfidence = .medium) {
        self.confidence = confidence
    }

    /// Takes the label of the sample at `time` (s; `nil`, an unlabelled sample, reads as ``MotionActivity/unknown``)
    /// and calls `emit` with an update when it differs from the previous sample's.
    /// - Complexity: O(1).
    package mutating func push(_ label: MotionActivity?, at time: Double, emit: (ActivityUpdate) -> Void) {
        let label = label ?? .unknown
        guard label != self.label else { return }
        self.label = label
        emit(ActivityUpdate(start: time, activity: label, confidence: confidence,
                            explanation: ActivityExplanation(rule: .label)))
    }
}

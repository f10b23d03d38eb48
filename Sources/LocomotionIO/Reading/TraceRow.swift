import Locomotion
import LocomotionDSP

/// One row of an accelerometer trace as read from a file.
public struct TraceRow: Sendable, Hashable {
    /// The reading, converted to g.
    public var sample: AccelerometerSample
    /// The ground-truth activity of the `label` column, or nil when the file has
    /// no such column or the field is empty.
    public var label: MotionActivity?
    /// 1-based line number of the row in its file, for messages.
    public var line: Int

    public init(sample: AccelerometerSample, label: MotionActivity? = nil, line: Int) {
        self.sample = sample
        self.label = label
        self.line = line
    }
}

import LocomotionIO

/// One recording of a public dataset in canonical form.
package struct ConvertedRecording: Sendable {
    /// Output base name (no extension), keeping the dataset's subject, mode
    /// and position, e.g. `us-tm2017_Damiano_Car_1485092234910`.
    package var name: String
    /// The native file it came from.
    package var source: String
    /// The samples in g with a ground-truth label per sample.
    package var trace: Trace
    /// True step times in the trace's clock (seconds), when the dataset has them.
    package var stepTimes: [Double]?
    /// Ground speeds logged with the recording, in file order, when the dataset has them (us-tm2017).
    package var speeds: [LoggedSpeed]?
    /// Steps the truth has but did not time (the reference saw a step and could not place it): for each, the
    /// seconds between which it happened (the neighbouring timed steps, or the walking bout's edges). Not in
    /// `stepTimes`; the true step count is `stepTimes.count + untimedSteps.count`.
    package var untimedSteps: [ClosedRange<Double>]
    /// Native rows dropped: other sensors are not counted; malformed,
    /// non-finite, negative-time, backwards or duplicate-time accelerometer rows are.
    package var skippedRowCount: Int
    /// The native line (1-based) of the first row dropped, when the adapter reads lines; nil otherwise.
    package var firstSkippedLine: Int?

    /// The true number of steps (timed and untimed); nil when the dataset has no step truth.
    package var trueStepCount: Int? { stepTimes.map { $0.count + untimedSteps.count } }

    package init(name: String, source: String, trace: Trace, stepTimes: [Double]? = nil, speeds: [LoggedSpeed]? = nil,
                skippedRowCount: Int = 0, untimedSteps: [ClosedRange<Double>] = []) {
        self.name = name
        self.source = source
        self.trace = trace
        self.stepTimes = stepTimes
        self.speeds = speeds
        self.skippedRowCount = skippedRowCount
        self.untimedSteps = untimedSteps
    }
}

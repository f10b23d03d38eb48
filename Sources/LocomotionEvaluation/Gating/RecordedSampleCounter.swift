import Locomotion

/// The recorded-sample count of a ``ReplaySummary``: how many samples fall in high-accuracy time, in one sweep over
/// the samples and the gate's mode segments, both in time order. Segments are half-open, `[start, end)`, but for
/// the last, which holds its end. Shared by the batch summary (every segment known) and ``ReplayRecorder`` (segments
/// known as the gate moves on), so both count alike.
struct RecordedSampleCounter: Sendable {
    /// Samples counted, and of those the samples in high-accuracy time.
    private(set) var sampleCount = 0
    private(set) var recordedCount = 0
    /// The segments closed so far, in time order, and the first one a later sample can fall in.
    private var segments: [RecordingGate.Segment] = []
    private var index = 0

    /// Adds the next closed segment.
    mutating func append(_ segment: RecordingGate.Segment) {
        segments.append(segment)
    }

    /// Counts a sample the gate has moved past: every event that can place it has come, so it lies in a closed
    /// segment or in `open`, the one still open (whose end is later).
    mutating func countSettled(at time: Double, open: RecordingGate.Segment?) {
        sampleCount += 1
        while index < segments.count && segments[index].end <= time { index += 1 }
        guard let segment = index < segments.count ? segments[index] : open else { return }
        if segment.mode == .highAccuracy && time >= segment.start { recordedCount += 1 }
    }

    /// Counts a sample once every segment is known (the last one appended and closed at the end).
    mutating func countFinal(at time: Double) {
        sampleCount += 1
        while index < segments.count && segments[index].end <= time && index < segments.count - 1 { index += 1 }
        guard index < segments.count else { return }
        let segment = segments[index]
        if segment.mode == .highAccuracy && time >= segment.start && time <= segment.end { recordedCount += 1 }
    }
}

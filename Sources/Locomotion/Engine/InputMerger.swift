import Foundation
import LocomotionDSP

/// An input of the engine's fix stream: fixes, and what must stay in their order for the odometer.
enum FixStreamItem: Sendable, Codable {
    case fix(LocationFix)
    /// A fix without a time (NaN), for the odometer's undated tally only.
    case untimedFix(LocationFix)
    /// A fix earlier than the fix before it: no evidence, for the odometer only (which counts it as out of order).
    case outOfOrderFix(LocationFix)
    /// The fix stream was interrupted (a new GPX track segment): no distance to the next fix.
    case segmentBreak
    /// From here on, days are local days in this zone.
    case timeZone(TimeZone)

    /// The item's time, nil for the items that have none.
    var time: Double? {
        if case .fix(let fix) = self { return fix.time }
        return nil
    }
}

/// The engine's input streams.
enum InputStream: Sendable {
    case samples, fixes, updates
}

/// Merges the engine's input streams (samples, the fix stream, external activity updates) into one time-ordered
/// stream, tolerating a bounded skew between them.
///
/// Each stream is in time order by itself. An input is released once nothing earlier can still come: when every
/// stream has an input waiting (a stream's next input is never earlier than its waiting one), when it is more than
/// `maximumSkew` older than the latest input pushed (the caller's promise), or when the caller flushes. At equal
/// times fixes go first, then activity updates, then samples: the recording order (``MotionInput``). Items of the
/// fix stream without a time (untimed and out-of-order fixes, breaks, zone changes) are released as soon as they
/// are first in their stream, as ``RecordedInputs`` hands them out.
struct InputMerger: Sendable, Codable {
    let maximumSkew: Double
    let mergesActivity: Bool
    private var samples = InputQueue<AccelerometerSample>()
    private var fixes = InputQueue<FixStreamItem>()
    private var updates = InputQueue<ActivityUpdate>()
    /// The latest time pushed on any stream.
    private(set) var latestTime: Double?
    /// The time of the latest input released (or flushed through); an input earlier than this is late.
    private(set) var releasedTime: Double?

    init(maximumSkew: Double, mergesActivity: Bool) {
        self.maximumSkew = maximumSkew
        self.mergesActivity = mergesActivity
    }

    /// Inputs waiting for their turn.
    var waitingCount: Int { samples.count + fixes.count + updates.count }

    /// True when an input at `time` comes after an input released after it (the skew promise was broken).
    func isLate(_ time: Double) -> Bool {
        releasedTime.map { time < $0 } ?? false
    }

    mutating func push(_ sample: AccelerometerSample) {
        samples.append(sample)
        note(sample.time)
    }

    mutating func push(_ item: FixStreamItem) {
        fixes.append(item)
        if let time = item.time { note(time) }
    }

    mutating func push(_ update: ActivityUpdate) {
        updates.append(update)
        note(update.start)
    }

    private mutating func note(_ time: Double) {
        latestTime = max(latestTime ?? time, time)
    }

    /// The stream whose next input may be processed, if any; `through` releases every input up to that time
    /// whatever the skew (`.infinity`: everything waiting). Take the input with ``takeSample()``,
    /// ``takeFixStreamItem()`` or ``takeUpdate()``. (Only the stream is returned: an input of any kind would be the
    /// size of the largest, an activity update of a few hundred bytes, copied for every sample.)
    mutating func nextStream(through limit: Double = -.infinity) -> InputStream? {
        if let item = fixes.first, item.time == nil { return .fixes }
        // The earliest head, fixes before updates before samples at equal times.
        var best: (time: Double, stream: InputStream)?
        if let fix = fixes.first?.time { best = (fix, .fixes) }
        if let update = updates.first?.start, best.map({ update < $0.time }) ?? true { best = (update, .updates) }
        if let sample = samples.first?.time, best.map({ sample < $0.time }) ?? true { best = (sample, .samples) }
        guard let best else { return nil }
        let everyStreamWaiting = !samples.isEmpty && !fixes.isEmpty && (!mergesActivity || !updates.isEmpty)
        let watermark = (latestTime ?? -.infinity) - maximumSkew
        guard everyStreamWaiting || best.time < watermark || best.time <= limit else { return nil }
        releasedTime = max(releasedTime ?? best.time, best.time)
        return best.stream
    }

    /// The first waiting sample (``nextStream(through:)`` said `.samples`).
    mutating func takeSample() -> AccelerometerSample { samples.removeFirst() }
    /// The first waiting item of the fix stream.
    mutating func takeFixStreamItem() -> FixStreamItem { fixes.removeFirst() }
    /// The first waiting activity update.
    mutating func takeUpdate() -> ActivityUpdate { updates.removeFirst() }

    /// Marks everything up to `time` as delivered: a later input earlier than it is late.
    mutating func close(through time: Double) {
        releasedTime = max(releasedTime ?? time, time)
    }
}

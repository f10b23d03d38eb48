import Foundation
import LocomotionDSP

// The names the stages had before they followed one streaming contract (<doc:StreamingStages>), forwarding to the
// new ones so that code written against them still builds, with a warning naming the replacement. CHANGELOG.md
// lists old → new. They will be removed in a later release.

extension StepDetector {
    // Disfavoured: a trailing closure would otherwise match both spellings.
    @_disfavoredOverload @available(*, deprecated, renamed: "push(_:emit:)")
    public mutating func push(_ sample: AccelerometerSample, onEvent: (Event) -> Void) { push(sample, emit: onEvent) }

    @_disfavoredOverload @available(*, deprecated, renamed: "finish(emit:)")
    public mutating func finish(onEvent: (Event) -> Void) { finish(emit: onEvent) }
}

extension ActivityClassifier {
    @available(*, deprecated, message: "use push(_:emit:)")
    public mutating func push(_ sample: AccelerometerSample) -> [ActivityUpdate] {
        var updates: [ActivityUpdate] = []
        push(sample) { updates.append($0) }
        return updates
    }

    @available(*, deprecated, message: "use finish(emit:)")
    public mutating func finish() -> [ActivityUpdate] {
        var updates: [ActivityUpdate] = []
        finish { updates.append($0) }
        return updates
    }
}

extension ActivitySegmenter {
    @available(*, deprecated, renamed: "push(_:emit:)")
    public mutating func add(_ update: ActivityUpdate, emit: (ActivitySegment) -> Void) { push(update, emit: emit) }
}

extension RecordingGate.Segmenter {
    @available(*, deprecated, message: "use push(_:emit:)")
    public mutating func push(_ event: RecordingGate.Event) -> RecordingGate.Segment? {
        var closed: RecordingGate.Segment?
        push(event) { closed = $0 }
        return closed
    }

    @available(*, deprecated, message: "use finish(at:emit:)")
    public mutating func finish(at time: Double) -> RecordingGate.Segment? {
        var closed: RecordingGate.Segment?
        finish(at: time) { closed = $0 }
        return closed
    }
}

extension RecordingGate {
    @available(*, deprecated, message: "use push(_:emit:)")
    public mutating func process(_ input: RecordingGate.Input, into events: inout [RecordingGate.Event]) throws(RecordingGateError) {
        try push(input) { events.append($0) }
    }

    @available(*, deprecated, message: "use push(_:emit:)")
    public mutating func process(_ update: ActivityUpdate, into events: inout [RecordingGate.Event]) throws(RecordingGateError) {
        try push(update) { events.append($0) }
    }

    @available(*, deprecated, message: "use push(_:emit:)")
    public mutating func process(_ fix: LocationFix, into events: inout [RecordingGate.Event]) throws(RecordingGateError) {
        try push(fix) { events.append($0) }
    }

    @available(*, deprecated, message: "use advance(to:emit:)")
    public mutating func advance(to time: Double, into events: inout [RecordingGate.Event]) throws(RecordingGateError) {
        try advance(to: time) { events.append($0) }
    }
}

extension Odometer {
    @available(*, deprecated, message: "use push(_:emit:); a fix whose time is NaN now counts as undated")
    @discardableResult
    public mutating func record(_ fix: LocationFix) -> FixOutcome {
        var outcome = FixOutcome.rejected(.invalid)
        push(fix) { outcome = $0.outcome }
        return outcome
    }

    @available(*, deprecated, message: "use push(_:emit:) with the fix's time set to NaN")
    @discardableResult
    public mutating func recordUntimed(_ fix: LocationFix) -> FixOutcome {
        var untimed = fix
        untimed.time = .nan
        return record(untimed)
    }

    @available(*, deprecated, renamed: "push(_:)")
    public mutating func record(_ update: ActivityUpdate) { push(update) }
}

extension MotionEngine {
    @available(*, deprecated, renamed: "ActivitySource", message: "the one ActivitySource of Locomotion")
    public typealias ActivitySource = Locomotion.ActivitySource

    // Disfavoured: a trailing closure would otherwise match both spellings.
    @_disfavoredOverload @available(*, deprecated, message: "use push(_:emit:)")
    public mutating func push(_ sample: AccelerometerSample, into events: inout [MotionEvent]) throws(MotionEngineError) {
        try push(sample) { events.append($0) }
    }

    @_disfavoredOverload @available(*, deprecated, message: "use push(_:emit:)")
    public mutating func push(_ fix: LocationFix, into events: inout [MotionEvent]) throws(MotionEngineError) {
        try push(fix) { events.append($0) }
    }

    @_disfavoredOverload @available(*, deprecated, message: "use push(_:emit:)")
    public mutating func push(_ update: ActivityUpdate, into events: inout [MotionEvent]) throws(MotionEngineError) {
        try push(update) { events.append($0) }
    }

    @available(*, deprecated, message: "use changeTimeZone(to:emit:)")
    public mutating func changeTimeZone(to zone: TimeZone, into events: inout [MotionEvent]) {
        changeTimeZone(to: zone) { events.append($0) }
    }

    @available(*, deprecated, message: "use flush(emit:)")
    public mutating func flush(into events: inout [MotionEvent]) {
        flush { events.append($0) }
    }

    @available(*, deprecated, message: "use advance(to:emit:)")
    public mutating func advance(to time: Double, into events: inout [MotionEvent]) throws(MotionEngineError) {
        try advance(to: time) { events.append($0) }
    }

    @available(*, deprecated, message: "use finish(emit:)")
    public mutating func finish(into events: inout [MotionEvent]) {
        finish { events.append($0) }
    }

    @available(*, deprecated, message: "use process(samples:fixes:emit:)")
    public mutating func process(samples: some Sequence<AccelerometerSample>, fixes: some Sequence<LocationFix>,
                                 into events: inout [MotionEvent]) throws(MotionEngineError) {
        try process(samples: samples, fixes: fixes) { events.append($0) }
    }
}

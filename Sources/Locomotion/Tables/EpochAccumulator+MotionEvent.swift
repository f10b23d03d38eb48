extension EpochAccumulator {
    /// Takes one event of a ``MotionEngine``: activity updates, carry decisions, steps, bouts, gating events and the distance
    /// the odometer added. Coverage comes from ``push(_:)-(AccelerometerSample)`` (the samples pushed into the
    /// engine), so `samplesBegan`, `gap` and `samplesEnded` add nothing here. An event emits nothing by itself.
    /// - Complexity: O(log e) for e unsettled epochs.
    package mutating func push(_ event: MotionEvent) {
        switch event {
        case .activity(let update): add(update)
        case .step(let time): addStep(at: time)
        case .boutEnded(let bout): add(bout)
        case .recording(let gating): add(gating)
        case .distance(let update):
            switch update.outcome {
            case .accepted(let meters), .reanchored(let meters): addDistance(meters, at: update.time)
            case .rejected: break
            }
        case .carry(let update): add(update)
        case .samplesBegan, .gap, .samplesEnded: break
        }
    }
}

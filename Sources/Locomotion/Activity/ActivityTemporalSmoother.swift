/// The temporal model's side of the classifier: turns window decisions into evidence for the
/// `ActivityTemporalDecoder`, keeps the undecided hops, and reports an update whenever a decided hop changes the
/// activity — back-dated to that hop, and explained by the window rule that supports it and the transition that
/// led to it.
///
/// Streaming value; with `Smoothing.lagged` its memory is fixed at creation and a hop allocates nothing.
struct ActivityTemporalSmoother: Sendable, Codable {
    /// One undecided hop: where its evidence starts, the window decision and its features.
    struct Hop: Sendable, Codable {
        var start: Double
        var silent: Bool
        var decision: WindowDecision
        var features: ActivityFeatures
    }

    private let parameters: ActivityClassifier.TemporalParameters
    private let hopDuration: Double
    /// Hops of a gap stepped through without evidence (at most the longest minimum duration + 1: room for any
    /// change of activity to happen unseen).
    private let gapHopLimit: Int
    private let contextMaximumGap: Double
    private var decoder: ActivityTemporalDecoder
    /// The undecided hops, oldest at `head` (a ring).
    private var hops: [Hop]
    private var head = 0
    private var count = 0
    /// The update in force.
    private(set) var reported: ActivityUpdate?
    /// The class of the last decided hop (silent ones included); nil after a restart. A decision that may not
    /// follow it directly (a forced decision contradicted later) is reported `unknown` for one hop.
    private var lastDecided: Int?

    init(configuration c: ActivityClassifier.Configuration, smoothing: ActivityClassifier.Smoothing) {
        parameters = c.temporal
        hopDuration = c.hopDuration
        let durations = ActivityTemporalDecoder.classes.map { activity in
            max(1, Int((c.minimumDuration[activity] / c.hopDuration).rounded()))
        }
        gapHopLimit = (durations.max() ?? 1) + 1
        contextMaximumGap = c.vehicleContextMaximumGap
        let lag: Int? = switch smoothing {
        case .lagged: max(0, Int((c.temporal.lag / c.hopDuration).rounded(.down)))
        case .full: nil
        }
        decoder = ActivityTemporalDecoder(durations: durations, switchCost: c.temporal.switchCost, lag: lag,
                                          silentCapacity: gapHopLimit)
        let placeholder = Hop(start: 0, silent: true, decision: WindowDecision(activity: .unknown, confidence: .low, rule: .gap),
                              features: ActivityFeatures(mean: 0, deviation: 0, dominantFrequency: 0, dominantPower: 0,
                                                         spectralEntropy: 0, lowBandPower: 0, highBandPower: 0,
                                                         periodicity: 0, period: 0, tilt: 0, stepFrequency: 0))
        hops = Array(repeating: placeholder, count: (lag ?? 16) + gapHopLimit + 2)
    }

    /// Where the evidence of the oldest undecided hop starts (s); nil when every hop is decided. No update the
    /// smoother emits later starts before it.
    var oldestUndecidedStart: Double? { count > 0 ? hops[head].start : nil }

    /// The evidence of a window decision for each class, in the decoder's class order.
    func evidence(of decision: WindowDecision) -> SIMD8<Double> {
        var evidence = SIMD8<Double>(repeating: 0)
        let weight = parameters.weight(decision.confidence)
        evidence[ActivityTemporalDecoder.index(of: decision.activity)] = weight
        if decision.activity == .stationary {
            // A quiet window is as likely in a smooth or stopped vehicle whatever its confidence: a phone at the
            // sensor's noise floor (high confidence) says "still" more clearly, not "in a vehicle" more. The same
            // holds for a ride on a bicycle: freewheeling, or waiting at a light with a foot down.
            let share = parameters.quietRideShare * min(weight, parameters.mediumConfidenceWeight)
            evidence[ActivityTemporalDecoder.index(of: .automotive)] = share
            evidence[ActivityTemporalDecoder.index(of: .cycling)] = share
        }
        return evidence
    }

    /// Adds the decision of the window whose evidence starts at `start` (s), and emits the updates that became final.
    mutating func add(_ decision: WindowDecision, features: ActivityFeatures, start: Double,
                      emit: (ActivityUpdate) -> Void) {
        append(Hop(start: start, silent: false, decision: decision, features: features))
        decoder.add(evidence(of: decision))
        while let c = decoder.decideOldest() { decided(c, emit: emit) }
    }

    /// Decides every undecided hop now (the end of the input) and emits the updates this completes.
    mutating func flush(emit: (ActivityUpdate) -> Void) {
        while let c = decoder.decideOldest(force: true) { decided(c, emit: emit) }
    }

    /// Reports `update` (warm-up) from its start, after deciding everything before it.
    mutating func force(_ update: ActivityUpdate, emit: (ActivityUpdate) -> Void) {
        flush(emit: emit)
        report(update, emit: emit)
    }

    /// A gap from `from` to `to` (s): everything before it is decided on the evidence so far, the gap is reported
    /// with `update` (unknown), and the model carries its state across when the gap is at most
    /// `vehicleContextMaximumGap` long — stepping through the gap's hops without evidence, so that a change that
    /// needs a stop (leaving a vehicle) may have happened unseen in a long enough gap — or starts afresh.
    mutating func gap(from: Double, to: Double, update: ActivityUpdate, emit: (ActivityUpdate) -> Void) {
        flush(emit: emit)
        report(update, emit: emit)
        guard to - from <= contextMaximumGap, to >= from else {
            decoder.restart()
            lastDecided = nil
            return
        }
        let unseen = min(gapHopLimit, Int(((to - from) / hopDuration).rounded(.down)))
        for _ in 0..<unseen {
            append(Hop(start: from, silent: true, decision: WindowDecision(activity: .unknown, confidence: .low, rule: .gap),
                       features: hops[head].features))
            decoder.add(SIMD8(repeating: 0), silent: true)
            while let c = decoder.decideOldest() { decided(c, emit: emit) }
        }
    }

    /// Forgets the past (a new stream).
    mutating func restart() {
        decoder.restart()
        head = 0
        count = 0
        reported = nil
        lastDecided = nil
    }

    // MARK: Internals

    private mutating func append(_ hop: Hop) {
        if count == hops.count {
            // Full smoothing only (a lagged decoder never holds more hops than the ring was made for).
            let ordered = (0..<count).map { hops[(head + $0) % hops.count] }
            hops = ordered + ordered
            head = 0
        }
        hops[(head + count) % hops.count] = hop
        count += 1
    }

    /// The oldest undecided hop was decided as class `c`.
    private mutating func decided(_ c: Int, emit: (ActivityUpdate) -> Void) {
        let hop = hops[head]
        head = (head + 1) % hops.count
        count -= 1
        var c = c
        if let last = lastDecided, last != c,
           !ActivityTemporalDecoder.allows(from: ActivityTemporalDecoder.classes[last], to: ActivityTemporalDecoder.classes[c]) {
            // The model's best path changed its mind about hops already decided (walking, then a ride whose stop
            // fell among them): the change it needs happened unseen; say so for this hop rather than skip it.
            c = ActivityTemporalDecoder.index(of: .unknown)
        }
        lastDecided = c
        let activity = ActivityTemporalDecoder.classes[c]
        guard !hop.silent, reported?.activity != activity else { return }
        report(explained(activity, from: hop), emit: emit)
    }

    private mutating func report(_ update: ActivityUpdate, emit: (ActivityUpdate) -> Void) {
        if let reported, reported.activity == update.activity { return }
        var update = update
        if let reported { update.start = max(update.start, reported.start) }
        reported = update
        emit(update)
    }

    /// The update for `activity` from `hop`: explained by the rule of the windows that support it among `hop` and
    /// the undecided hops after it (what the decision could see), with the transition from the activity before.
    private func explained(_ activity: MotionActivity, from hop: Hop) -> ActivityUpdate {
        var support = 0
        var confidences = (low: 0, medium: 0, high: 0)
        var rule = hop.decision.rule
        var features = hop.features
        var newest = hop.start
        func supports(_ candidate: Hop) -> Bool { !candidate.silent && candidate.decision.activity == activity }
        func look(_ candidate: Hop) {
            guard !candidate.silent else { return }
            newest = max(newest, candidate.start)
            guard candidate.decision.activity == activity else { return }
            support += 1
            features = candidate.features
            switch candidate.decision.confidence {
            case .low: confidences.low += 1
            case .medium: confidences.medium += 1
            case .high: confidences.high += 1
            }
        }
        look(hop)
        for offset in 0..<count { look(hops[(head + offset) % hops.count]) }
        // The rule of most supporting windows, the first to appear among equals: counted pairwise over the few
        // undecided hops (no array per update).
        let candidates = count + 1
        func candidate(_ index: Int) -> Hop { index == 0 ? hop : hops[(head + index - 1) % hops.count] }
        var topCount = 0
        for index in 0..<candidates where supports(candidate(index)) {
            let name = candidate(index).decision.rule
            var occurrences = 0
            for other in 0..<candidates where supports(candidate(other)) && candidate(other).decision.rule == name {
                occurrences += 1
            }
            if occurrences > topCount {
                topCount = occurrences
                rule = name
            }
        }
        let confidence: ActivityConfidence
        if support == 0 || 2 * confidences.low > support {
            confidence = .low
        } else if 2 * (confidences.low + confidences.medium) > support {
            confidence = .medium
        } else {
            confidence = .high
        }
        // (Values, not a dictionary and a string: an update allocates nothing; `ActivityExplanation` builds them
        // when they are read.)
        let explanation = ActivityExplanation(
            rule: rule, window: features,
            extras: (.init(.support, Double(support) * hopDuration), .init(.lookahead, newest - hop.start + hopDuration),
                     reported.map { .init(.previous, max(0, hop.start - $0.start)) }),
            change: reported.map { ($0.activity, activity) })
        return ActivityUpdate(start: hop.start, activity: activity, confidence: confidence, explanation: explanation)
    }
}

extension ActivityTemporalSmoother {
    private enum CodingKeys: String, CodingKey {
        case parameters, hopDuration, gapHopLimit, contextMaximumGap, decoder, hops, head, count, reported, lastDecided
    }

    /// - Throws: `DecodingError.dataCorrupted` when the ring's positions do not fit its storage or the decoder
    ///   holds a different number of undecided hops.
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        parameters = try c.decode(ActivityClassifier.TemporalParameters.self, forKey: .parameters)
        hopDuration = try c.decode(Double.self, forKey: .hopDuration)
        gapHopLimit = try c.decode(Int.self, forKey: .gapHopLimit)
        contextMaximumGap = try c.decode(Double.self, forKey: .contextMaximumGap)
        self.decoder = try c.decode(ActivityTemporalDecoder.self, forKey: .decoder)
        hops = try c.decode([Hop].self, forKey: .hops)
        head = try c.decode(Int.self, forKey: .head)
        count = try c.decode(Int.self, forKey: .count)
        reported = try c.decodeIfPresent(ActivityUpdate.self, forKey: .reported)
        lastDecided = try c.decodeIfPresent(Int.self, forKey: .lastDecided)
        guard (lastDecided ?? 0) >= 0, (lastDecided ?? 0) < ActivityTemporalDecoder.classCount, !hops.isEmpty, hops.indices.contains(head), (0...hops.count).contains(count),
              count == self.decoder.pending, hopDuration > 0, gapHopLimit >= 1 else {
            throw DecodingError.dataCorruptedError(forKey: .hops, in: c, debugDescription:
                "\(count) undecided hops from \(head) in a ring of \(hops.count), decoder holding \(self.decoder.pending)")
        }
    }
}

/// Temporal smoothing of window decisions: a new activity is reported only after it persisted for its minimum
/// duration (back-dated to where it began); shorter runs are absorbed by the activity already reported.
struct ActivitySmoother: Sendable, Codable {
    fileprivate struct ConfidenceCounts: Sendable, Codable {
        var low = 0
        var medium = 0
        var high = 0
    }

    fileprivate struct Candidate: Sendable, Codable {
        var activity: MotionActivity
        var start: Double
        var persisted: Double
        var interrupted: Double
        var confidenceCounts: ConfidenceCounts
        var rule: ActivityRule
        var features: ActivityFeatures
    }

    private let minimumDuration: ActivityClassifier.MinimumDurations
    private let hop: Double
    private let tolerance: Double
    private(set) var reported: ActivityUpdate?
    private var candidate: Candidate?

    init(configuration c: ActivityClassifier.Configuration) {
        minimumDuration = c.minimumDuration
        hop = c.hopDuration
        tolerance = c.interruptionTolerance
    }

    /// Where the activity waiting to be reported began (before clamping to the reported start), if one is waiting.
    var pendingStart: Double? { candidate?.start }

    mutating func reset() {
        reported = nil
        candidate = nil
    }

    /// Reports `activity` from `start` immediately (warm-up and gaps), dropping any pending candidate.
    mutating func force(_ update: ActivityUpdate, emit: (ActivityUpdate) -> Void) {
        candidate = nil
        if let reported, reported.activity == update.activity { return }
        var update = update
        if let reported { update.start = max(update.start, reported.start) }
        reported = update
        emit(update)
    }

    /// Adds one window decision whose evidence starts at `start`.
    mutating func add(_ decision: WindowDecision, features: ActivityFeatures, start: Double,
                      emit: (ActivityUpdate) -> Void) {
        if var pending = candidate {
            if pending.activity == decision.activity {
                pending.persisted += hop
                pending.interrupted = 0
                pending.count(decision.confidence)
                pending.rule = decision.rule
                pending.features = features
                candidate = pending
            } else {
                pending.interrupted += hop
                if pending.interrupted > tolerance + 1e-9 {
                    candidate = nil
                } else {
                    candidate = pending
                    return
                }
            }
        }
        if candidate == nil {
            if let reported, reported.activity == decision.activity { return }
            var fresh = Candidate(activity: decision.activity, start: start, persisted: hop, interrupted: 0,
                                  confidenceCounts: ConfidenceCounts(), rule: decision.rule, features: features)
            fresh.count(decision.confidence)
            candidate = fresh
        }
        guard let pending = candidate, pending.persisted + 1e-9 >= minimumDuration[pending.activity] else { return }
        candidate = nil
        var values = pending.features.dictionary
        values["persisted_s"] = pending.persisted
        let start = max(pending.start, reported?.start ?? pending.start)
        let update = ActivityUpdate(start: start, activity: pending.activity, confidence: pending.confidence,
                                    explanation: ActivityExplanation(rule: pending.rule, features: values))
        reported = update
        emit(update)
    }
}

extension ActivitySmoother.Candidate {
    mutating func count(_ confidence: ActivityConfidence) {
        switch confidence {
        case .low: confidenceCounts.low += 1
        case .medium: confidenceCounts.medium += 1
        case .high: confidenceCounts.high += 1
        }
    }

    /// The median confidence of the windows that made up the candidate.
    var confidence: ActivityConfidence {
        let total = confidenceCounts.low + confidenceCounts.medium + confidenceCounts.high
        if 2 * confidenceCounts.low > total { return .low }
        if 2 * (confidenceCounts.low + confidenceCounts.medium) > total { return .medium }
        return .high
    }
}

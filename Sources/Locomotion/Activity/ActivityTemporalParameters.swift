extension ActivityClassifier {
    /// The few parameters of the temporal model (`Model.temporal`), besides the per-activity minimum durations
    /// (`Configuration.minimumDuration`, which the model enforces as dwell times) and the ride context across gaps
    /// (`Configuration.vehicleContextMaximumGap`).
    ///
    /// The model scores a segmentation of the input: each window adds the weight of its decision's confidence to
    /// the activity it decided (a still window also adds `quietRideShare` of it to automotive: vehicles stop and
    /// cruise smoothly), and each change of activity costs `switchCost`. The reported activities are the
    /// segmentation with the best score that respects the minimum durations and the allowed transitions. Units:
    /// the weight of one medium-confidence window (1).
    @_spi(Tuning) public struct TemporalParameters: Sendable, Hashable, Codable {
        /// Seconds of later windows after which a streaming decision is final (`Smoothing.lagged`); usually it is
        /// final sooner, as soon as no later evidence can change it. Undecided hops older than this are decided by
        /// the best path so far. A change is certain on its evidence alone once that evidence has paid for leaving
        /// the old activity and for not coming back (2 × `switchCost`: 24 s of medium-confidence windows); the lag
        /// stays below that so that a phone hears of a walk within the 30 s a collector allows for its onset, and
        /// above the 15 s of the gate's entry dwell. Measured for 10–40 s in `Docs/accuracy.md` (streaming scores
        /// and the gate end to end): shorter lags decide more hops on partial evidence, longer ones answer late.
        @_spi(Tuning) public var lag: Double = 20
        /// Cost of one change of activity, in windows of medium-confidence evidence: a stretch of contrary
        /// evidence replaces the activity in progress only when it outweighs two changes (out and back) — 12: 24 s
        /// of medium-confidence windows, 16 s of high-confidence ones (a clear walk), 48 s of low-confidence ones.
        /// Chosen among {8, 5, 12} on the development people (`Scripts/activity/louo.py`).
        @_spi(Tuning) public var switchCost: Double = 12
        /// Weight of a low-confidence window decision (weak gait, energy at low input rates, faint vibration):
        /// such decisions are right about two times in three on the development people.
        @_spi(Tuning) public var lowConfidenceWeight: Double = 0.5
        /// Weight of a medium-confidence window decision (the unit).
        @_spi(Tuning) public var mediumConfidenceWeight: Double = 1
        /// Weight of a high-confidence window decision (clear rhythm, speed, sensor-noise stillness).
        @_spi(Tuning) public var highConfidenceWeight: Double = 1.5
        /// Share of a still window's weight that also counts for automotive: a vehicle at a light, in a queue or
        /// on a smooth track looks still, so a still stretch inside a ride costs the ride little — it stays inside
        /// the ride while shorter than 2 × `switchCost` / (1 − share) (64 s with the defaults: a red light, a bus
        /// stop) — while a ride still needs vibration evidence to begin (0: still windows never support a ride; 1:
        /// as much as a stop). Chosen among {0.5, 0.625} on the development people (`Scripts/activity/louo.py`).
        @_spi(Tuning) public var quietRideShare: Double = 0.625

        /// The default parameters.
        public init() {}

        /// The weight of a window decision of `confidence`.
        func weight(_ confidence: ActivityConfidence) -> Double {
            switch confidence {
            case .low: lowConfidenceWeight
            case .medium: mediumConfidenceWeight
            case .high: highConfidenceWeight
            }
        }
    }
}

extension ActivityClassifier.TemporalParameters {
    private enum CodingKeys: String, CodingKey {
        case lag, switchCost, lowConfidenceWeight, mediumConfidenceWeight, highConfidenceWeight, quietRideShare
    }

    /// Decodes parameters in which every key is optional (missing ones keep their defaults).
    public init(from decoder: any Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lag = try c.decodeIfPresent(Double.self, forKey: .lag) ?? lag
        switchCost = try c.decodeIfPresent(Double.self, forKey: .switchCost) ?? switchCost
        lowConfidenceWeight = try c.decodeIfPresent(Double.self, forKey: .lowConfidenceWeight) ?? lowConfidenceWeight
        mediumConfidenceWeight = try c.decodeIfPresent(Double.self, forKey: .mediumConfidenceWeight) ?? mediumConfidenceWeight
        highConfidenceWeight = try c.decodeIfPresent(Double.self, forKey: .highConfidenceWeight) ?? highConfidenceWeight
        quietRideShare = try c.decodeIfPresent(Double.self, forKey: .quietRideShare) ?? quietRideShare
    }
}

extension ActivityClassifier.Configuration: ParameterizedConfiguration, ParameterRelations {
    /// Every threshold with the range it may take: physical limits of people, phones and vehicles, wide enough
    /// for any plausible tuning, narrow enough that no combination makes the classifier trap or allocate
    /// without bound (a window holds at most 200 Hz × 30 s = 6 000 samples). Listed in `Docs/activity.md`.
    public static let parameters: [Parameter<Self>] = [
        // Signal: the internal grid and the windows on it.
        .init("sampleRate", \.sampleRate, in: 5...200, unit: "Hz"),
        .init("windowDuration", \.windowDuration, in: 1...30, unit: "s"),
        .init("hopDuration", \.hopDuration, in: 0.1...30, unit: "s"),
        .init("maximumGap", \.maximumGap, in: 0.01...3600, unit: "s"),
        .init("sparseInputMaximumGap", \.sparseInputMaximumGap, in: 0.01...3600, unit: "s"),
        .init("minimumInputRate", \.minimumInputRate, in: 0...1000, unit: "samples/s"),
        .init("rhythmMinimumInputRate", \.rhythmMinimumInputRate, in: 0...1000, unit: "samples/s"),
        // Deviations of |a|: phones saturate at 8–16 g.
        .init("stationaryMaximumDeviation", \.stationaryMaximumDeviation, in: 0...16, unit: "g"),
        .init("lowRateStationaryMaximumDeviation", \.lowRateStationaryMaximumDeviation, in: 0...16, unit: "g"),
        .init("gaitMinimumDeviation", \.gaitMinimumDeviation, in: 0...16, unit: "g"),
        .init("runningMinimumDeviation", \.runningMinimumDeviation, in: 0...16, unit: "g"),
        .init("weakGaitMinimumDeviation", \.weakGaitMinimumDeviation, in: 0...16, unit: "g"),
        .init("lowRateGaitMinimumDeviation", \.lowRateGaitMinimumDeviation, in: 0...16, unit: "g"),
        // Direction spread of the input samples: an angle, and an angle per g of |a| deviation.
        .init("gaitMinimumWobble", \.gaitMinimumWobble, in: 0...180, unit: "°"),
        .init("handlingMinimumRotation", \.handlingMinimumRotation, in: 0...1_000_000, unit: "°/g"),
        .init("vehicleMaximumDeviation", \.vehicleMaximumDeviation, in: 0...16, unit: "g"),
        // Normalised autocorrelation peaks.
        .init("gaitMinimumPeriodicity", \.gaitMinimumPeriodicity, in: 0...1),
        .init("vehicleExitMinimumPeriodicity", \.vehicleExitMinimumPeriodicity, in: 0...1),
        .init("vehicleContextMaximumGap", \.vehicleContextMaximumGap, in: 0...86_400, unit: "s"),
        // Step frequencies: people step at 0.5–4 Hz; 10 Hz is beyond any gait.
        .init("gaitCadence", \.gaitCadence, within: 0.1...10, unit: "Hz"),
        .init("strideToStepBoundary", \.strideToStepBoundary, in: 0...10, unit: "Hz"),
        .init("runningMinimumCadence", \.runningMinimumCadence, in: 0...10, unit: "Hz"),
        .init("handlingMinimumTilt", \.handlingMinimumTilt, in: 0...180, unit: "°"),
        // Pedalling: a crank period, an autocorrelation peak, a deviation of |a|, an angle, a skewness.
        .init("pedallingPeriod", \.pedallingPeriod, within: 0.05...10, unit: "s"),
        .init("pedallingMinimumPeriodicity", \.pedallingMinimumPeriodicity, in: 0...1),
        .init("pedallingMinimumDeviation", \.pedallingMinimumDeviation, in: 0...16, unit: "g"),
        .init("pedallingMinimumWobble", \.pedallingMinimumWobble, in: 0...180, unit: "°"),
        .init("pedallingMaximumSkewness", \.pedallingMaximumSkewness, in: -100...100),
        // Location fixes.
        .init("speedMaximumAge", \.speedMaximumAge, in: 0...3600, unit: "s"),
        .init("vehicleMinimumSpeed", \.vehicleMinimumSpeed, in: 0...350, unit: "m/s"),
        .init("cyclingMinimumSpeed", \.cyclingMinimumSpeed, in: 0...350, unit: "m/s"),
        .init("cyclingMaximumSpeed", \.cyclingMaximumSpeed, in: 0...350, unit: "m/s"),
        .init("speedMaximumAccuracy", \.speedMaximumAccuracy, in: 0...100_000, unit: "m"),
        // Smoothing.
        .init("minimumDuration.stationary", \.minimumDuration.stationary, in: 0...3600, unit: "s"),
        .init("minimumDuration.walking", \.minimumDuration.walking, in: 0...3600, unit: "s"),
        .init("minimumDuration.running", \.minimumDuration.running, in: 0...3600, unit: "s"),
        .init("minimumDuration.cycling", \.minimumDuration.cycling, in: 0...3600, unit: "s"),
        .init("minimumDuration.automotive", \.minimumDuration.automotive, in: 0...3600, unit: "s"),
        .init("minimumDuration.unknown", \.minimumDuration.unknown, in: 0...3600, unit: "s"),
        .init("interruptionTolerance", \.interruptionTolerance, in: 0...3600, unit: "s"),
        // The temporal model. The lag bounds the decoder's memory (lag / hop hops of history per state).
        .init("model", \.model),
        .init("temporal.lag", \.temporal.lag, in: 0...600, unit: "s"),
        .init("temporal.switchCost", \.temporal.switchCost, in: 0...1000),
        .init("temporal.lowConfidenceWeight", \.temporal.lowConfidenceWeight, in: 0...100),
        .init("temporal.mediumConfidenceWeight", \.temporal.mediumConfidenceWeight, in: 0...100),
        .init("temporal.highConfidenceWeight", \.temporal.highConfidenceWeight, in: 0...100),
        .init("temporal.quietRideShare", \.temporal.quietRideShare, in: 0...1),
    ]

    /// A window must hold at least 8 samples of the internal grid (the features need them).
    package func relationProblems() -> [ParameterError] {
        guard windowDuration * sampleRate >= 8 else {
            return [ParameterError(parameter: "windowDuration, sampleRate",
                                   problem: "a window (windowDuration × sampleRate = \(windowDuration * sampleRate) samples) must hold at least 8 samples")]
        }
        return []
    }
}

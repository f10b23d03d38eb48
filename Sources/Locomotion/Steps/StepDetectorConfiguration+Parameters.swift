extension StepDetector.Configuration: ParameterizedConfiguration, ParameterRelations {
    /// Every parameter with the range it may take: from the physics of gait (steps at 0.5–4 Hz) and of phone
    /// sensors (≤ 200 Hz delivered, ≤ 16 g), wide enough for any tuning, narrow enough that no value makes
    /// the detector trap or run away (the periodicity window holds at most 200 Hz × 20 s = 4 000 samples).
    /// Listed in `Docs/steps.md`.
    public static let parameters: [Parameter<Self>] = [
        .init("internalRate", \.internalRate, in: 10...200, unit: "Hz"),
        .init("antiAliasingTimeConstant", \.antiAliasingTimeConstant, in: 0...10, unit: "s"),
        .init("maximumGap", \.maximumGap, in: 0.001...60, unit: "s"),
        .init("minimumSamplingRate", \.minimumSamplingRate, in: 0...200, unit: "Hz"),
        .init("bandLow", \.bandLow, in: 0.05...20, unit: "Hz"),
        .init("bandHigh", \.bandHigh, in: 0.1...50, unit: "Hz"),
        .init("bandOrder", \.bandOrder, in: 1...8),
        .init("levelTimeConstant", \.levelTimeConstant, in: 0.01...600, unit: "s"),
        .init("thresholdFraction", \.thresholdFraction, in: 0...10),
        .init("minimumAmplitude", \.minimumAmplitude, in: 0...16, unit: "g"),
        .init("minimumStepInterval", \.minimumStepInterval, in: 0.05...10, unit: "s"),
        .init("maximumStepInterval", \.maximumStepInterval, in: 0.05...60, unit: "s"),
        .init("boutStepCount", \.boutStepCount, in: 1...1000),
        .init("strideRegularity", \.strideRegularity, in: 1...100),
        .init("maximumPendingSteps", \.maximumPendingSteps, in: 1...10_000),
        .init("periodicityWindow", \.periodicityWindow, in: 0.5...20, unit: "s"),
        .init("periodicityHop", \.periodicityHop, in: 0.05...20, unit: "s"),
        .init("periodicityLags", \.periodicityLags, within: 0.02...10, unit: "s"),
        .init("periodicityThreshold", \.periodicityThreshold, in: 0...1),
        .init("periodicityContinuation", \.periodicityContinuation, in: 0...1),
        .init("shortestPeriodicityWindow", \.shortestPeriodicityWindow, in: 0.1...20, unit: "s"),
        .init("standingQuietness", \.standingQuietness, in: 0...100),
        .init("firstStepIntervalRatio", \.firstStepIntervalRatio, in: 0...1),
        .init("maximumFilledSteps", \.maximumFilledSteps, in: 0...8),
        .init("fillTolerance", \.fillTolerance, in: 0...0.5),
        .init("fillEvidence", \.fillEvidence, in: 0...1),
        .init("countsClosingStep", \.countsClosingStep),
        .init("strongBoutSteps", \.strongBoutSteps, in: 1...1000),
        .init("cadenceWindow", \.cadenceWindow, in: 0.5...3600, unit: "s"),
    ]

    /// The constraints between parameters that each range cannot say.
    package func relationProblems() -> [ParameterError] {
        var problems: [ParameterError] = []
        func require(_ condition: Bool, _ names: String, _ problem: String) {
            if !condition { problems.append(ParameterError(parameter: names, problem: problem)) }
        }
        require(bandLow < bandHigh, "bandLow, bandHigh", "bandLow must be below bandHigh")
        require(internalRate > 2 * bandHigh, "internalRate, bandHigh",
                "internalRate must exceed twice bandHigh (the band must lie below the grid's Nyquist frequency)")
        require(maximumStepInterval > minimumStepInterval, "minimumStepInterval, maximumStepInterval",
                "maximumStepInterval must exceed minimumStepInterval")
        require(maximumPendingSteps >= boutStepCount, "boutStepCount, maximumPendingSteps",
                "maximumPendingSteps must be at least boutStepCount")
        require(periodicityWindow > periodicityLags.upperBound, "periodicityWindow, periodicityLags",
                "periodicityWindow must exceed the longest lag")
        return problems
    }
}

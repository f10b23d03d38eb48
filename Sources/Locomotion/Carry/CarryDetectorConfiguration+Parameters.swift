extension CarryDetector.Configuration: ParameterizedConfiguration, ParameterRelations {
    /// Every threshold with its physical range: windows of 5 s to 2 minutes, movements and noise up to 0.1 g
    /// (far above any still phone's), durations up to a day.
    public static let parameters: [Parameter<Self>] = [
        .init("windowLength", \.windowLength, in: 5...120, unit: "s"),
        .init("maximumExcessDeviation", \.maximumExcessDeviation, in: 0...0.1, unit: "g"),
        .init("minimumStillDuration", \.minimumStillDuration, in: 6...86_400, unit: "s"),
        .init("maximumSensorNoise", \.maximumSensorNoise, in: 0...0.1, unit: "g"),
        .init("maximumGap", \.maximumGap, in: 1...86_400, unit: "s"),
        .init("resumeTolerance", \.resumeTolerance, in: 0...1, unit: "g"),
    ]

    /// A still stretch must be at least one window (and one second) long.
    package func relationProblems() -> [ParameterError] {
        guard minimumStillDuration < Double(windowLength + 1) else { return [] }
        return [ParameterError(parameter: "minimumStillDuration, windowLength",
                               problem: "minimumStillDuration must be at least windowLength + 1 s")]
    }
}

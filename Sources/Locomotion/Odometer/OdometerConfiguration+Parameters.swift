extension Odometer.Configuration: ParameterizedConfiguration, ParameterRelations {
    /// Every filter setting with the range it may take (see `Docs/odometer.md`); ∞ switches a filter off. The
    /// moving activities (a set) are chosen by policy name.
    public static let parameters: [Parameter<Self>] = [
        .init("rule", \.rule),
        .init("jumpLimit", \.jumpLimit, in: 0...Double.infinity, unit: "m"),
        .init("maximumHorizontalAccuracy", \.maximumHorizontalAccuracy, in: 0...Double.infinity, unit: "m"),
        .init("trustsFixesWithoutAccuracy", \.trustsFixesWithoutAccuracy),
        .init("consistentFixesToReanchor", \.consistentFixesToReanchor, in: 2...1000),
        .init("dayStart", \.dayStart, in: 0...86_399, unit: "s"),
        .init("onFootMaximumSpeed", \.onFootMaximumSpeed, in: 1...100, unit: "m/s"),
        .init("cyclingMaximumSpeed", \.cyclingMaximumSpeed, in: 1...100, unit: "m/s"),
        .init("vehicleMaximumSpeed", \.vehicleMaximumSpeed, in: 1...1000, unit: "m/s"),
        .init("maximumStepInterval", \.maximumStepInterval, in: 1...86_400, unit: "s"),
        .init("assumedAccuracy", \.assumedAccuracy, in: 0...1000, unit: "m"),
        .init("stillSpeed", \.stillSpeed, in: 0...5, unit: "m/s"),
        .init("maximumAcceleration", \.maximumAcceleration, in: 0.1...1000, unit: "m/s²"),
        .init("coarseFixStepRatio", \.coarseFixStepRatio, in: 1...Double.infinity),
        .init("usesReportedSpeed", \.usesReportedSpeed),
    ]

    /// The class speeds must not decrease from on foot to cycling to vehicle (a faster class never has a lower
    /// limit), and a still phone must be slower than anyone moving on foot.
    package func relationProblems() -> [ParameterError] {
        var problems: [ParameterError] = []
        func require(_ condition: Bool, _ names: String, _ problem: String) {
            if !condition { problems.append(ParameterError(parameter: names, problem: problem)) }
        }
        require(onFootMaximumSpeed <= cyclingMaximumSpeed, "onFootMaximumSpeed, cyclingMaximumSpeed",
                "onFootMaximumSpeed must not exceed cyclingMaximumSpeed")
        require(cyclingMaximumSpeed <= vehicleMaximumSpeed, "cyclingMaximumSpeed, vehicleMaximumSpeed",
                "cyclingMaximumSpeed must not exceed vehicleMaximumSpeed")
        require(stillSpeed < onFootMaximumSpeed, "stillSpeed, onFootMaximumSpeed",
                "stillSpeed must be below onFootMaximumSpeed")
        return problems
    }
}

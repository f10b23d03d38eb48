extension RecordingGate.Configuration: ParameterizedConfiguration {
    /// Every constant with the range it may take (durations up to a day, distances up to 100 km; see
    /// `Docs/gating.md`). The policy (a set of activities) is not a number and is chosen by name.
    public static let parameters: [Parameter<Self>] = [
        .init("entryDwell", \.entryDwell, in: 0...86_400, unit: "s"),
        .init("immediateEntryConfidence", kind: .choice(ActivityConfidence.allCases.map(\.rawValue) + ["none"]),
              read: { .text($0.immediateEntryConfidence?.rawValue ?? "none") },
              write: { configuration, value in
                  if case .text(let name) = value { configuration.immediateEntryConfidence = ActivityConfidence(rawValue: name) }
              }),
        .init("stopTimeout", \.stopTimeout, in: 0...86_400, unit: "s"),
        .init("switchTimeout", \.switchTimeout, in: 0...86_400, unit: "s"),
        .init("minimumDisplacement", \.minimumDisplacement, in: 0...100_000, unit: "m"),
        .init("wakesOnDeparture", \.wakesOnDeparture),
        .init("stationaryRadius", \.stationaryRadius, in: 0...100_000, unit: "m"),
        .init("fixFreshness", \.fixFreshness, in: 0...86_400, unit: "s"),
        .init("confinedEntryDwell", \.confinedEntryDwell, in: 0...86_400, unit: "s"),
        .init("gapLimit", \.gapLimit, in: 1...86_400, unit: "s"),
        .init("highAccuracyProfile.locationAccuracy", \.highAccuracyProfile.locationAccuracy, in: 0...100_000, unit: "m"),
        .init("highAccuracyProfile.distanceFilter", \.highAccuracyProfile.distanceFilter,
              in: 0...RecordingProfile.maximalDistanceFilter, unit: "m"),
        .init("highAccuracyProfile.accelerometerRate", \.highAccuracyProfile.accelerometerRate, in: 0...1000, unit: "Hz"),
        .init("lowPowerProfile.locationAccuracy", \.lowPowerProfile.locationAccuracy, in: 0...100_000, unit: "m"),
        .init("lowPowerProfile.distanceFilter", \.lowPowerProfile.distanceFilter,
              in: 0...RecordingProfile.maximalDistanceFilter, unit: "m"),
        .init("lowPowerProfile.accelerometerRate", \.lowPowerProfile.accelerometerRate, in: 0...1000, unit: "Hz"),
    ]
}

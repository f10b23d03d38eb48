extension Odometer.Configuration: ParameterizedConfiguration {
    /// Every filter setting with the range it may take (see `Docs/odometer.md`); ∞ switches a filter off. The
    /// moving activities (a set) are chosen by policy name.
    public static let parameters: [Parameter<Self>] = [
        .init("jumpLimit", \.jumpLimit, in: 0...Double.infinity, unit: "m"),
        .init("maximumHorizontalAccuracy", \.maximumHorizontalAccuracy, in: 0...Double.infinity, unit: "m"),
        .init("trustsFixesWithoutAccuracy", \.trustsFixesWithoutAccuracy),
        .init("consistentFixesToReanchor", \.consistentFixesToReanchor, in: 2...1000),
        .init("dayStart", \.dayStart, in: 0...86_399, unit: "s"),
    ]
}

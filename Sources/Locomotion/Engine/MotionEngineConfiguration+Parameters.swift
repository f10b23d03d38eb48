extension MotionEngine.Configuration: ParameterizedConfiguration, ParameterRelations {
    /// The engine's own two settings, then those of the configurations it holds, under their names:
    /// `classifier.…` (when the activity source is the classifier), `steps.…`, `gate.…`, `odometer.…`, `carry.…`.
    public static let parameters: [Parameter<Self>] = [
        .init("maximumSkew", \.maximumSkew, in: 0...3600, unit: "s"),
        .init("gapLimit", \.gapLimit, in: 0.01...3600, unit: "s"),
    ]
        + ActivityClassifier.Configuration.parameters.map {
            $0.nested(as: "classifier", read: { configuration in
                if case .classifier(let classifier) = configuration.activitySource { return classifier }
                return ActivityClassifier.Configuration()
            }, write: { configuration, classifier in
                if case .classifier = configuration.activitySource { configuration.activitySource = .classifier(classifier) }
            })
        }
        + StepDetector.Configuration.parameters.map { $0.nested(in: \.steps, as: "steps") }
        + RecordingGate.Configuration.parameters.map { $0.nested(in: \.gate, as: "gate") }
        + Odometer.Configuration.parameters.map { $0.nested(in: \.odometer, as: "odometer") }
        + CarryDetector.Configuration.parameters.map { $0.nested(in: \.carry, as: "carry") }

    /// The relations within each configuration it holds.
    package func relationProblems() -> [ParameterError] {
        func prefixed(_ problems: [ParameterError], _ prefix: String) -> [ParameterError] {
            problems.map { problem in
                var problem = problem
                problem.parameter = problem.parameter.split(separator: ", ").map { "\(prefix).\($0)" }.joined(separator: ", ")
                return problem
            }
        }
        var problems: [ParameterError] = []
        if case .classifier(let classifier) = activitySource { problems += prefixed(classifier.relationProblems(), "classifier") }
        return problems + prefixed(steps.relationProblems(), "steps") + prefixed(gate.relationProblems(), "gate")
            + prefixed(odometer.relationProblems(), "odometer") + prefixed(carry.relationProblems(), "carry")
    }
}

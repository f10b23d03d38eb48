import ArgumentParser
@_spi(Tuning) import Locomotion
import LocomotionIO

extension ActivityClassifier.Model: ExpressibleByArgument {}

/// `--config` and `--model`: the classifier's thresholds from a JSON file, and the model that smooths them.
struct ClassifierOptions: ParsableArguments {
    @Option(help: ArgumentHelp("JSON file with ActivityClassifier thresholds (any subset; see Docs/activity.md).",
                               valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp(
        "temporal (default): the temporal model over the window rules; rules: the rule table with persistence smoothing only, for comparison. Overrides `model` in --config.",
        valueName: "model"))
    var model: ActivityClassifier.Model?

    /// The default configuration with the file's values set, each checked against its parameter's range
    /// (``ConfigurationFile``: errors name the line, the column and the key), and `--model`.
    func load() throws -> ActivityClassifier.Configuration {
        var configuration = try loadFile()
        if let model { configuration.model = model }
        return configuration
    }

    private func loadFile() throws -> ActivityClassifier.Configuration {
        guard let config else { return .init() }
        return try ConfigurationFile.read(path: config, over: ActivityClassifier.Configuration())
    }
}

/// `--smoothing` of the commands that label a recorded trace (`label`, `evaluate`, `epochs`, `daily`; `replay` is always lagged, like
/// the phone it replays).
struct SmoothingOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "full (default): every decision on all the evidence that can change it (a recorded trace); lagged: what a phone streaming the trace reports, each decision final after at most the temporal model's lag (temporal.lag, 20 s by default).",
        valueName: "smoothing"))
    var smoothing: SmoothingName = .full

    enum SmoothingName: String, ExpressibleByArgument, CaseIterable, Sendable {
        case full, lagged
        var smoothing: ActivityClassifier.Smoothing { self == .full ? .full : .lagged }
    }
}

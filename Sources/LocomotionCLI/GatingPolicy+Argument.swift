import ArgumentParser
import Locomotion

/// `--policy NAME`: one of the built-in policies, by the name `GatingPolicy.named(_:)` knows.
extension GatingPolicy: ExpressibleByArgument {
    public init?(argument: String) {
        guard let policy = GatingPolicy.named(argument) else { return nil }
        self = policy
    }

    public static var allValueStrings: [String] { builtIn.map(\.name) }

    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    public var defaultValueDescription: String { name }
}

import LocomotionIO
import ArgumentParser
import Locomotion

/// `--policy NAME`: one of the built-in policies, by the name `RecordingGate.Policy.named(_:)` knows.
extension RecordingGate.Policy: ExpressibleByArgument {
    public init?(argument: String) {
        guard let policy = RecordingGate.Policy.named(argument) else { return nil }
        self = policy
    }

    public static var allValueStrings: [String] { builtIn.map(\.name) }

    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    public var defaultValueDescription: String { name }
}

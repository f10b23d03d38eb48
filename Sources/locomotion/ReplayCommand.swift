import ArgumentParser

struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a trace through classifier and gate; write recording-mode segments."
    )

    func run() async throws {
        throw CommandFailure.badUsage("'replay' is not available yet in this build.")
    }
}

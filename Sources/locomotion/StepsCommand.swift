import ArgumentParser

struct StepsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steps",
        abstract: "Count steps in a trace and report cadence."
    )

    func run() async throws {
        throw CommandFailure.badUsage("'steps' is not available yet in this build.")
    }
}

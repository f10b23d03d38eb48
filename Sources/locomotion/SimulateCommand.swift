import ArgumentParser

struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Write a synthetic trace from a documented model (never for accuracy claims)."
    )

    func run() async throws {
        throw CommandFailure.badUsage("'simulate' is not available yet in this build.")
    }
}

import ArgumentParser

struct EvaluateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Score activity labels against the label column of traces."
    )

    func run() async throws {
        throw CommandFailure.badUsage("'evaluate' is not available yet in this build.")
    }
}
